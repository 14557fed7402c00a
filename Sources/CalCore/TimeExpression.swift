/// A time of day as people write it: `9`, `09`, `9:30`, `21:30`, `9am`, `9:30pm`, `noon`, `midnight`.
public enum TimeExpression {
  /// The forms of a time, for messages and help.
  public static let forms = "9, 09, 9:30, 21:30, 9am, 9:30pm, noon or midnight"

  /// The time `text` names. A number alone is an hour on the 24-hour clock; with `am` or `pm` (in any case,
  /// after a space or not) the hour is 1 to 12, and 12am is midnight.
  public static func time(_ text: String) throws(TimeError) -> TimeOfDay {
    let compact = String(text.lowercased().filter { !$0.isWhitespace })
    switch compact {
    case "noon": return TimeOfDay(minutes: 720)!
    case "midnight": return TimeOfDay(minutes: 0)!
    default: break
    }
    var clock = Substring(compact)
    var half: Int?
    if clock.hasSuffix("am") || clock.hasSuffix("pm") {
      half = clock.hasSuffix("pm") ? 12 : 0
      clock = clock.dropLast(2)
    }
    let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let hour = parseDigits(parts[0], minimumCount: 1, maximumCount: 2) else {
      throw .malformedTime(text)
    }
    var minute = 0
    if parts.count == 2 {
      guard let value = parseDigits(parts[1], minimumCount: 2, maximumCount: 2) else { throw .malformedTime(text) }
      minute = value
    }
    if let half {
      guard (1...12).contains(hour) else { throw .twelveHourOutOfRange(text) }
      guard minute < 60 else { throw .minuteOutOfRange(text) }
      return TimeOfDay(minutes: (hour % 12 + half) * 60 + minute)!
    }
    guard hour < 24 else { throw .hourOutOfRange(text) }
    guard minute < 60 else { throw .minuteOutOfRange(text) }
    return TimeOfDay(minutes: hour * 60 + minute)!
  }
}

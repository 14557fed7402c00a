/// A wall-clock time of day, to the minute: `14:30`.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Minutes after midnight, 0...1439.
  public let minutes: Int

  /// A time from minutes after midnight.
  public init?(minutes: Int) {
    guard (0..<1440).contains(minutes) else { return nil }
    self.minutes = minutes
  }

  /// Parses `HH:MM` (or `H:MM`).
  public init(parsing text: String) throws(TimeError) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let hour = parseDigits(parts[0], minimumCount: 1, maximumCount: 2),
      let minute = parseDigits(parts[1], minimumCount: 2, maximumCount: 2)
    else { throw .malformedTime(text) }
    guard hour < 24 else { throw .hourOutOfRange(text) }
    guard minute < 60 else { throw .minuteOutOfRange(text) }
    minutes = hour * 60 + minute
  }

  /// `HH:MM`.
  public var description: String { description(on: .twentyFourHour) }

  /// Earlier times sort first.
  public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minutes < rhs.minutes }
}

/// How long a timed event lasts: `45m`, `1h30m`, `2h`, `1d`.
public enum EventLength {
  /// The longest an event can last: the calendar's whole span, from 1 January 1 to 31 December 9999.
  public static let maximumMinutes = Gregorian.dayCount * 1440

  /// Minutes in `text`, in any of the forms `LengthExpression` reads: `45m`, `1h30m`, `1.5h`, `90`, `2d`.
  public static func minutes(parsing text: String) throws(TimeError) -> Int {
    try LengthExpression.minutes(text)
  }

  /// A length of `minutes`, `days` of them whole days (given with the unit d), as a schedule keeps it: the
  /// days counted on the clock, the rest (`nil` when none) exactly. `2d` is two days, `1d2h` a day and 120
  /// minutes, `48h` 2,880 minutes.
  public static func parts(minutes: Int, days: Int) -> (days: Int, minutes: Int?) {
    let days = min(max(days, 0), minutes / 1440)
    let rest = minutes - days * 1440
    return (days, rest > 0 ? rest : nil)
  }

  /// A schedule's length (`parts(minutes:days:)`) as `--for` reads it back into the same parts: its days on
  /// the clock with the unit d, its exact minutes in hours and minutes: `2d`, `1d2h`, and `48h`, which `2d` is
  /// not across a change of the clocks.
  public static func description(days: Int, minutes: Int?) -> String {
    let (hours, rest) = (minutes ?? 0).quotientAndRemainder(dividingBy: 60)
    let text = (days > 0 ? "\(days)d" : "") + (hours > 0 ? "\(hours)h" : "") + (rest > 0 ? "\(rest)m" : "")
    return text.isEmpty ? "0m" : text
  }

  /// `1h30m`, `45m`, `2d`.
  public static func description(minutes: Int) -> String {
    let (days, rest) = minutes.quotientAndRemainder(dividingBy: 1440)
    let (hours, mins) = rest.quotientAndRemainder(dividingBy: 60)
    let text = (days > 0 ? "\(days)d" : "") + (hours > 0 ? "\(hours)h" : "") + (mins > 0 ? "\(mins)m" : "")
    return text.isEmpty ? "0m" : text
  }
}

/// A time or a length that cannot be used.
public enum TimeError: Error, Equatable, Sendable, CustomStringConvertible {
  case malformedTime(String)
  case hourOutOfRange(String)
  case minuteOutOfRange(String)
  case malformedLength(String)
  case negativeLength(String)
  case lengthTooLong(String)
  case twelveHourOutOfRange(String)
  case notWholeMinutes(String)
  case bareHour(String)
  case endNotAfterStart(String)

  /// One line for the user.
  public var description: String {
    switch self {
    case .malformedTime(let text): return "'\(text)' is not a time: write \(TimeExpression.forms)"
    case .hourOutOfRange(let text): return "'\(text)' is not a time: hours are 00 to 23"
    case .minuteOutOfRange(let text): return "'\(text)' is not a time: minutes are 00 to 59"
    case .malformedLength(let text):
      return "'\(text)' is not a length: write \(LengthExpression.forms)"
    case .negativeLength(let text): return "'\(text)' is not a length: it must be longer than zero"
    case .lengthTooLong(let text):
      return "'\(text)' is not a length: a number in it is more than \(LengthExpression.largestNumber)"
    case .twelveHourOutOfRange(let text): return "'\(text)' is not a time: with am or pm, hours are 1 to 12"
    case .notWholeMinutes(let text): return "'\(text)' is not a length: it must come to whole minutes"
    case .bareHour(let text):
      return
        "'\(text)' after the date could be a time or the first word of the title: for a time write it with minutes "
        + "or am/pm (9:00, 9h00, 9am, 9:00-10:30) or give --at; for a title that starts with a number, quote the title"
    case .endNotAfterStart(let text): return "'\(text)' is not a time span: it must end after it starts"
    }
  }
}

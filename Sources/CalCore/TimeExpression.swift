/// A time of day as people write it: `9`, `09`, `9:30`, `9.30`, `9h30`, `9h`, `21:30`, `2130`, `9am`,
/// `9:30pm`, `noon`, `midnight`.
public enum TimeExpression {
  /// The forms of a time, for messages and help.
  public static let forms = "9, 09, 9:30, 9.30, 9h30, 9h, 21:30, 2130, 9am, 9:30pm, noon or midnight"

  /// The time `text` names. A number alone is an hour on the 24-hour clock, four digits its hour and
  /// minutes (`0930`, `2130`); with `am` or `pm` (in any case, after a space or not) the hour is 1 to 12,
  /// and 12am is midnight. A dot parts the hour from its minutes as a colon does (`9.30`), as much of Europe
  /// writes it; a date is never read here, so `18.05` is 18:05. So does an h (`9h30`, `21h05`, `9H30`), as
  /// French writes it, where the minutes may be left out (`9h` is 09:00); it takes no am or pm.
  public static func time(_ text: String) throws(TimeError) -> TimeOfDay {
    let compact = String(text.lowercased().filter { !$0.isWhitespace })
    if compact.utf8.count == 4, let number = parseDigits(Substring(compact), minimumCount: 4, maximumCount: 4) {
      if let time = fourDigits(compact) { return time }
      throw number / 100 < 24 ? .minuteOutOfRange(text) : .hourOutOfRange(text)
    }
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
    guard let (hour, minute, _) = clockNumbers(clock), half == nil || !clock.contains("h") else {
      throw .malformedTime(text)
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

  /// The time, or the start and end, that a word after `cal add`'s date gives (`14:30`, `9am`, `noon`,
  /// `14:30-15:15`, `9am-10:30am`, `1400-1530`); `nil` for a word that is no time, which begins the title. A
  /// bare hour (`9`, `9-10`) could be either, and is refused rather than guessed, as is a word shaped like a
  /// time that is none (`25:00`). Four digits alone are left to the caller (see ``fourDigits(_:)``).
  public static func leading(_ word: String) throws(TimeError) -> (start: TimeOfDay, end: TimeOfDay?)? {
    let parts = word.split(separator: "-", omittingEmptySubsequences: false)
    // At an end of a span whose other end is no bare hour, four digits are a time with its minutes, as
    // unmistakable as 14:00 (`2024-07` stays the title's).
    let spanTime = { (part: Substring) in
      parts.count == 2 && fourDigits(part) != nil
        && parts.allSatisfy { fourDigits($0) != nil || (isShapedLikeTime($0) && isMarked($0)) }
    }
    guard (1...2).contains(parts.count), parts.allSatisfy({ isShapedLikeTime($0) || spanTime($0) }) else {
      return nil
    }
    guard parts.contains(where: { isMarked($0) || spanTime($0) }) else { throw .bareHour(word) }
    let start = try time(String(parts[0]))
    guard parts.count == 2 else { return (start, nil) }
    let end = try time(String(parts[1]))
    guard end > start else { throw .endNotAfterStart(word) }
    return (start, end)
  }

  /// `1400`, `0930`: a time on the 24-hour clock written as four digits, as khal reads one with `timeformat =
  /// %H%M`; `nil` for any other word, `2460` (no time) and `930` among them. The caller judges whether it is a
  /// time there: `2024` is as likely a year.
  public static func fourDigits(_ word: some StringProtocol) -> TimeOfDay? {
    guard let number = parseDigits(Substring(word), minimumCount: 4, maximumCount: 4), number / 100 < 24,
      number % 100 < 60
    else { return nil }
    return TimeOfDay(minutes: number / 100 * 60 + number % 100)
  }

  /// The hour and the minutes of `clock` (`9:30`, `9.30`, `9h30`, `9h`, `9`), parted at its colon, its dot or
  /// its h: one of them, so that `9:30.15` and `9h30.15` are no time. Minutes have two digits: `1:1` (a
  /// one-to-one meeting) is no time. `hasMinutes` is false for an hour alone (`9`, `9h`). The numbers may be
  /// out of range (`25:00`); `nil` when `clock` is not made so.
  private static func clockNumbers(_ clock: Substring) -> (hour: Int, minute: Int, hasMinutes: Bool)? {
    let separator: Character = clock.contains(":") ? ":" : clock.contains("h") ? "h" : "."
    let parts = clock.split(separator: separator, omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let hour = parseDigits(parts[0], minimumCount: 1, maximumCount: 2) else {
      return nil
    }
    // `9h`: the hour alone, as French writes it; only an h may end the word.
    if parts.count == 1 || (separator == "h" && parts[1].isEmpty) { return (hour, 0, false) }
    guard let minute = parseDigits(parts[1], minimumCount: 2, maximumCount: 2) else { return nil }
    return (hour, minute, true)
  }

  /// Whether `text` is made like a time: `noon`, `midnight`, or one or two digits with `:MM`, `.MM` or `hMM`
  /// (two digits) and `am`/`pm` or not (not after an h), or with an h alone below 24 (`9h`); a word such as
  /// `re:invent`, `2024`, `9.5`, `18.05.` or `48h` (a length, and no hour) is not.
  private static func isShapedLikeTime(_ text: Substring) -> Bool {
    let lower = text.lowercased()
    if lower == "noon" || lower == "midnight" { return true }
    var clock = Substring(lower)
    let hasHalf = clock.hasSuffix("am") || clock.hasSuffix("pm")
    if hasHalf { clock = clock.dropLast(2) }
    guard let numbers = clockNumbers(clock) else { return false }
    guard clock.contains("h") else { return true }
    return !hasHalf && (numbers.hasMinutes || numbers.hour < 24)
  }

  /// Whether `text`, shaped like a time, is unmistakably one: it has minutes, am or pm, or is a name. An hour
  /// with an h alone (`2h`) is no more one than `2` is: it is as well a length (`2h workshop`).
  private static func isMarked(_ text: Substring) -> Bool {
    let hour = text.last == "h" || text.last == "H" ? text.dropLast() : text
    return !DayExpression.isNumber(hour)
  }
}

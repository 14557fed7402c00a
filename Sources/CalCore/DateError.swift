/// A date or month that does not exist, or text that does not name one.
public enum DateError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text is not written the way a date or month is expected.
  case malformed(text: String, expected: String)
  /// The year is outside 1...9999.
  case yearOutOfRange(Int)
  /// The month is outside 1...12.
  case monthOutOfRange(Int)
  /// The day does not exist in its month.
  case dayOutOfRange(day: Int, month: YearMonth)
  /// The text names a day or month beyond the years 1 to 9999 (moving from a date or month would leave them).
  case beyondCalendar(String)
  /// Turning the page from a month, forwards or backwards, would leave the years 1 to 9999.
  case pageBeyondCalendar(from: YearMonth, forward: Bool)
  /// The text could mean more than one thing, or nothing that can be used; the message says which and
  /// how to write it instead.
  case unclear(String)
  /// A range whose last day comes before its first.
  case backwardsRange(first: CivilDate, last: CivilDate)

  /// One line for the user, such as "February 2024 has 29 days".
  public var description: String {
    switch self {
    case .malformed(let text, let expected):
      return "'\(text)' is not \(expected)"
    case .yearOutOfRange(let year):
      return "year \(year) is out of range: cal covers the years 1 to 9999"
    case .monthOutOfRange(let month):
      return "month \(month) does not exist: months are numbered 01 to 12"
    case .dayOutOfRange(let day, let month):
      if day < 1 { return "days are numbered from 01, not \(day)" }
      return "\(month.englishName) has \(month.numberOfDays) days"
    case .beyondCalendar(let text):
      return "'\(text)' is outside the years 1 to 9999"
    case .pageBeyondCalendar(let month, let forward):
      return "the page \(forward ? "after" : "before") \(month.englishName) is outside the years 1 to 9999"
    case .unclear(let message):
      return message
    case .backwardsRange(let first, let last):
      return "the range ends (\(last)) before it starts (\(first))"
    }
  }
}

/// What a user may type for a day or a month, resolved against today's date (passed in, never read here).
public enum DayExpression {
  /// The words that stand for a day relative to today.
  public static let relativeDays = ["today": 0, "tomorrow": 1, "yesterday": -1]

  /// A day: `YYYY-MM-DD`, `today`, `tomorrow` or `yesterday`.
  public static func day(_ text: String, today: CivilDate) throws(DateError) -> CivilDate {
    if let offset = relativeDays[text.lowercased()] {
      guard let day = today.adding(days: offset) else { throw .beyondCalendar(text) }
      return day
    }
    do {
      return try CivilDate(parsing: text)
    } catch .malformed {
      throw .malformed(text: text, expected: "a date: expected YYYY-MM-DD, today, tomorrow or yesterday")
    }
  }

  /// A month: `YYYY-MM` or `today` (this month).
  public static func month(_ text: String, today: CivilDate) throws(DateError) -> YearMonth {
    if text.lowercased() == "today" { return today.yearMonth }
    do {
      return try YearMonth(parsing: text)
    } catch .malformed {
      throw .malformed(text: text, expected: "a month: expected YYYY-MM or today")
    }
  }

  /// A day or a whole month, told apart by their shape: `2024-05-12` or `2024-05`.
  public static func dayOrMonth(_ text: String, today: CivilDate) throws(DateError) -> DayOrMonth {
    if relativeDays[text.lowercased()] != nil { return .day(try day(text, today: today)) }
    switch text.split(separator: "-", omittingEmptySubsequences: false).count {
    case 3: return .day(try CivilDate(parsing: text))
    case 2: return .month(try YearMonth(parsing: text))
    default:
      throw .malformed(
        text: text, expected: "a day or a month: expected YYYY-MM-DD, YYYY-MM, today, tomorrow or yesterday")
    }
  }

  /// A single day or a whole month.
  public enum DayOrMonth: Equatable, Sendable {
    case day(CivilDate)
    case month(YearMonth)
  }
}

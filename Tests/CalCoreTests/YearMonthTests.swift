import CalCore
import Testing

@Suite("Months")
struct YearMonthTests {
  private func expectAdding(
    _ start: String, _ months: Int, _ expected: String?, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let month = try YearMonth(parsing: start)
    #expect(month.adding(months: months)?.description == expected, sourceLocation: sourceLocation)
  }

  @Test("month arithmetic carries across year ends and stops at years 1 and 9999")
  func adding() throws {
    try expectAdding("2024-12", 1, "2025-01")  // December to January
    try expectAdding("2025-01", -1, "2024-12")  // January back to December
    try expectAdding("2024-01", -13, "2022-12")
    try expectAdding("2024-05", 25, "2026-06")
    try expectAdding("2024-05", -24, "2022-05")
    try expectAdding("2024-05", 0, "2024-05")
    try expectAdding("9999-11", 1, "9999-12")
    try expectAdding("9999-12", 1, nil)  // past the last page
    try expectAdding("0001-01", -1, nil)  // before the first page
    try expectAdding("0001-02", -1, "0001-01")
  }

  private func expectDays(_ month: String, _ count: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(try YearMonth(parsing: month).numberOfDays == count, sourceLocation: sourceLocation)
  }

  @Test("days in month follow the full leap-year rule")
  func daysInMonth() throws {
    try expectDays("1900-02", 28)  // a century: not a leap year
    try expectDays("2000-02", 29)  // a fourth century: a leap year
    try expectDays("2024-02", 29)  // divisible by four
    try expectDays("2023-02", 28)
    try expectDays("2100-02", 28)
    try expectDays("0004-02", 29)
    try expectDays("9999-12", 31)
    try expectDays("2024-04", 30)
    try expectDays("2024-01", 31)
  }

  @Test("the first weekday of a month")
  func firstWeekday() throws {
    #expect(try YearMonth(parsing: "2024-05").firstDay.weekday == .wednesday)
    #expect(try YearMonth(parsing: "2026-02").firstDay.weekday == .sunday)
    #expect(try YearMonth(parsing: "0001-01").firstDay.weekday == .monday)
    #expect(try YearMonth(parsing: "9999-12").firstDay.weekday == .wednesday)
  }

  @Test("malformed months are refused", arguments: ["2024-5", "2024-05-01", "2024", "May 2024", "2024-1a"])
  func malformed(text: String) {
    #expect(throws: DateError.malformed(text: text, expected: "a month: expected YYYY-MM, such as 2024-05")) {
      try YearMonth(parsing: text)
    }
  }

  @Test("English names read like a page title")
  func names() throws {
    #expect(try YearMonth(parsing: "2024-05").englishName == "May 2024")
    #expect(try YearMonth(parsing: "0001-01").englishName == "January 1")
  }
}

import CalCore
import Testing

@Suite("Week numbers")
struct WeekNumberTests {
  private func expectWeek(
    _ day: String, _ first: Weekday, _ expected: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let date = try CivilDate(parsing: day)
    #expect(WeekNumber.ofWeek(containing: date, firstWeekday: first) == expected, sourceLocation: sourceLocation)
  }

  @Test("Monday-first weeks are ISO 8601 weeks")
  func iso() throws {
    try expectWeek("2024-12-30", .monday, 1)  // Monday of 2025-W01
    try expectWeek("2021-01-01", .monday, 53)  // a Friday in 2020-W53
    try expectWeek("2020-12-31", .monday, 53)
    try expectWeek("2026-01-01", .monday, 1)  // Thursday: week 1
    try expectWeek("2027-01-01", .monday, 53)  // Friday in 2026-W53
    try expectWeek("2024-05-12", .monday, 19)  // Sunday, the end of W19
    try expectWeek("0001-01-01", .monday, 1)
    try expectWeek("9999-12-31", .monday, 52)
  }

  @Test("Sunday-first weeks count from the week that holds 1 January")
  func unitedStates() throws {
    try expectWeek("2026-01-01", .sunday, 1)
    try expectWeek("2025-12-28", .sunday, 1)  // the Sunday that starts the week of 1 January 2026
    try expectWeek("2025-12-27", .sunday, 52)
    try expectWeek("2024-05-12", .sunday, 20)
    try expectWeek("2023-01-01", .sunday, 1)  // 1 January on a Sunday
    try expectWeek("9999-12-31", .sunday, 53)  // the last week, which cannot reach into year 10000
  }
}

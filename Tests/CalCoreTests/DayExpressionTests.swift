import CalCore
import Testing

@Suite("Days and months as typed")
struct DayExpressionTests {
  let today = try! CivilDate(parsing: "2024-12-31")

  @Test("today, tomorrow and yesterday are relative to the date passed in")
  func relativeDays() throws {
    #expect(try DayExpression.day("today", today: today).description == "2024-12-31")
    #expect(try DayExpression.day("tomorrow", today: today).description == "2025-01-01")
    #expect(try DayExpression.day("Yesterday", today: today).description == "2024-12-30")
    #expect(try DayExpression.month("today", today: today).description == "2024-12")
  }

  @Test("tomorrow after the last day is outside the calendar")
  func beyondTheEnd() throws {
    let last = try CivilDate(parsing: "9999-12-31")
    #expect(throws: DateError.beyondCalendar("tomorrow")) { try DayExpression.day("tomorrow", today: last) }
  }

  @Test("a day or a month is told apart by its shape")
  func dayOrMonth() throws {
    #expect(try DayExpression.dayOrMonth("2024-05-12", today: today) == .day(try CivilDate(parsing: "2024-05-12")))
    #expect(try DayExpression.dayOrMonth("2024-05", today: today) == .month(try YearMonth(parsing: "2024-05")))
    #expect(try DayExpression.dayOrMonth("today", today: today) == .day(today))
    #expect(throws: DateError.self) { try DayExpression.dayOrMonth("May", today: today) }
  }
}

import CalCore
import Testing

@Suite("Civil dates")
struct CivilDateTests {
  private func expectValid(
    _ text: String, weekday: Weekday, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let date = try? CivilDate(parsing: text)
    #expect(date?.description == text, sourceLocation: sourceLocation)
    #expect(date?.weekday == weekday, sourceLocation: sourceLocation)
  }

  @Test("existing dates parse, print back and know their weekday")
  func validDates() {
    expectValid("1970-01-01", weekday: .thursday)  // the Unix epoch
    expectValid("2024-05-12", weekday: .sunday)
    expectValid("2024-02-29", weekday: .thursday)  // leap day, 4-year rule
    expectValid("2000-02-29", weekday: .tuesday)  // leap day, 400-year rule
    expectValid("0001-01-01", weekday: .monday)  // proleptic Gregorian start
    expectValid("9999-12-31", weekday: .friday)  // the last day cal knows
    expectValid("1752-09-03", weekday: .sunday)  // a day the British reform skipped; proleptic here
    expectValid("1969-12-31", weekday: .wednesday)  // before the epoch
  }

  private func expectError(
    _ text: String, _ expected: DateError, message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(throws: expected, sourceLocation: sourceLocation) { try CivilDate(parsing: text) }
    #expect(expected.description == message, sourceLocation: sourceLocation)
  }

  @Test("dates that do not exist are refused with a precise reason")
  func invalidDates() throws {
    let february2024 = try YearMonth(year: 2024, month: 2)
    let february1900 = try YearMonth(year: 1900, month: 2)
    let april = try YearMonth(year: 2024, month: 4)
    expectError(
      "2024-02-30", .dayOutOfRange(day: 30, month: february2024), message: "February 2024 has 29 days")
    expectError(
      "1900-02-29", .dayOutOfRange(day: 29, month: february1900), message: "February 1900 has 28 days")
    expectError("2024-04-31", .dayOutOfRange(day: 31, month: april), message: "April 2024 has 30 days")
    expectError(
      "2024-13-01", .monthOutOfRange(13), message: "month 13 does not exist: months are numbered 01 to 12")
    expectError(
      "2024-00-10", .monthOutOfRange(0), message: "month 0 does not exist: months are numbered 01 to 12")
    expectError(
      "0000-01-01", .yearOutOfRange(0), message: "year 0 is out of range: cal covers the years 1 to 9999")
    expectError(
      "10000-01-01", .yearOutOfRange(10000), message: "year 10000 is out of range: cal covers the years 1 to 9999")
    expectError(
      "2024-05-00", .dayOutOfRange(day: 0, month: try YearMonth(year: 2024, month: 5)),
      message: "days are numbered from 01, not 0")
  }

  @Test(
    "text that is not YYYY-MM-DD is malformed",
    arguments: ["2024-5-12", "24-05-12", "2024/05/12", "", "2024-05-12x", "２０２４-05-12", "+024-05-12"])
  func malformedDates(text: String) {
    #expect(throws: DateError.malformed(text: text, expected: "a date: expected YYYY-MM-DD, such as 2024-05-12")) {
      try CivilDate(parsing: text)
    }
  }

  @Test("days since 1970 round-trip across the whole range, every 97th day")
  func dayNumbersRoundTrip() throws {
    let first = try CivilDate(parsing: "0001-01-01").daysSince1970
    let last = try CivilDate(parsing: "9999-12-31").daysSince1970
    var previous: CivilDate?
    for days in stride(from: first, through: last, by: 97) {
      let date = try #require(CivilDate(daysSince1970: days))
      #expect(date.daysSince1970 == days)
      if let previous { #expect(previous < date) }
      previous = date
    }
    #expect(CivilDate(daysSince1970: first - 1) == nil)
    #expect(CivilDate(daysSince1970: last + 1) == nil)
  }

  @Test("adding days crosses month and year ends, and stops at the calendar's edges")
  func addingDays() throws {
    #expect(try CivilDate(parsing: "2024-12-31").adding(days: 1)?.description == "2025-01-01")
    #expect(try CivilDate(parsing: "2024-03-01").adding(days: -1)?.description == "2024-02-29")
    #expect(try CivilDate(parsing: "2023-03-01").adding(days: -1)?.description == "2023-02-28")
    #expect(try CivilDate(parsing: "9999-12-31").adding(days: 1) == nil)
    #expect(try CivilDate(parsing: "0001-01-01").adding(days: -1) == nil)
  }
}

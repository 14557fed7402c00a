import CalCore
import Testing

/// BYYEARDAY and BYWEEKNO. The expected days are recurring-ical-events' (the oracle of
/// /work/shared/ics-corpus/expand.py, on python-dateutil), checked by hand; the first two cases are RFC 5545
/// section 3.8.5.3's own examples, whose lists they repeat.
@Suite("Recurrence by day of the year and week number")
struct RecurrenceNumberedDaysTests {
  private func expect(
    _ start: String, _ rule: String, from: String, through: String, _ expected: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let recurrence = Recurrence(start: try CivilDate(parsing: start), rule: try RecurrenceRule(parsing: rule))
    let days = recurrence.occurrences(
      from: try CivilDate(parsing: from), through: try CivilDate(parsing: through), lastDay: recurrence.lastDay())
    #expect(days.map(\.description) == expected, "\(rule) from \(start)", sourceLocation: sourceLocation)
  }

  @Test("RFC 5545's examples: every 3rd year on the 1st, 100th and 200th day; Monday of week number 20")
  func rfcExamples() throws {
    try expect(
      "1997-01-01", "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200", from: "1997-01-01",
      through: "2010-12-31",
      [
        "1997-01-01", "1997-04-10", "1997-07-19", "2000-01-01", "2000-04-09", "2000-07-18", "2003-01-01",
        "2003-04-10", "2003-07-19", "2006-01-01",
      ])
    try expect(
      "1997-05-12", "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", from: "1997-01-01", through: "2001-12-31",
      ["1997-05-12", "1998-05-11", "1999-05-17", "2000-05-15", "2001-05-14"])
  }

  @Test("days of the year: leap years, from the end, with BYMONTH as a limit")
  func yearDays() throws {
    // The 366th day is 31 December of leap years only.
    try expect(
      "2024-12-31", "FREQ=YEARLY;BYYEARDAY=366", from: "2024-01-01", through: "2036-12-31",
      ["2024-12-31", "2028-12-31", "2032-12-31", "2036-12-31"])
    try expect(
      "2024-12-31", "FREQ=YEARLY;BYYEARDAY=-1;COUNT=3", from: "2024-01-01", through: "2036-12-31",
      ["2024-12-31", "2025-12-31", "2026-12-31"])
    // -366 is 1 January of leap years only; the 60th day is 29 February in them, 1 March otherwise.
    try expect(
      "2024-01-01", "FREQ=YEARLY;BYYEARDAY=-366,60", from: "2024-01-01", through: "2028-12-31",
      ["2024-01-01", "2024-02-29", "2025-03-01", "2026-03-01", "2027-03-01", "2028-01-01", "2028-02-29"])
    // Day 200 falls in July, outside BYMONTH; the start (1 May) is an occurrence without being a rule's day.
    try expect(
      "2024-05-01", "FREQ=YEARLY;BYYEARDAY=100,200,300;BYMONTH=4,10", from: "2024-01-01", through: "2027-12-31",
      [
        "2024-05-01", "2024-10-26", "2025-04-10", "2025-10-27", "2026-04-10", "2026-10-27", "2027-04-10",
        "2027-10-27",
      ])
  }

  @Test("week numbers: week 53, week 1 reaching into December, the last week reaching into January, WKST")
  func weekNumbers() throws {
    try expect(
      "2015-12-28", "FREQ=YEARLY;BYWEEKNO=53;BYDAY=MO", from: "2015-01-01", through: "2033-12-31",
      ["2015-12-28", "2020-12-28", "2026-12-28", "2032-12-27"])
    // Without BYDAY, the whole week: the days of next year's week 1 in December are this year's.
    try expect(
      "2024-12-30", "FREQ=YEARLY;BYWEEKNO=1", from: "2024-01-01", through: "2026-01-10",
      [
        "2024-12-30", "2024-12-31", "2025-01-01", "2025-01-02", "2025-01-03", "2025-01-04", "2025-01-05",
        "2025-12-29", "2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04",
      ])
    // 2020 had 53 weeks: its last one ends on 3 January 2021.
    try expect(
      "2021-01-01", "FREQ=YEARLY;BYWEEKNO=-1", from: "2021-01-01", through: "2022-01-10",
      [
        "2021-01-01", "2021-01-02", "2021-01-03", "2021-12-27", "2021-12-28", "2021-12-29", "2021-12-30",
        "2021-12-31", "2022-01-01", "2022-01-02",
      ])
    // Weeks starting on Sunday: week 1 of 2025 starts on 29 December 2024, so 2025 has no Sunday of a week 1.
    try expect(
      "2024-01-07", "FREQ=YEARLY;BYWEEKNO=1;WKST=SU;BYDAY=SU", from: "2024-01-01", through: "2030-12-31",
      ["2024-01-07", "2024-12-29", "2026-01-04", "2027-01-03", "2028-01-02", "2028-12-31", "2029-12-30", "2030-12-29"])
  }

  @Test("BYSETPOS counts over a year's days, BYMONTHDAY and an nth weekday of the year limit them")
  func limits() throws {
    // The period is the calendar year, which may hold days of two weeks numbered 1.
    try expect(
      "2024-01-05", "FREQ=YEARLY;BYWEEKNO=1;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", from: "2024-01-01",
      through: "2030-12-31",
      ["2024-01-05", "2024-12-31", "2025-12-31", "2026-01-02", "2027-01-08", "2028-01-07", "2029-12-31", "2030-12-31"])
    try expect(
      "2024-03-01", "FREQ=YEARLY;BYWEEKNO=9,10;BYMONTHDAY=1,2,3,4", from: "2024-01-01", through: "2025-12-31",
      [
        "2024-03-01", "2024-03-02", "2024-03-03", "2024-03-04", "2025-03-01", "2025-03-02", "2025-03-03",
        "2025-03-04",
      ])
    // The year's first Monday is never in week 6: the start alone.
    try expect(
      "2024-02-05", "FREQ=YEARLY;BYWEEKNO=6;BYDAY=1MO", from: "2024-01-01", through: "2030-12-31", ["2024-02-05"])
  }

  @Test("the rule's text reads back as it was written")
  func roundTrip() throws {
    for text in [
      "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200",
      "FREQ=YEARLY;BYMONTH=1,12;BYWEEKNO=1,-1;BYYEARDAY=-366,366;BYDAY=SU;BYSETPOS=1;WKST=SU",
    ] {
      #expect(try RecurrenceRule(parsing: text).description == text)
    }
    // Parts in any order come out in RFC 5545's order of evaluation.
    #expect(
      try RecurrenceRule(parsing: "BYDAY=MO;BYYEARDAY=5;BYWEEKNO=1;FREQ=YEARLY").description
        == "FREQ=YEARLY;BYWEEKNO=1;BYYEARDAY=5;BYDAY=MO")
    // The words of `cal add` cannot say them.
    #expect(try RecurrenceRule(parsing: "FREQ=YEARLY;BYYEARDAY=5").words == nil)
    #expect(try RecurrenceRule(parsing: "FREQ=YEARLY;BYWEEKNO=5").words == nil)
  }

  @Test("values out of range, and frequencies RFC 5545 does not allow them with, are one clear error")
  func refused() {
    let cases: [(String, String)] = [
      ("FREQ=YEARLY;BYYEARDAY=0", "BYYEARDAY=0 does not exist"),
      ("FREQ=YEARLY;BYYEARDAY=367", "BYYEARDAY=367 is out of range: -366 to 366"),
      ("FREQ=YEARLY;BYYEARDAY=-367", "BYYEARDAY=-367 is out of range: -366 to 366"),
      ("FREQ=YEARLY;BYYEARDAY=99999999999999999999", "BYYEARDAY=99999999999999999999 is out of range: -366 to 366"),
      ("FREQ=YEARLY;BYYEARDAY=1,,x", "BYYEARDAY=x is not a number"),
      ("FREQ=YEARLY;BYWEEKNO=0", "BYWEEKNO=0 does not exist"),
      ("FREQ=YEARLY;BYWEEKNO=54", "BYWEEKNO=54 is out of range: -53 to 53"),
      ("FREQ=YEARLY;BYWEEKNO=-9223372036854775808", "BYWEEKNO=-9223372036854775808 is out of range: -53 to 53"),
      ("FREQ=MONTHLY;BYYEARDAY=1", "BYYEARDAY is for FREQ=YEARLY only (RFC 5545), not FREQ=MONTHLY"),
      ("FREQ=DAILY;BYYEARDAY=1", "BYYEARDAY is for FREQ=YEARLY only (RFC 5545), not FREQ=DAILY"),
      ("FREQ=WEEKLY;BYWEEKNO=1", "BYWEEKNO is for FREQ=YEARLY only (RFC 5545), not FREQ=WEEKLY"),
      ("FREQ=MONTHLY;BYWEEKNO=1", "BYWEEKNO is for FREQ=YEARLY only (RFC 5545), not FREQ=MONTHLY"),
    ]
    for (text, message) in cases {
      #expect(throws: RecurrenceError.malformed(message), "\(text)") { try RecurrenceRule(parsing: text) }
    }
    // Built from parts, the rule is refused by validate() in the same words.
    #expect(throws: RecurrenceError.malformed("BYWEEKNO=-54 is out of range: -53 to 53")) {
      try RecurrenceRule(frequency: .yearly, byWeekNumber: [-54]).validate()
    }
  }

  @Test("far years, the first and the last, give days without overflow")
  func edges() throws {
    // Year 1 starts on a Monday and has 52 weeks; week 1 of year 2 starts on its last day.
    try expect(
      "0001-01-01", "FREQ=YEARLY;BYWEEKNO=1,-1;BYDAY=MO", from: "0001-01-01", through: "0002-01-31",
      ["0001-01-01", "0001-12-24", "0001-12-31"])
    try expect(
      "9998-01-01", "FREQ=YEARLY;BYWEEKNO=-1;BYYEARDAY=-1,-2,-3,-4,-5,-6,-7,-8", from: "9998-01-01",
      through: "9999-12-31",
      [
        "9998-01-01", "9998-12-28", "9998-12-29", "9998-12-30", "9998-12-31", "9999-12-27", "9999-12-28",
        "9999-12-29", "9999-12-30", "9999-12-31",
      ])
    let recurrence = Recurrence(
      start: try CivilDate(parsing: "9999-12-31"), rule: try RecurrenceRule(parsing: "FREQ=YEARLY;BYYEARDAY=1;COUNT=5"))
    #expect(recurrence.lastDay() == nil)
  }

  @Test("the fewest days between starts: a week or a year day once a year is a year apart, a week's days one")
  func gaps() throws {
    let start = try CivilDate(parsing: "2024-05-13")
    func gap(_ text: String) throws -> Int {
      try RecurrenceRule(parsing: text).fewestDaysBetweenStarts(startingOn: start)
    }
    #expect(try gap("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO") == 364)
    #expect(try gap("FREQ=YEARLY;BYYEARDAY=134") == 365)
    #expect(try gap("FREQ=YEARLY;INTERVAL=2;BYYEARDAY=-1") == 730)
    #expect(try gap("FREQ=YEARLY;BYWEEKNO=20") == 1)
    #expect(try gap("FREQ=YEARLY;BYYEARDAY=1,2") == 1)
    #expect(try gap("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO;BYSETPOS=1") == 364)
  }
}

import CalCore
import Foundation
import Testing

@Suite("Recurrence")
struct RecurrenceTests {
  private func dates(
    _ start: String, _ rule: String, from: String, through: String
  ) throws -> [String] {
    let recurrence = Recurrence(start: try CivilDate(parsing: start), rule: try RecurrenceRule(parsing: rule))
    let last = recurrence.lastDay()
    return recurrence.occurrences(
      from: try CivilDate(parsing: from), through: try CivilDate(parsing: through), lastDay: last
    ).map(\.description)
  }

  @Test("a monthly event on the 31st skips months without a 31st")
  func monthlyOn31st() throws {
    #expect(
      try dates("2024-01-31", "FREQ=MONTHLY", from: "2024-01-01", through: "2024-08-31")
        == ["2024-01-31", "2024-03-31", "2024-05-31", "2024-07-31", "2024-08-31"])
  }

  @Test("a yearly event on 29 February happens only in leap years")
  func yearlyLeapDay() throws {
    #expect(
      try dates("2024-02-29", "FREQ=YEARLY;COUNT=3", from: "2024-01-01", through: "2040-12-31")
        == ["2024-02-29", "2028-02-29", "2032-02-29"])
  }

  @Test("weekly on several days, with COUNT counting the first occurrence")
  func weeklyCount() throws {
    #expect(
      try dates("2024-05-13", "FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=5", from: "2024-01-01", through: "2025-01-01")
        == ["2024-05-13", "2024-05-15", "2024-05-17", "2024-05-20", "2024-05-22"])
  }

  @Test("the second Tuesday and the last Friday of each month")
  func monthlyOrdinals() throws {
    #expect(
      try dates("2024-05-14", "FREQ=MONTHLY;BYDAY=2TU", from: "2024-05-01", through: "2024-08-31")
        == ["2024-05-14", "2024-06-11", "2024-07-09", "2024-08-13"])
    #expect(
      try dates("2024-05-31", "FREQ=MONTHLY;BYDAY=-1FR", from: "2024-05-01", through: "2024-08-31")
        == ["2024-05-31", "2024-06-28", "2024-07-26", "2024-08-30"])
  }

  @Test("monthly by weekdays: each month's days in order and each once, BYMONTH and INTERVAL kept, COUNT counted")
  func monthlyByWeekdays() throws {
    // 1SU and -1SU are also among the Sundays: each listed once.
    #expect(
      try dates("2024-01-07", "FREQ=MONTHLY;BYDAY=1SU,SU,-1SU", from: "2024-01-01", through: "2024-03-31")
        == [
          "2024-01-07", "2024-01-14", "2024-01-21", "2024-01-28", "2024-02-04", "2024-02-11", "2024-02-18",
          "2024-02-25", "2024-03-03", "2024-03-10", "2024-03-17", "2024-03-24", "2024-03-31",
        ])
    // A fifth weekday only in months that have one; March and October are out of step with the interval.
    #expect(
      try dates(
        "2024-01-31", "FREQ=MONTHLY;INTERVAL=2;BYDAY=5WE,-5TH;BYMONTH=1,5,7,10", from: "2024-01-01",
        through: "2025-12-31")
        == [
          "2024-01-31", "2024-05-02", "2024-05-29", "2024-07-31", "2025-01-02", "2025-01-29", "2025-05-01",
          "2025-07-03", "2025-07-30",
        ])
    #expect(
      try dates("2024-05-14", "FREQ=MONTHLY;BYDAY=2TU,-1FR;COUNT=5", from: "2024-01-01", through: "2025-12-31")
        == ["2024-05-14", "2024-05-31", "2024-06-11", "2024-06-28", "2024-07-09"])
  }

  @Test("listing a month far away does not depend on how long the series runs")
  func lazyExpansion() throws {
    #expect(
      try dates("2024-01-01", "FREQ=DAILY;COUNT=1000000000", from: "9999-12-30", through: "9999-12-31")
        == ["9999-12-30", "9999-12-31"])
    let start = try CivilDate(parsing: "2024-01-01")
    let far = try dates("2024-01-01", "FREQ=WEEKLY;INTERVAL=3", from: "8000-03-01", through: "8000-03-31")
    #expect(!far.isEmpty)
    #expect(try far.allSatisfy { (try CivilDate(parsing: $0).daysSince1970 - start.daysSince1970) % 21 == 0 })
    let recurrence = Recurrence(
      start: try CivilDate(parsing: "2024-01-01"), rule: try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=10"))
    #expect(recurrence.lastDay()?.description == "2024-01-10")
  }

  @Test(
    "RRULE text round-trips",
    arguments: [
      "FREQ=DAILY", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;WKST=SU", "FREQ=MONTHLY;COUNT=5;BYDAY=-1FR",
      "FREQ=YEARLY;UNTIL=20301231;BYMONTH=11;BYDAY=4TH", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
    ])
  func roundTrip(text: String) throws {
    #expect(try RecurrenceRule(parsing: text).description == text)
  }

  @Test("unsupported and malformed rules are refused")
  func refused() {
    #expect(throws: RecurrenceError.unsupported("BYHOUR (an event in cal has one start time)")) {
      try RecurrenceRule(parsing: "FREQ=DAILY;BYHOUR=9,17")
    }
    #expect(
      throws: RecurrenceError.unsupported("FREQ=HOURLY (several times a day: an event in cal has one start time)")
    ) {
      try RecurrenceRule(parsing: "FREQ=HOURLY")
    }
    #expect(throws: RecurrenceError.unsupported("FREQ=FORTNIGHTLY")) { try RecurrenceRule(parsing: "FREQ=FORTNIGHTLY") }
    #expect(throws: RecurrenceError.self) { try RecurrenceRule(parsing: "FREQ=DAILY;INTERVAL=0") }
    #expect(throws: RecurrenceError.self) { try RecurrenceRule(parsing: "INTERVAL=2") }
  }

  /// Cases checked against python-dateutil's rrule, the reference the RFC 5545 community uses.
  static let oracleCases: [(start: String, rule: String)] = [
    ("2024-01-30", "FREQ=DAILY;COUNT=10"),
    ("2024-01-30", "FREQ=DAILY;INTERVAL=3;UNTIL=20240401"),
    ("2024-01-01", "FREQ=DAILY;BYMONTH=1,3;BYDAY=MO,FR"),
    ("2024-05-13", "FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=20"),
    ("2024-05-14", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=SU"),
    ("2024-05-14", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=MO"),
    ("2024-12-04", "FREQ=WEEKLY;UNTIL=20250101"),
    ("2024-01-31", "FREQ=MONTHLY;COUNT=12"),
    ("2024-05-14", "FREQ=MONTHLY;BYDAY=2TU"),
    ("2024-05-31", "FREQ=MONTHLY;BYDAY=-1FR;INTERVAL=2"),
    ("2024-05-31", "FREQ=MONTHLY;BYMONTHDAY=-1"),
    ("2024-05-31", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"),
    ("2024-05-10", "FREQ=MONTHLY;INTERVAL=18;BYMONTHDAY=10,20"),
    ("2024-02-29", "FREQ=YEARLY;COUNT=5"),
    ("2024-11-28", "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH"),
    ("2024-05-13", "FREQ=YEARLY;BYDAY=20MO"),
    ("2024-01-01", "FREQ=YEARLY;BYMONTH=1,7;BYMONTHDAY=1"),
    ("2024-03-31", "FREQ=YEARLY;BYMONTH=3,10;BYDAY=-1SU"),
    ("2024-09-13", "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13"),
    ("2024-02-29", "FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29"),
    // An nth weekday beside BYMONTHDAY: that weekday of the month (of the year, yearly without BYMONTH).
    ("2024-06-07", "FREQ=MONTHLY;BYMONTHDAY=1,2,3,4,5,6,7,8,9,10;BYDAY=1FR,-1MO"),
    ("2024-05-12", "FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=8,9,10,11,12,13,14;BYDAY=2SU"),
    ("2024-01-01", "FREQ=YEARLY;BYMONTHDAY=1,2,3,4,5,6,7;BYDAY=1MO"),
    // Plain monthly and yearly rules and weekly days, which take shortcuts of their own.
    ("2024-01-31", "FREQ=MONTHLY;INTERVAL=5;UNTIL=20291231"),
    ("2023-08-31", "FREQ=YEARLY;INTERVAL=3"),
    ("2024-02-29", "FREQ=YEARLY;UNTIL=20400301"),
    ("2024-12-29", "FREQ=MONTHLY;INTERVAL=7;COUNT=9"),
    ("2024-05-12", "FREQ=WEEKLY;INTERVAL=3;BYDAY=SA,SU,MO;WKST=SU"),
    ("2024-05-11", "FREQ=WEEKLY;BYDAY=SU,SA,SA;WKST=TH;COUNT=11"),
    // Week numbers and days of the year, which scan each year's days.
    ("1997-05-12", "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO"),
    ("2024-12-30", "FREQ=YEARLY;BYWEEKNO=1"),
    ("2024-01-01", "FREQ=YEARLY;INTERVAL=2;BYYEARDAY=1,-1,60"),
    ("2020-12-27", "FREQ=YEARLY;BYWEEKNO=53,-2;WKST=SU;BYDAY=MO,SU"),
    ("2024-01-31", "FREQ=YEARLY;BYMONTH=1,2;BYWEEKNO=5,9;BYDAY=WE,TH;BYSETPOS=1,-1"),
  ]

  @Test(
    "expansion agrees with python-dateutil's rrule",
    .enabled(if: (try? shell("/usr/bin/python3 -c 'import dateutil'")) != nil))
  func oracle() throws {
    for (start, rule) in Self.oracleCases {
      for (from, through) in [(start, "2027-12-31"), ("2051-01-01", "2052-06-30")] {
        let ours = try dates(start, rule, from: from, through: through)
        let script = """
          from datetime import datetime
          from dateutil.rrule import rrulestr
          r = rrulestr("RRULE:\(rule)", dtstart=datetime.strptime("\(start)", "%Y-%m-%d"))
          a, b = datetime.strptime("\(from)", "%Y-%m-%d"), datetime.strptime("\(through)", "%Y-%m-%d")
          print("\\n".join(d.strftime("%Y-%m-%d") for d in r.between(a, b, inc=True)))
          """
        let theirs = try shell("/usr/bin/python3 -c '\(script)'").split(separator: "\n").map(String.init)
        #expect(ours == theirs, "\(start) \(rule) in \(from)...\(through)")
      }
    }
  }
}

/// Runs a shell command, returning its output; throws when it fails.
func shell(_ command: String) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/bin/bash")
  process.arguments = ["-c", command]
  let output = Pipe()
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  struct Failed: Error {}
  if process.terminationStatus != 0 { throw Failed() }
  return String(decoding: data, as: UTF8.self)
}

import CalCore
import Foundation
import Testing

/// What `cal` exports, read by another program: Python's `icalendar` with `recurring-ical-events`, the reader
/// behind many calendar tools. Every occurrence must start at the instant `cal` means, the last one before
/// UNTIL included and none after it.
@Suite("iCalendar export read by icalendar")
struct ICSExportReaderTests {
  /// Series and events that exercise UNTIL and the VTIMEZONEs.
  static func events() throws -> [ExportedEvent] {
    func timed(
      _ day: String, _ minutes: Int, _ zone: String?, _ rule: RecurrenceRule? = nil
    ) throws -> EventSchedule {
      EventSchedule(
        startDay: try ICSWriterTests.day(day), startTime: TimeOfDay(minutes: minutes), lengthMinutes: 60,
        timeZone: zone, rule: rule)
    }
    func weekly(_ until: String, _ days: [Weekday]) throws -> RecurrenceRule {
      RecurrenceRule(frequency: .weekly, until: try ICSWriterTests.day(until), byDay: days.map { .init($0) })
    }
    let daily = { (until: String?) throws -> RecurrenceRule in
      RecurrenceRule(frequency: .daily, until: try until.map(ICSWriterTests.day))
    }
    let schedules: [(String, EventSchedule)] = [
      // (a) Weekly in a zone with UNTIL on an occurrence: the last one (Friday 30 August) is kept.
      (
        "weekly-berlin",
        try timed("2024-08-05", 510, "Europe/Berlin", try weekly("2024-08-30", [.monday, .wednesday, .friday]))
      ),
      ("weekly-la", try timed("2024-10-01", 1080, "America/Los_Angeles", try weekly("2024-11-12", [.tuesday]))),
      // UNTIL's instant is on the day before in UTC.
      ("weekly-auckland", try timed("2024-08-05", 510, "Pacific/Auckland", try weekly("2024-09-30", [.monday]))),
      // (b) New York before and after the 2007 change of rules: 20 March and 31 October 2005 were standard time.
      ("ny-2005-march", try timed("2005-03-20", 600, "America/New_York")),
      ("ny-2005-october", try timed("2005-10-31", 600, "America/New_York")),
      ("ny-2005-july", try timed("2005-07-04", 600, "America/New_York")),
      ("ny-2024", try timed("2024-03-20", 600, "America/New_York")),
      // (c) Berlin every day across the spring change, and without end across the autumn one.
      ("daily-berlin", try timed("2024-03-25", 420, "Europe/Berlin", try daily("2024-04-05"))),
      ("daily-berlin-forever", try timed("2024-10-20", 600, "Europe/Berlin", try daily(nil))),
      // (d) All day, yearly, with UNTIL.
      (
        "yearly-all-day",
        EventSchedule(
          startDay: try ICSWriterTests.day("2020-05-12"),
          rule: RecurrenceRule(frequency: .yearly, until: try ICSWriterTests.day("2024-05-12")))
      ),
      // Floating and UTC starts with UNTIL.
      ("weekly-floating", try timed("2024-08-05", 510, nil, try weekly("2024-08-26", [.monday]))),
      ("daily-utc", try timed("2024-08-01", 1410, "UTC", try daily("2024-08-05"))),
    ]
    return schedules.map { ICSWriterTests.event($0.0, $0.1) }
  }

  /// The occurrences `cal` means, one line each: `uid T unix-seconds`, `uid F wall-clock-seconds` (floating)
  /// or `uid D yyyy-mm-dd`.
  static func expected(_ events: [ExportedEvent], from first: CivilDate, through last: CivilDate) throws -> [String] {
    var lines: [String] = []
    for event in events {
      let schedule = event.schedule
      let zone = try schedule.timeZone.map { $0 == "UTC" ? ZoneInfo.utc : try ZoneInfoTests.zone($0) }
      let occurrences = Occurrence.occurrences(
        of: schedule, from: first, through: last, eventZone: zone, localZone: .utc,
        lastOccurrence: schedule.recurrence?.lastDay())
      for occurrence in occurrences {
        switch (occurrence.startInstant, schedule.timeZone) {
        case (let instant?, _?): lines.append("\(event.uid) T \(instant)")
        case (let instant?, nil): lines.append("\(event.uid) F \(instant)")
        case (nil, _): lines.append("\(event.uid) D \(occurrence.occurrenceDay)")
        }
      }
    }
    return lines.sorted()
  }

  /// Lists the occurrences of the calendar in `sys.argv[1]` from 1990 through 2030 like `expected`. With
  /// `sys.argv[2] == "vtimezone"` the zones must come from the file's VTIMEZONEs, not the system's database.
  static let reader = """
    import sys, datetime as dt, zoneinfo, icalendar, recurring_ical_events
    calendar = icalendar.Calendar.from_ical(open(sys.argv[1], encoding="utf-8").read())
    lines = []
    for event in recurring_ical_events.of(calendar).between(dt.date(1990, 1, 1), dt.date(2031, 1, 1)):
        start = event["DTSTART"].dt
        uid = str(event["UID"])
        if not isinstance(start, dt.datetime):
            lines.append(f"{uid} D {start.isoformat()}")
        elif start.tzinfo is None:
            lines.append(f"{uid} F {int(start.replace(tzinfo=dt.timezone.utc).timestamp())}")
        else:
            if sys.argv[2] == "vtimezone" and isinstance(start.tzinfo, zoneinfo.ZoneInfo) and uid != "daily-utc":
                sys.exit(f"{uid}: read with the system zone {start.tzinfo}, not the VTIMEZONE")
            lines.append(f"{uid} T {int(start.timestamp())}")
    print("\\n".join(sorted(lines)))
    """

  @Test(
    "icalendar and recurring-ical-events read every occurrence at the instant cal means",
    .enabled(
      if: PythonOracle.icalendar != nil,
      "needs python3 with icalendar and recurring-ical-events (pip install icalendar recurring-ical-events)"),
    arguments: ["system zones", "vtimezone"])
  func readersAgree(zones: String) throws {
    let python = try #require(PythonOracle.icalendar)
    let events = try Self.events()
    var text = try ICSWriterTests.calendar(events)
    if zones == "vtimezone" {
      // Zone names no database knows, so that the reader has only the VTIMEZONEs to go by.
      text = text.replacingOccurrences(of: "\r\n ", with: "")
      for name in Set(events.compactMap(\.schedule.timeZone)) where name != "UTC" {
        let made = "cal-test-" + name.replacingOccurrences(of: "/", with: "-")
        text = text.replacingOccurrences(of: "TZID:\(name)\r\n", with: "TZID:\(made)\r\n")
          .replacingOccurrences(of: "TZID=\(name):", with: "TZID=\(made):")
      }
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("cal-export-\(UUID().uuidString).ics")
    try text.write(to: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: path) }
    let theirs = try PythonOracle.run(python, Self.reader, arguments: [path.path, zones])
      .split(separator: "\n").map(String.init)
    let ours = try Self.expected(
      events, from: try ICSWriterTests.day("1990-01-01"), through: try ICSWriterTests.day("2030-12-31"))
    #expect(ours.count > 2000)
    #expect(theirs.count == ours.count)
    let missing = ours.filter { !Set(theirs).contains($0) }
    let extra = theirs.filter { !Set(ours).contains($0) }
    #expect(missing.isEmpty, "cal means, the reader lacks: \(missing.prefix(10))")
    #expect(extra.isEmpty, "the reader has, cal does not mean: \(extra.prefix(10))")
  }

  @Test("the UNTIL and VTIMEZONE texts: a time with Z, and New York's 2005 rule")
  func text() throws {
    let text = try ICSWriterTests.calendar(try Self.events())
    let lines = ICSWriterTests.lines(text)
    let rules = lines.filter { $0.hasPrefix("RRULE:FREQ=WEEKLY") || $0.hasPrefix("RRULE:FREQ=DAILY") }
    #expect(
      rules == [
        "RRULE:FREQ=WEEKLY;UNTIL=20240830T063000Z;BYDAY=MO,WE,FR", "RRULE:FREQ=WEEKLY;UNTIL=20241113T020000Z;BYDAY=TU",
        "RRULE:FREQ=WEEKLY;UNTIL=20240929T193000Z;BYDAY=MO", "RRULE:FREQ=DAILY;UNTIL=20240405T050000Z",
        "RRULE:FREQ=DAILY", "RRULE:FREQ=WEEKLY;UNTIL=20240826T083000;BYDAY=MO",
        "RRULE:FREQ=DAILY;UNTIL=20240805T233000Z",
      ])
    #expect(lines.contains("RRULE:FREQ=YEARLY;UNTIL=20240512"))
    let newYork = ICSWriterTests.vtimezone(text, "America/New_York")
    // 2005: daylight time from the first Sunday in April to the last Sunday in October.
    #expect(newYork.contains("RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU;UNTIL=20060402T070000Z"))
    #expect(newYork.contains("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20061029T060000Z"))
    #expect(newYork.contains("DTSTART:20041031T020000"))  // in force on 20 March 2005
  }
}

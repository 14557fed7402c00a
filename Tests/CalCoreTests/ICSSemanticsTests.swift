import CalCore
import Foundation
import Testing

/// What iCalendar values mean (RFC 5545) as the importer reads them and the writer writes them: issue 9's
/// list, each found by using cal and reading its exports with other programs.
@Suite("iCalendar semantics")
struct ICSSemanticsTests {
  /// The events of a VCALENDAR holding `lines`, with zones from the system's database.
  static func events(_ lines: [String], skipInvalid: Bool = false) throws -> ImportResult {
    let text = (["BEGIN:VCALENDAR"] + lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    let importer = ICSImporter { name throws(ZoneError) in
      guard let bytes = FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + name) else {
        throw ZoneError.unknown(name)
      }
      return try ZoneInfo(name: name, tzif: Array(bytes))
    }
    return try importer.read(try ICSParser.parse(Array(text.utf8)), skipInvalid: skipInvalid)
  }

  static func event(_ properties: [String]) throws -> ImportedEvent {
    try #require(try events(["BEGIN:VEVENT", "UID:x"] + properties + ["END:VEVENT"]).events.first)
  }

  /// The content lines of the writer's calendar of `events`, with the zones they name.
  static func exported(_ events: [ExportedEvent]) throws -> [String] {
    ICSWriterTests.lines(try ICSWriterTests.calendar(events))
  }

  @Test("DURATION:P1D is a day on the event's clock: across daylight saving it ends at the same wall time")
  func nominalDays() throws {
    // 30 March 2024, 12:00 in Berlin; the clocks go forward that night, so the next noon is 23 hours later.
    let event = try Self.event(["DTSTART;TZID=Europe/Berlin:20240330T120000", "DURATION:P1D", "SUMMARY:day"])
    #expect(event.schedule.lengthDays == 1 && event.schedule.lengthMinutes == nil)
    let berlin = try ZoneInfoTests.zone("Europe/Berlin")
    let occurrence = try #require(
      Occurrence.occurrence(of: event.schedule, on: event.schedule.startDay, eventZone: berlin, localZone: berlin))
    #expect(occurrence.endInstant! - occurrence.startInstant! == 23 * 3600)
    // Hours stay exact: PT24H is 24 hours, whatever the clock does.
    let exact = try Self.event(["DTSTART;TZID=Europe/Berlin:20240330T120000", "DURATION:PT24H"])
    #expect(exact.schedule.lengthDays == 0 && exact.schedule.lengthMinutes == 1440)
    let mixed = try Self.event(["DTSTART;TZID=Europe/Berlin:20240330T120000", "DURATION:P1DT2H"])
    #expect(mixed.schedule.lengthDays == 1 && mixed.schedule.lengthMinutes == 120)
    // And they are written as they are: P1D, PT24H, P1DT2H.
    let lines = try Self.exported(
      [event, exact, mixed].enumerated().map { index, event in
        ExportedEvent(
          uid: "\(index)", title: "t", note: nil, location: nil, schedule: event.schedule, created: 0, modified: 0)
      })
    #expect(lines.filter { $0.hasPrefix("DURATION:") } == ["DURATION:P1D", "DURATION:PT24H", "DURATION:P1DT2H"])
  }

  @Test("an RDATE period keeps its own end or length, and is written as a period")
  func rdatePeriods() throws {
    let event = try Self.event([
      "DTSTART;TZID=Europe/Berlin:20240701T100000", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=2",
      "RDATE;VALUE=PERIOD;TZID=Europe/Berlin:20240705T140000/PT3H,20240706T090000/20240706T093000",
      "RDATE;TZID=Europe/Berlin:20240707T100000",
    ])
    #expect(event.additions.map(\.lengthMinutes) == [180, 30, 60])
    let lines = try Self.exported([
      ExportedEvent(
        uid: "p", title: "t", note: nil, location: nil, schedule: event.schedule, additions: event.additions,
        created: 0, modified: 0)
    ])
    #expect(
      lines.filter { $0.hasPrefix("RDATE") } == [
        "RDATE;VALUE=PERIOD;TZID=Europe/Berlin:20240705T140000/PT3H",
        "RDATE;VALUE=PERIOD;TZID=Europe/Berlin:20240706T090000/PT30M", "RDATE;TZID=Europe/Berlin:20240707T100000",
      ])
  }

  @Test("Outlook's display names without a VTIMEZONE are the zones they name; each warning is made once")
  func outlookDisplayNames() throws {
    for (tzid, zone) in [
      ("(UTC-05:00) Eastern Time (US & Canada)", "America/New_York"),
      ("(GMT-05:00) Eastern Time (US & Canada)", "America/New_York"),
      ("(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna", "Europe/Berlin"),
      ("(UTC) Coordinated Universal Time", "Etc/UTC"),
    ] {
      let event = try Self.event([
        "DTSTART;TZID=\"\(tzid)\":20240513T090000", "DTEND;TZID=\"\(tzid)\":20240513T100000",
      ])
      #expect(event.schedule.timeZone == zone, "\(tzid)")
    }
    let unknown = try Self.events([
      "BEGIN:VEVENT", "UID:u", "DTSTART;TZID=Nowhere:20240513T090000", "DTEND;TZID=Nowhere:20240513T100000",
      "END:VEVENT",
    ])
    #expect(unknown.approximations.map(\.note) == ["unknown time zone 'Nowhere' read as your own clock"])
    // The reading is cal's inference, not the file's word: the import says so, once an event.
    let inferred = try Self.events([
      "BEGIN:VEVENT", "UID:u", "DTSTART;TZID=\"(GMT+10:00) Canberra, Melbourne, Sydney\":20201028T133000",
      "DTEND;TZID=\"(GMT+10:00) Canberra, Melbourne, Sydney\":20201028T150000", "END:VEVENT",
    ])
    #expect(
      inferred.approximations.map(\.note) == [
        "time zone '(GMT+10:00) Canberra, Melbourne, Sydney' has no VTIMEZONE; read as Australia/Sydney"
      ])
  }

  @Test("a SUMMARY with NUL characters is kept without them, and the import goes on")
  func nulSummary() throws {
    let event = try Self.event(["DTSTART;VALUE=DATE:20240513", "SUMMARY:\u{0}\u{0}dentist"])
    #expect(event.title == "dentist")
    let empty = try Self.event(["DTSTART;VALUE=DATE:20240513", "SUMMARY:\u{0}"])
    #expect(empty.title == "(no title)" && empty.summaryMissing)
  }

  @Test("an event without a SUMMARY is written without one; one with a title keeps it")
  func missingSummary() throws {
    let event = try Self.event(["DTSTART;VALUE=DATE:20240513"])
    #expect(event.title == "(no title)" && event.summaryMissing)
    let lines = try Self.exported([
      ExportedEvent(
        uid: "a", title: event.title, note: nil, location: nil, schedule: event.schedule, created: 0, modified: 0,
        omitsSummary: true)
    ])
    #expect(!lines.contains { $0.hasPrefix("SUMMARY") })
    #expect(EventFields(title: "lunch", schedule: event.schedule, summaryMissing: true).omitsSummary == false)
  }

  @Test("a line longer than the limit is refused at once, naming it: an endless source is not read for ever")
  func endlessLine() throws {
    let bytes = [UInt8]("BEGIN:VCALENDAR\r\n".utf8) + [UInt8](repeating: 0, count: 9 << 20)
    #expect(throws: ICSError(line: 2, "a line longer than 8 MiB: this is not an iCalendar file")) {
      try ICSParser.parse(bytes)
    }
  }

  @Test("edited occurrences before their series, and time zones after the events, are read as if in order")
  func outOfOrder() throws {
    let result = try Self.events([
      "BEGIN:VEVENT", "UID:s", "RECURRENCE-ID;TZID=Custom:20240702T090000", "DTSTART;TZID=Custom:20240702T110000",
      "DURATION:PT1H", "SUMMARY:moved", "END:VEVENT",
      "BEGIN:VEVENT", "UID:s", "DTSTART;TZID=Custom:20240701T090000", "DURATION:PT1H",
      "RRULE:FREQ=DAILY;COUNT=3", "SUMMARY:daily", "END:VEVENT",
      "BEGIN:VTIMEZONE", "TZID:Custom", "BEGIN:STANDARD", "DTSTART:19701025T030000",
      "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD",
      "BEGIN:DAYLIGHT", "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "TZOFFSETFROM:+0100",
      "TZOFFSETTO:+0200", "END:DAYLIGHT", "END:VTIMEZONE",
    ])
    let series = try #require(result.events.first)
    #expect(result.events.count == 1 && series.schedule.timeZone == "Europe/Berlin")
    #expect(series.overrides.map(\.day.description) == ["2024-07-02"])
    #expect(series.overrides.first?.event.schedule.startTime == TimeOfDay(minutes: 660))
  }
}

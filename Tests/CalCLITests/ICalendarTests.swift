import Foundation
import Testing

/// `cal import` and `cal export` through the real binary, on files written here.
final class ICalendarTests {
  let cal: CalProcess

  init() throws {
    cal = try CalProcess()
  }

  deinit {
    cal.remove()
  }

  /// A file as products write them: CRLF, folds (one inside a parameter, one through a UTF-8 character),
  /// quoted parameters, escapes, zones, repeats with exceptions, an extra date and an edited occurrence, a
  /// to-do, and a second VCALENDAR with lower-case names.
  static let mixed = [
    "\u{FEFF}BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN",
    "BEGIN:VTIMEZONE", "TZID:Custom Berlin", "BEGIN:STANDARD", "DTSTART:19701025T030000",
    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD",
    "BEGIN:DAYLIGHT", "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0200", "END:DAYLIGHT", "END:VTIMEZONE",
    "BEGIN:VEVENT", "UID:allday@test", "DTSTART;VALUE=DATE:20240701", "DTEND;VALUE=DATE:20240704",
    "SUMMARY:Holiday\\, finally", "DESCRIPTION:line one\\nline two", "END:VEVENT",
    "BEGIN:VEVENT", "UID:bare-date@test", "DTSTART:20240705", "SUMMARY:Bare date", "END:VEVENT",
    "BEGIN:VEVENT", "UID:zoned@test", "DTSTART;TZID=\"Custom Ber", " lin\":20240702T093000", "DURATION:PT1H30M",
    "SUMMARY:Zoned stand-up", "LOCATION:Raum 4\\; oben", "RRULE:FREQ=WEEKLY;BYDAY=TU,TH;COUNT=6",
    "EXDATE;TZID=Custom Berlin:20240709T093000", "RDATE;TZID=Custom Berlin:20240713T110000",
    "BEGIN:VALARM", "TRIGGER:-PT15M", "ACTION:DISPLAY", "END:VALARM",
    "BEGIN:VALARM", "TRIGGER:-PT1H", "ACTION:EMAIL", "END:VALARM", "END:VEVENT",
    "BEGIN:VEVENT", "UID:zoned@test", "RECURRENCE-ID;TZID=Custom Berlin:20240711T093000",
    "DTSTART;TZID=Custom Berlin:20240711T140000", "DURATION:PT1H", "SUMMARY:Zoned stand-up (moved)", "END:VEVENT",
    "BEGIN:VEVENT", "UID:utc@test", "DTSTART:20240703T120000Z", "DTEND:20240703T130000Z",
    "SUMMARY:Call über UTC – ein sehr langer Titel, der über die fünfundsiebzig Oktette hinausgeht", "END:VEVENT",
    "BEGIN:VTODO", "UID:todo@test", "SUMMARY:not an event", "END:VTODO",
    "END:VCALENDAR",
    "begin:vcalendar", "begin:vevent", "uid:floating@test", "dtstart:20240704T080000", "summary:Floating breakfast",
    "end:vevent", "end:vcalendar", "",
  ].joined(separator: "\r\n")

  private func write(_ text: String, _ name: String = "in.ics") throws -> String {
    let path = cal.folder + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  private func listed() throws -> [[String: Any]] {
    let result = try cal.run(["list", "2024-07-01..2024-07-31", "--json"], environment: ["TZ": "Europe/Berlin"])
    return try #require(try CalProcess.json(result.stdout) as? [[String: Any]])
  }

  /// The occurrences as `date time title`, without ids (which differ between calendars).
  private func occurrences() throws -> [String] {
    var seen = Set<String>()
    return try listed().compactMap { item in
      let line =
        "\(item["start"] as? String ?? "") \(item["title"] as? String ?? "") \(item["location"] as? String ?? "-")"
      return seen.insert(line).inserted ? line : nil
    }
  }

  @Test("a real-world file imports: dates, zones, repeats, exceptions, extra dates, overrides; skips are named")
  func importsEverything() throws {
    let path = try write(Self.mixed)
    let result = try cal.run(["import", path], environment: ["TZ": "Europe/Berlin"])
    #expect(result.status == 0, "\(result.stderr)")
    // The EMAIL alarm is no reminder: it is kept with its event as it came (KeptLinesTests).
    // The to-do is counted apart (TodoICalendarTests).
    #expect(
      result.stdout.hasPrefix(
        "Imported \(path): 5 events added, 0 updated, 0 unchanged; 1 to-do added, 0 updated, 0 unchanged; "
          + "0 skipped.\n"))
    #expect(try cal.run(["todo", "list"]).stdout.contains("#1  not an event"))
    #expect(
      try occurrences() == [
        "2024-07-01 Holiday, finally -", "2024-07-02T09:30:00+02:00 Zoned stand-up Raum 4; oben",
        "2024-07-03T14:00:00+02:00 Call über UTC – ein sehr langer Titel, der über die fünfundsiebzig Oktette hinausgeht -",
        "2024-07-04T08:00:00+02:00 Floating breakfast -", "2024-07-04T09:30:00+02:00 Zoned stand-up Raum 4; oben",
        "2024-07-05 Bare date -", "2024-07-11T14:00:00+02:00 Zoned stand-up (moved) -",
        "2024-07-13T11:00:00+02:00 Zoned stand-up Raum 4; oben",
        "2024-07-16T09:30:00+02:00 Zoned stand-up Raum 4; oben",
        "2024-07-18T09:30:00+02:00 Zoned stand-up Raum 4; oben",
      ])
    let holiday = try #require(try listed().first)
    #expect(holiday["end"] as? String == "2024-07-03")
    #expect(holiday["note"] as? String == "line one\nline two")
    let zoned = try #require(try listed().first { ($0["title"] as? String) == "Zoned stand-up" })
    #expect(zoned["timeZone"] as? String == "Europe/Berlin")  // the custom VTIMEZONE is Berlin's rules
    #expect(zoned["repeat"] as? String == "FREQ=WEEKLY;COUNT=6;BYDAY=TU,TH")
  }

  @Test("rules by week number and day of the year import, list, mark their days, remind and export as read")
  func numberedDays() throws {
    let file = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN",
      "BEGIN:VEVENT", "UID:week20@test", "DTSTART;TZID=America/New_York:19970512T090000", "DURATION:PT1H",
      "SUMMARY:Week 20", "RRULE:FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO",
      "BEGIN:VALARM", "TRIGGER:-PT15M", "ACTION:DISPLAY", "END:VALARM", "END:VEVENT",
      "BEGIN:VEVENT", "UID:days@test", "DTSTART;VALUE=DATE:19970101", "SUMMARY:Year days",
      "RRULE:FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200", "END:VEVENT",
      "BEGIN:VEVENT", "UID:hourly@test", "DTSTART:20240101T090000", "SUMMARY:Hourly", "RRULE:FREQ=HOURLY;COUNT=3",
      "END:VEVENT", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
    let berlin = ["TZ": "Europe/Berlin"]
    let imported = try cal.run(["import", try write(file)], environment: berlin)
    #expect(imported.stdout.contains("2 added, 0 updated, 0 unchanged, 1 skipped."), "\(imported.stdout)")
    #expect(
      imported.stdout.contains(
        "unsupported recurrence rule part FREQ=HOURLY (several times a day: an event in cal has one start time) "
          + "(FREQ=HOURLY;COUNT=3)"))
    let listed = try cal.run(["list", "2003-01-01..2006-12-31", "--json"], environment: berlin)
    let items = try #require(try CalProcess.json(listed.stdout) as? [[String: Any]])
    #expect(
      items.map { "\($0["start"] as? String ?? "") \($0["title"] as? String ?? "")" } == [
        "2003-01-01 Year days", "2003-04-10 Year days", "2003-05-12T15:00:00+02:00 Week 20", "2003-07-19 Year days",
        "2004-05-10T15:00:00+02:00 Week 20", "2005-05-16T15:00:00+02:00 Week 20", "2006-01-01 Year days",
        "2006-05-15T15:00:00+02:00 Week 20",
      ])
    #expect(items.last?["repeat"] as? String == "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO")
    let reminders = items.last?["reminders"] as? [[String: Any]]
    #expect(reminders?.first?["due"] as? String == "2006-05-15T14:45:00+02:00")
    #expect(try cal.run(["show", "2024-05"], environment: berlin).stdout.contains("Days with events: 13"))
    let exported = try cal.run(["export", "-"], environment: berlin).stdout
    #expect(exported.contains("RRULE:FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO\r\n"))
    #expect(exported.contains("RRULE:FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200\r\n"))
    // Added by hand, a series must start on one of its days.
    let rule = ["--rrule", "FREQ=YEARLY;BYWEEKNO=-1;BYDAY=FR"]
    #expect(try cal.run(["add", "2024-12-27", "last Friday"] + rule).status == 0)
    let refused = try cal.run(["add", "2024-12-20", "not the last Friday"] + rule)
    #expect(refused.status == 64 && refused.stderr.hasPrefix("Error: 2024-12-20 is not one of the days the series"))
  }

  @Test("BYHOUR and BYMINUTE that repeat DTSTART's time are read without them; another time, or several, is skipped")
  func timeOfDayParts() throws {
    let event = { (uid: String, start: String, rule: String) in
      [
        "BEGIN:VEVENT", "UID:\(uid)@test", "DTSTART;TZID=Europe/Berlin:\(start)", "SUMMARY:\(uid)", "RRULE:\(rule)",
        "END:VEVENT",
      ]
    }
    let file =
      (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"]
      + event("same", "20240513T093000", "FREQ=WEEKLY;COUNT=2;BYDAY=MO;BYHOUR=9;BYMINUTE=30;BYSECOND=0")
      + event("other", "20240513T093000", "FREQ=DAILY;BYHOUR=10")
      + event("several", "20240513T093000", "FREQ=DAILY;BYHOUR=9,17;BYMINUTE=30")
      + ["BEGIN:VEVENT", "UID:allday@test", "DTSTART;VALUE=DATE:20240513", "RRULE:FREQ=DAILY;BYHOUR=9", "END:VEVENT"]
      + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
    let berlin = ["TZ": "Europe/Berlin"]
    let imported = try cal.run(["import", try write(file)], environment: berlin)
    #expect(imported.stdout.contains("1 added, 0 updated, 0 unchanged, 3 skipped."), "\(imported.stdout)")
    for reason in [
      "BYHOUR=10 (a time other than DTSTART's: an event in cal has one start time) (FREQ=DAILY;BYHOUR=10)",
      "BYHOUR=9,17 (several times a day: an event in cal has one start time)",
      "BYHOUR=9 (an all-day event has no time of day)",
    ] {
      #expect(imported.stdout.contains("unsupported recurrence rule part " + reason), "\(reason)")
    }
    let listed = try cal.run(["list", "2024-05-01..2024-05-31", "--json"], environment: berlin)
    let items = try #require(try CalProcess.json(listed.stdout) as? [[String: Any]])
    #expect(items.map { $0["start"] as? String } == ["2024-05-13T09:30:00+02:00", "2024-05-20T09:30:00+02:00"])
    #expect(items.first?["repeat"] as? String == "FREQ=WEEKLY;COUNT=2;BYDAY=MO")
  }

  @Test("importing the same file again finds each event by UID and leaves it as it is, counted as unchanged")
  func reimport() throws {
    let path = try write(Self.mixed)
    try cal.run(["import", path])
    let before = try occurrences()
    let snapshot = cal.snapshot()
    let again = try cal.run(["import", path, "--json"])
    let summary = try #require(try CalProcess.json(again.stdout) as? [String: Any])
    #expect(summary["added"] as? Int == 0)
    #expect(summary["updated"] as? Int == 0)
    #expect(summary["unchanged"] as? Int == 5)
    #expect((summary["todos"] as? [String: Int]) == ["added": 0, "updated": 0, "unchanged": 1])
    #expect(try occurrences() == before)
    #expect(cal.snapshot() == snapshot)  // nothing rewritten
    // One event changed in the file: that one is updated, the others stay unchanged.
    let changed = try write(Self.mixed.replacingOccurrences(of: "SUMMARY:Bare date", with: "SUMMARY:Bare day"), "b.ics")
    #expect(try cal.run(["import", changed]).stdout.contains("0 events added, 1 updated, 4 unchanged; 0 to-dos"))
    // Changed in the calendar since (a title, an occurrence removed): the file's version is written again.
    let holiday = try #require(try listed().first { ($0["title"] as? String) == "Holiday, finally" }?["id"] as? Int)
    try cal.run(["edit", String(holiday), "--title", "renamed"])
    let zoned = try #require(try listed().first { ($0["title"] as? String) == "Zoned stand-up" }?["id"] as? Int)
    try cal.run(["rm", String(zoned), "--on", "2024-07-16"])
    #expect(try cal.run(["import", path]).stdout.contains("0 events added, 3 updated, 2 unchanged; 0 to-dos"))
    #expect(try occurrences() == before)
  }

  @Test("a malformed file is refused with its line and what is wrong, and nothing is imported")
  func malformed() throws {
    try cal.run(["add", "2024-07-01", "mine"])
    let before = cal.snapshot()
    let broken = Self.mixed.replacingOccurrences(of: "DTSTART:20240705", with: "DTSTART:20240732")
    let result = try cal.run(["import", try write(broken)])
    #expect(result.status == 1)
    #expect(result.stderr.contains("line 28: DTSTART '20240732' is not a date or a date-time"))
    #expect(cal.snapshot() == before)
    let truncated = try cal.run([
      "import", try write("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20240701\r\n", "cut.ics"),
    ])
    #expect(truncated.status == 1 && truncated.stderr.contains("line 2: BEGIN:VEVENT is never closed"))
    let notUTF8 = cal.folder + "/latin.ics"
    try Data([UInt8]("BEGIN:VEVENT\r\nSUMMARY:caf".utf8) + [0xE9] + [UInt8]("\r\nEND:VEVENT\r\n".utf8))
      .write(to: URL(fileURLWithPath: notUTF8))
    let refused = try cal.run(["import", notUTF8])
    #expect(refused.status == 1 && refused.stderr.contains("line 2: the file is not UTF-8 text"))
    #expect(cal.snapshot() == before)
  }

  @Test("--skip-invalid imports the valid events and names the others")
  func skipInvalid() throws {
    let broken = Self.mixed.replacingOccurrences(of: "DTSTART:20240705", with: "DTSTART:20240732")
    let result = try cal.run(["import", try write(broken), "--skip-invalid"])
    #expect(result.status == 0)
    #expect(
      result.stdout.contains(
        "4 events added, 0 updated, 0 unchanged; 1 to-do added, 0 updated, 0 unchanged; 1 skipped."))
    #expect(result.stdout.contains("skipped 1 VEVENT: DTSTART '20240732' is not a date or a date-time (line 28)"))
  }

  @Test(
    "an event whose extra dates would each copy a long description past 64 MiB is skipped, not imported as gigabytes")
  func amplifiedExtraDates() throws {
    // 40,000 extra dates, each holding the 2,000-byte note: 80 MB of calendar from a file of 0.5 MB.
    let dates = (0..<40_000).map { (index: Int) -> String in
      let (year, month, day) = (2000 + index / 336, index / 28 % 12 + 1, index % 28 + 1)
      return String(format: "%04d%02d%02d", year, month, day)
    }
    let note = String(repeating: "x", count: 2_000)
    let text = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", "UID:many@test",
      "DTSTAMP:20240101T000000Z", "DTSTART;VALUE=DATE:19990101", "SUMMARY:many", "DESCRIPTION:\(note)",
      "RDATE;VALUE=DATE:\(dates.joined(separator: ","))", "END:VEVENT", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
    let path = try write(text, "many.ics")
    // Skipped and named, as an event with a rule cal does not support is.
    let result = try cal.run(["import", path])
    let reason =
      "its 40000 extra dates (RDATE) would each hold a copy of its 2004 bytes of text, more than 64 MiB in all"
    #expect(result.status == 0 && result.stdout.contains("0 added, 0 updated, 0 unchanged, 1 skipped."))
    #expect(result.stdout.contains(reason), Comment(rawValue: result.stdout))
    #expect(try cal.run(["list", "1999-01-01"]).stdout == "No events on 1999-01-01.\n")
  }

  @Test("standard input can be imported with -")
  func standardInput() throws {
    let path = try write(Self.mixed)
    let result = try shell(
      "'\(CalProcess.binary)' import - --db '\(cal.database)' < '\(path)'",
      environment: ["PATH": "/usr/bin:/bin", "TZ": "UTC"])
    #expect(result.hasPrefix("Imported standard input: 5 events added"))
  }

  @Test("export writes valid RFC 5545: CRLF, folded at 75 octets without splitting characters, stable UIDs, VTIMEZONE")
  func exportShape() throws {
    try cal.run(["import", try write(Self.mixed)])
    try cal.run(["add", "2024-07-20", "mine, with; specials", "--at", "10:00", "--tz", "America/New_York"])
    let first = try cal.run(["export"]).stdout
    let bytes = Array(first.utf8)
    #expect(first.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:"))
    #expect(first.hasSuffix("END:VCALENDAR\r\n"))
    #expect(!bytes.enumerated().contains { $0.element == 10 && ($0.offset == 0 || bytes[$0.offset - 1] != 13) })
    for line in first.components(separatedBy: "\r\n") {
      #expect(line.utf8.count <= 75, "\(line)")
      #expect(String(validating: Array(line.utf8), as: UTF8.self) != nil)
    }
    #expect(first.contains("BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n"))
    #expect(first.contains("DTSTART;TZID=America/New_York:20240720T100000\r\n"))
    #expect(first.contains("SUMMARY:mine\\, with\\; specials\r\n"))
    #expect(first.contains("RECURRENCE-ID;TZID=Europe/Berlin:20240711T093000\r\n"))
    #expect(first.contains("EXDATE;TZID=Europe/Berlin:20240709T093000\r\n"))
    let uids = { (text: String) in text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") } }
    #expect(uids(try cal.run(["export"]).stdout) == uids(first))
    #expect(uids(first).contains("UID:zoned@test"))
  }

  @Test("export then import into an empty calendar gives the same events; and again")
  func roundTrip() throws {
    // One user, in Berlin, throughout.
    let berlin = ["TZ": "Europe/Berlin"]
    try cal.run(["import", try write(Self.mixed)], environment: berlin)
    let weekly = try cal.run(
      [
        "add", "2024-07-22", "weekly", "--at", "18:00", "--for", "2h", "--repeat", "weekly", "--until", "2024-08-31",
        "--json",
      ], environment: berlin)
    let id = try #require((try CalProcess.json(weekly.stdout) as? [String: Any])?["id"] as? Int)
    #expect(try cal.run(["rm", String(id), "--on", "2024-07-29"], environment: berlin).status == 0)
    let original = try occurrences()
    let exported = cal.folder + "/out.ics"
    #expect(try cal.run(["export", exported], environment: berlin).status == 0)
    let second = try CalProcess()
    defer { second.remove() }
    #expect(try second.run(["import", exported], environment: berlin).status == 0)
    let copy =
      try CalProcess.json(second.run(["list", "2024-07-01..2024-07-31", "--json"], environment: berlin).stdout)
      as? [[String: Any]]
    var seen = Set<String>()
    let copied = (copy ?? []).compactMap { item -> String? in
      let line =
        "\(item["start"] as? String ?? "") \(item["title"] as? String ?? "") \(item["location"] as? String ?? "-")"
      return seen.insert(line).inserted ? line : nil
    }
    #expect(copied == original)
    // Import, export, import again: still the same, and nothing to change.
    let again = second.folder + "/again.ics"
    #expect(try second.run(["export", again], environment: berlin).status == 0)
    #expect(
      try cal.run(["import", again], environment: berlin).stdout.contains(
        "0 events added, 0 updated, 6 unchanged; 0 to-dos added, 0 updated, 1 unchanged; 0 skipped."))
    #expect(try occurrences() == original)
  }

  @Test("an event on the user's own clock is exported in the user's zone, with its VTIMEZONE, not floating")
  func ownClockExport() throws {
    try cal.run(
      ["add", "2024-07-04", "breakfast", "--at", "08:00", "--for", "30m"], environment: ["TZ": "Europe/Berlin"])
    let text = try cal.run(["export"], environment: ["TZ": "Europe/Berlin"]).stdout
    #expect(text.contains("DTSTART;TZID=Europe/Berlin:20240704T080000\r\n"))
    #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"))
    // On a UTC clock, the same wall time is UTC.
    try cal.run(["add", "2024-07-05", "tea", "--at", "16:00"])
    #expect(try cal.run(["export"]).stdout.contains("DTSTART:20240705T160000Z\r\n"))
  }

  @Test("export --from --to keeps the events that happen in the range: a series only with an occurrence in it")
  func exportRange() throws {
    try cal.run(["add", "2024-01-10", "january"])
    try cal.run(["add", "2024-07-10", "july"])
    // Mondays of June only: no occurrence in July.
    try cal.run(["add", "2024-06-03", "june mondays", "--repeat", "weekly", "--until", "2024-06-30"])
    // Every Wednesday, but the one in the range removed.
    let weekly = try cal.run(["add", "2024-06-05", "wednesdays", "--repeat", "weekly", "--json"])
    let id = try #require((try CalProcess.json(weekly.stdout) as? [String: Any])?["id"] as? Int)
    try cal.run(["rm", String(id), "--on", "2024-07-17"])
    try cal.run(["add", "2024-05-01", "yearly", "--repeat", "yearly"])
    let july = try cal.run(["export", "--from", "2024-07-01", "--to", "2024-07-31"]).stdout
    #expect(july.contains("SUMMARY:july") && !july.contains("SUMMARY:january"))
    #expect(!july.contains("SUMMARY:june mondays") && !july.contains("SUMMARY:yearly"))
    #expect(july.contains("SUMMARY:wednesdays"))
    let middle = try cal.run(["export", "--from", "2024-07-15", "--to", "2024-07-19"]).stdout
    #expect(!middle.contains("SUMMARY:wednesdays"))
  }

  @Test("a SUMMARY starting with NUL imports (without the NUL), with or without --skip-invalid")
  func nulSummary() throws {
    let file = try write(
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:nul\r\nDTSTART;VALUE=DATE:20240701\r\nSUMMARY:\u{0}lunch\r\n"
        + "END:VEVENT\r\nEND:VCALENDAR\r\n")
    for options in [[], ["--skip-invalid"]] {
      let result = try cal.run(["import", file] + options)
      #expect(result.status == 0, "\(result.stderr)")
    }
    #expect(try listed().map { $0["title"] as? String } == ["lunch"])
  }

  @Test("an event without a SUMMARY is exported without one; --for 2d is two days on the clock, P2D")
  func summaryAndDays() throws {
    let file = try write(
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:untitled\r\nDTSTART;VALUE=DATE:20240701\r\nEND:VEVENT\r\n"
        + "END:VCALENDAR\r\n")
    try cal.run(["import", file])
    try cal.run(["add", "2024-03-30", "trip", "--at", "12:00", "--for", "2d", "--tz", "Europe/Berlin"])
    let text = try cal.run(["export"]).stdout
    let untitled = try #require(text.components(separatedBy: "BEGIN:VEVENT").first { $0.contains("UID:untitled") })
    #expect(!untitled.contains("SUMMARY"))
    #expect(text.contains("DURATION:P2D\r\n"))
    // Across the change to summer time (31 March), the trip still ends at noon.
    let trip = try cal.run(["list", "2024-03-30", "--json"], environment: ["TZ": "Europe/Berlin"]).stdout
    #expect(trip.contains("\"end\":\"2024-04-01T12:00:00+02:00\""))
  }

  @Test("an endless source is refused at once with one Error line, not read until memory runs out")
  func endlessSource() throws {
    let started = Date()
    let result = try cal.run(["import", "/dev/zero"])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("Error: ") && result.stderr.split(separator: "\n").count == 1)
    #expect(Date().timeIntervalSince(started) < 5)
  }
}

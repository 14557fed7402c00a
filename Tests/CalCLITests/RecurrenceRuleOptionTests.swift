import Foundation
import Testing

/// `--rrule` on `add` and `edit`, and the parts of a stored rule that `--until`, `--count` and `--every`
/// leave as they are, through the real `cal`, on a Berlin clock pinned at 2024-05-12 10:00.
final class RecurrenceRuleOptionTests {
  let cal: CalProcess

  init() throws {
    cal = try CalProcess()
  }

  deinit {
    cal.remove()
  }

  @discardableResult
  private func run(_ arguments: [String]) throws -> Subprocess.Result {
    try cal.run(arguments, at: "2024-05-12T10:00:00+02:00")
  }

  /// The rule `arguments` (an `add` or `edit` with `--json`) leave the event with, as JSON gives it.
  private func rule(after arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
    let result = try run(arguments + ["--json"])
    #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
    let event = try CalProcess.json(result.stdout) as? [String: Any]
    return event?["repeat"] as? String
  }

  private func imported(_ start: String, _ rule: String) throws {
    let path = cal.folder + "/in.ics"
    let text = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", "UID:\(UUID())@test",
      "DTSTAMP:20240101T000000Z", "DTSTART;VALUE=DATE:\(start)", "SUMMARY:imported", "RRULE:\(rule)", "END:VEVENT",
      "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    #expect(try run(["import", path]).status == 0)
  }

  private func expectAdded(
    _ start: String, _ options: [String], _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(try rule(after: ["add", start, "x"] + options) == expected, sourceLocation: sourceLocation)
  }

  @Test("add --rrule stores the rule as given, RRULE: before it or not; --count and --until replace its end")
  func add() throws {
    try expectAdded(
      "2024-05-31", ["--rrule", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"],
      "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")
    try expectAdded(
      "2025-03-30", ["--rrule", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU"], "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU")
    try expectAdded(
      "2024-05-12", ["--rrule", " rrule:freq=weekly;interval=2;byday=su,we;wkst=su "],
      "FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,WE;WKST=SU")
    try expectAdded("2024-05-12", ["--rrule", "FREQ=DAILY;COUNT=5", "--until", "6-1"], "FREQ=DAILY;UNTIL=20240601")
    try expectAdded(
      "2024-05-12", ["--rrule", "FREQ=WEEKLY;UNTIL=20241231", "--count", "3"], "FREQ=WEEKLY;COUNT=3")
    try expectAdded(
      "2024-05-12", ["--rrule", "FREQ=DAILY;UNTIL=20240501", "--until", "2024-06-01"], "FREQ=DAILY;UNTIL=20240601")
    let days = try #require(
      try CalProcess.json(run(["list", "2024-05-01..2024-09-30", "--json"]).stdout) as? [[String: Any]])
    #expect(
      days.filter { $0["id"] as? Int == 1 }.map { $0["date"] as? String } == [
        "2024-05-31", "2024-06-28", "2024-07-31", "2024-08-30", "2024-09-30",
      ])
  }

  @Test("edit --until, --count and --every change only their part: an imported BYMONTH and BYSETPOS stay")
  func editKeepsParts() throws {
    try imported("20240331", "FREQ=YEARLY;BYMONTH=3;BYDAY=SU;BYSETPOS=-1")
    let steps: [([String], String)] = [
      (["--until", "2030-12-31"], "FREQ=YEARLY;UNTIL=20301231;BYMONTH=3;BYDAY=SU;BYSETPOS=-1"),
      (["--count", "5"], "FREQ=YEARLY;COUNT=5;BYMONTH=3;BYDAY=SU;BYSETPOS=-1"),
      (["--every", "2"], "FREQ=YEARLY;INTERVAL=2;COUNT=5;BYMONTH=3;BYDAY=SU;BYSETPOS=-1"),
      (["--title", "clocks"], "FREQ=YEARLY;INTERVAL=2;COUNT=5;BYMONTH=3;BYDAY=SU;BYSETPOS=-1"),
      (["--rrule", "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "--date", "2024-10-27"], "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU"),
      (["--rrule", "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "--count", "2"], "FREQ=YEARLY;COUNT=2;BYMONTH=10;BYDAY=-1SU"),
    ]
    for (options, expected) in steps {
      #expect(try rule(after: ["edit", "1"] + options) == expected, "\(options)")
    }
    // A series imported out of step with its rule (12 May is no 2nd Tuesday) takes a new end and interval.
    try imported("20240512", "FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2")
    #expect(
      try rule(after: ["edit", "2", "--until", "2024-12-31"]) == "FREQ=MONTHLY;UNTIL=20241231;BYDAY=TU;BYSETPOS=2")
    #expect(
      try rule(after: ["edit", "2", "--every", "3"]) == "FREQ=MONTHLY;INTERVAL=3;UNTIL=20241231;BYDAY=TU;BYSETPOS=2")
    let exported = try run(["export", "-"]).stdout
    #expect(exported.contains("RRULE:FREQ=MONTHLY;INTERVAL=3;UNTIL=20241231;BYDAY=TU;BYSETPOS=2"))
  }

  private func expectRefused(
    _ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = cal.snapshot()
    let result = try run(arguments)
    #expect(result.status == 64, sourceLocation: sourceLocation)
    #expect(result.stderr.split(separator: "\n").first == "Error: \(message)"[...], sourceLocation: sourceLocation)
    #expect(cal.snapshot() == before, "the calendar file changed", sourceLocation: sourceLocation)
  }

  @Test("a bad --rrule, or one with --repeat, --every or --on, is one Error: line and changes nothing")
  func refused() throws {
    try run(["add", "2024-05-12", "weekly", "--repeat", "weekly"])
    let add = ["add", "2024-05-12", "x", "--rrule"]
    let known =
      "; cal reads FREQ=DAILY, WEEKLY, MONTHLY or YEARLY with INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH, "
      + "BYSETPOS and WKST, and BYYEARDAY and BYWEEKNO with YEARLY"
    try expectRefused(
      add + ["FREQ=MINUTELY"],
      "--rrule: unsupported recurrence rule part FREQ=MINUTELY (several times a day: an event in cal has one start "
        + "time)" + known)
    try expectRefused(
      add + ["FREQ=DAILY;UNTIL=20240501"],
      "--rrule: its UNTIL, 2024-05-01, is before the start 2024-05-12: the series would never happen")
    try expectRefused(
      ["edit", "1", "--rrule", "FREQ=DAILY;UNTIL=20240511T235959Z"],
      "--rrule: its UNTIL, 2024-05-11, is before the start 2024-05-12: the series would never happen")
    try expectRefused(
      add + ["FREQ=DAILY;BYHOUR=3"],
      "--rrule: unsupported recurrence rule part BYHOUR (an event in cal has one start time)" + known)
    try expectRefused(
      add + ["FREQ=MONTHLY;BYYEARDAY=3"],
      "--rrule: malformed recurrence rule: BYYEARDAY is for FREQ=YEARLY only (RFC 5545), not FREQ=MONTHLY")
    try expectRefused(
      add + ["FREQ=YEARLY;BYWEEKNO=54"], "--rrule: malformed recurrence rule: BYWEEKNO=54 is out of range: -53 to 53")
    try expectRefused(
      add + ["FREQ=WEEKLY;BYDAY=XX"],
      "--rrule: malformed recurrence rule: BYDAY=XX is not a weekday such as MO, or one with its place in the month "
        + "or year such as 2TU or -1FR")
    try expectRefused(
      add + ["FREQ=YEARLY;BYMONTH=13"], "--rrule: malformed recurrence rule: BYMONTH=13 is out of range: 1 to 12")
    try expectRefused(
      add + ["FREQ=DAILY;INTERVAL=100001"],
      "--rrule: malformed recurrence rule: INTERVAL=100001 is out of range: 1 to 100000")
    try expectRefused(
      add + ["FREQ=DAILY;COUNT=3;UNTIL=20250101"],
      "--rrule: malformed recurrence rule: COUNT and UNTIL cannot both be given")
    try expectRefused(add + ["FREQ=MONTHLY;BYDAY=0SU"], "--rrule: malformed recurrence rule: BYDAY=0SU does not exist")
    try expectRefused(add + ["BYDAY=SU"], "--rrule: malformed recurrence rule: the rule has no FREQ")
    try expectRefused(add + ["FREQ"], "--rrule: malformed recurrence rule: 'FREQ' is not NAME=VALUE")
    try expectRefused(add + ["RRULE:"], "--rrule needs a rule, such as FREQ=WEEKLY;BYDAY=MO,FR")
    try expectRefused(
      add + ["FREQ=DAILY\nBYDAY=SU"], "--rrule takes one line of RFC 5545 text, such as FREQ=WEEKLY;BYDAY=MO,FR")
    try expectRefused(
      add + ["FREQ=WEEKLY;BYDAY=MO"],
      "2024-05-12 is not one of the days the series repeats on (FREQ=WEEKLY;BYDAY=MO): start it on a day it "
        + "repeats on, or change the days it repeats on too")
    try expectRefused(
      add + ["FREQ=DAILY", "--repeat", "daily"], "--rrule is the whole rule: give it without --repeat, --every or --on")
    try expectRefused(
      add + ["FREQ=DAILY", "--every", "2"], "--rrule is the whole rule: give it without --repeat, --every or --on")
    try expectRefused(
      add + ["FREQ=WEEKLY", "--on", "sun"], "--rrule is the whole rule: give it without --repeat, --every or --on")
    try expectRefused(
      add + ["FREQ=DAILY", "--count", "2", "--until", "2024-06-01"], "give --count or --until, not both")
    try expectRefused(
      ["edit", "1", "--rrule", "FREQ=WEEKLY", "--repeat-on", "sun"],
      "--rrule is the whole rule: give it without --repeat, --every or --repeat-on")
    try expectRefused(
      ["edit", "1", "--rrule", "FREQ=YEARLY;BYMONTH=0"],
      "--rrule: malformed recurrence rule: BYMONTH=0 is out of range: 1 to 12")
    try expectRefused(
      ["edit", "1", "--on", "2024-05-19", "--rrule", "FREQ=DAILY"],
      "one occurrence cannot repeat: use --from-here to change the series from that day on")
    // UNTIL is a DATE or a DATE-TIME, as in a file; nothing after its day is ignored.
    for until in ["20241231T25", "20241231T999999Z", "20241231Tgarbage", "2024123"] {
      try expectRefused(
        add + ["FREQ=DAILY;UNTIL=\(until)"], "--rrule: malformed recurrence rule: UNTIL=\(until) is not a date")
    }
  }

  @Test(
    "a DATE-TIME UNTIL is an instant: the last day is the last one whose occurrence starts by then, as an import reads it"
  )
  func untilInstant() throws {
    // 01:00 in St John's is 04:30Z: the occurrence of 30 December starts after 04:00Z.
    try expectAdded(
      "2024-12-28", ["--at", "01:00", "--tz", "America/St_Johns", "--rrule", "FREQ=DAILY;UNTIL=20241230T040000Z"],
      "FREQ=DAILY;UNTIL=20241229")
    // On the user's own clock (Berlin): 05:00 is 04:00Z, after 03:00Z; at 04:00Z it is the last one.
    try expectAdded(
      "2024-12-28", ["--at", "05:00", "--rrule", "FREQ=DAILY;UNTIL=20241230T030000Z"], "FREQ=DAILY;UNTIL=20241229")
    try expectAdded(
      "2024-12-28", ["--at", "05:00", "--rrule", "FREQ=DAILY;UNTIL=20241230T040000Z"], "FREQ=DAILY;UNTIL=20241230")
    // An all-day series takes UNTIL's day.
    try expectAdded("2024-12-28", ["--rrule", "FREQ=DAILY;UNTIL=20241230T030000Z"], "FREQ=DAILY;UNTIL=20241230")
  }

  @Test("--repeat weekdays is Monday to Friday; --on takes runs (mon-fri) and iCalendar's two letters (mo)")
  func weekdayWords() throws {
    // 2024-05-13 is a Monday.
    try expectAdded("2024-05-13", ["--repeat", "weekdays"], "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
    try expectAdded(
      "2024-05-13", ["--repeat", "weekdays", "--every", "2"], "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR")
    try expectAdded("2024-05-13", ["--repeat", "weekly", "--on", "mon-wed"], "FREQ=WEEKLY;BYDAY=MO,TU,WE")
    try expectAdded("2024-05-17", ["--repeat", "weekly", "--on", "fri-mon"], "FREQ=WEEKLY;BYDAY=FR,SA,SU,MO")
    try expectAdded("2024-05-13", ["--repeat", "weekly", "--on", "MO,we,Fr"], "FREQ=WEEKLY;BYDAY=MO,WE,FR")
    try expectAdded("2024-05-13", ["--repeat", "weekly", "--on", "mon-fri,wed,mo"], "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
    try expectAdded("2024-05-14", ["--repeat", "monthly", "--on", "2nd-tu"], "FREQ=MONTHLY;BYDAY=2TU")
    let before = try run(["export"]).stdout
    for (options, message) in [
      (["--repeat", "weekdays", "--on", "mon"], "--repeat weekdays is Monday to Friday"),
      (["--repeat", "weekly", "--on", "mon-"], "--on mon-: expected weekdays such as mon,wed,fri or a run"),
      (["--repeat", "weekly", "--on", "mon-tue-wed"], "--on mon-tue-wed: expected weekdays"),
      (["--repeat", "weekly", "--on", "2nd-tue"], "--on 2nd-tue: expected weekdays"),
    ] {
      let result = try run(["add", "2024-05-13", "x"] + options)
      #expect(result.status == 64 && result.stderr.hasPrefix("Error: \(message)"), "\(options): \(result.stderr)")
    }
    // A Saturday is not a weekday: the series would start on a day it does not repeat on.
    let saturday = try run(["add", "2024-05-18", "x", "--repeat", "weekdays"])
    #expect(saturday.status == 64)
    #expect(
      saturday.stderr.hasPrefix(
        "Error: 2024-05-18 is not a weekday (Monday to Friday): start the series on a day it repeats on, such as "
          + "2024-05-20 (Monday)"), "\(saturday.stderr)")
    #expect(try run(["export"]).stdout == before)
  }

  @Test("--rrule is in the help of add and edit")
  func help() throws {
    for command in ["add", "edit"] {
      #expect(try run([command, "--help"]).stdout.contains("--rrule <rule>"), "\(command)")
    }
  }
}

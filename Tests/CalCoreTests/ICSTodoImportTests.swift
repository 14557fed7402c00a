import CalCore
import Foundation
import Testing

/// VTODO components (RFC 5545 §3.6.2) read as to-dos: each property, what cal does not read kept, malformed
/// values refused (or the to-do skipped with --skip-invalid) or noted, as for events.
@Suite("VTODO import")
struct ICSTodoImportTests {
  /// What a reading gives, to-dos read (zones from the system's database).
  struct Read {
    var todos: [ImportedTodo] = []
    var events: [ImportedEvent] = []
    var notes = ImportNotes()
  }

  /// What reading a VCALENDAR holding `lines` gives.
  static func read(
    _ lines: [String], skipInvalid: Bool = false, todos reading: ICSImporter.TodoReading = .read
  ) throws -> Read {
    let text =
      (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"] + lines + ["END:VCALENDAR"])
      .joined(separator: "\r\n") + "\r\n"
    return try read(text: text, skipInvalid: skipInvalid, todos: reading)
  }

  /// What reading the file `text` gives, as `cal import` reads it.
  static func read(
    text: String, skipInvalid: Bool = false, todos reading: ICSImporter.TodoReading = .read
  ) throws -> Read {
    let importer = ICSImporter { name throws(ZoneError) in
      guard let bytes = FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + name) else {
        throw ZoneError.unknown(name)
      }
      return try ZoneInfo(name: name, tzif: Array(bytes))
    }
    var input = ICSByteInput(Array(text.utf8))
    let scan = try ICSParser.scan(&input)
    var notes = ImportNotes()
    var todos: [ImportedTodo] = []
    var events: [ImportedEvent] = []
    try importer.read(
      &input, scan: scan, skipInvalid: skipInvalid, notes: &notes, todos: reading,
      todo: { todo, _ in todos.append(todo) }, event: { event, _ in events.append(event) })
    return Read(todos: todos, events: events, notes: notes)
  }

  /// The one to-do of a VTODO holding `properties` (after `UID:t`), with the notes.
  static func todo(_ properties: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> (
    TodoFields, notes: [String]
  ) {
    let read = try read(["BEGIN:VTODO", "UID:t"] + properties + ["END:VTODO"])
    let todo = try #require(read.todos.first, sourceLocation: sourceLocation)
    return (todo.fields, read.notes.approximations.map(\.note) + read.notes.skipped.map(\.reason))
  }

  static func day(_ text: String) -> CivilDate { try! CivilDate(parsing: text) }
  static func time(_ text: String) -> TimeOfDay { try! TimeOfDay(parsing: text) }

  @Test("every property: texts unescaped, DUE, PRIORITY, STATUS, COMPLETED, UID; the rest kept in order")
  func everyProperty() throws {
    let read = try Self.read([
      "BEGIN:VTODO", "UID:taxes@example.com", "DTSTAMP:20240101T000000Z", "CREATED:20240101T000000Z",
      "LAST-MODIFIED:20240102T000000Z", "SUMMARY:file taxes\\, finally", "DESCRIPTION:forms\\nand receipts",
      "LOCATION:office\\; upstairs", "DTSTART;TZID=Europe/Berlin:20240501T090000",
      "DUE;TZID=America/New_York:20240531T170000", "PRIORITY:2", "STATUS:COMPLETED",
      "COMPLETED:20240530T101500Z", "PERCENT-COMPLETE:100", "CATEGORIES:admin,money", "RRULE:FREQ=YEARLY",
      "RELATED-TO:parent@example.com", "SEQUENCE:3", "X-APPLE-SORT-ORDER:12", "BEGIN:VALARM", "ACTION:DISPLAY",
      "TRIGGER;RELATED=END:-PT1H", "DESCRIPTION:soon", "END:VALARM", "END:VTODO",
    ])
    #expect(read.events.isEmpty && read.notes.skippedCount == 0 && read.notes.approximationCount == 0)
    let todo = try #require(read.todos.first)
    #expect(todo.line == 4)
    let fields = todo.fields
    #expect(fields.uid == "taxes@example.com")
    #expect(fields.title == "file taxes, finally")
    #expect(fields.note == "forms\nand receipts")
    #expect(fields.location == "office; upstairs")
    #expect(fields.due == TodoDue(day: Self.day("2024-05-31"), time: Self.time("17:00"), timeZone: "America/New_York"))
    #expect(fields.priority == TodoPriority(2))
    #expect(fields.status == .done)
    // 2024-05-30 10:15:00 UTC.
    #expect(fields.completedAt == 1_717_064_100_000)
    // DTSTART first, as cal writes it; the stamps, which an export writes anew, are not kept. A to-do has no
    // reminders: its DISPLAY alarm is kept whole.
    #expect(
      fields.keptLines
        == [
          "DTSTART;TZID=Europe/Berlin:20240501T090000", "PERCENT-COMPLETE:100", "CATEGORIES:admin,money",
          "RRULE:FREQ=YEARLY", "RELATED-TO:parent@example.com", "SEQUENCE:3", "X-APPLE-SORT-ORDER:12", "BEGIN:VALARM",
          "ACTION:DISPLAY", "TRIGGER;RELATED=END:-PT1H", "DESCRIPTION:soon", "END:VALARM",
        ].joined(separator: "\n"))
  }

  @Test("DUE as a date, floating, in UTC, in a zone, in an unknown zone, on X-WR-TIMEZONE's clock")
  func dueValues() throws {
    func check(
      _ lines: [String], _ due: TodoDue?, note: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      let read = try Self.read(lines)
      let todo = try #require(read.todos.first, sourceLocation: sourceLocation)
      #expect(todo.fields.due == due, sourceLocation: sourceLocation)
      #expect(read.notes.approximations.first?.note == note, sourceLocation: sourceLocation)
    }
    let todo = { (due: String) in ["BEGIN:VTODO", "UID:t", "SUMMARY:s", due, "END:VTODO"] }
    let may31 = Self.day("2024-05-31")
    try check(todo("DUE;VALUE=DATE:20240531"), TodoDue(day: may31))
    try check(todo("DUE:20240531"), TodoDue(day: may31))
    try check(todo("DUE:20240531T170000"), TodoDue(day: may31, time: Self.time("17:00")))
    try check(todo("DUE:20240531T150000Z"), TodoDue(day: may31, time: Self.time("15:00"), timeZone: "UTC"))
    try check(
      todo("DUE;TZID=Europe/Berlin:20240531T170000"),
      TodoDue(day: may31, time: Self.time("17:00"), timeZone: "Europe/Berlin"))
    // A Windows zone name is read as the IANA zone it stands for, and said so.
    try check(
      todo("DUE;TZID=W. Europe Standard Time:20240531T170000"),
      TodoDue(day: may31, time: Self.time("17:00"), timeZone: "Europe/Berlin"),
      note: "time zone 'W. Europe Standard Time' has no VTIMEZONE; read as Europe/Berlin")
    try check(
      todo("DUE;TZID=Nowhere/Atlantis:20240531T170000"), TodoDue(day: may31, time: Self.time("17:00")),
      note: "unknown time zone 'Nowhere/Atlantis' read as your own clock")
    // Google's calendar-wide zone puts floating and UTC times on its clock.
    try check(
      ["X-WR-TIMEZONE:America/New_York"] + todo("DUE:20240531T150000Z"),
      TodoDue(day: may31, time: Self.time("11:00"), timeZone: "America/New_York"))
    // A zone only the file defines, matching no IANA zone: the same instant in UTC.
    try check(
      [
        "BEGIN:VTIMEZONE", "TZID:Odd", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0117",
        "TZOFFSETTO:+0117", "END:STANDARD", "END:VTIMEZONE",
      ] + todo("DUE;TZID=Odd:20240531T171700"), TodoDue(day: may31, time: Self.time("16:00"), timeZone: "UTC"),
      note: "time zone 'Odd' kept as UTC")
  }

  @Test("DTSTART with DURATION and no DUE is due at their sum: days on the start's clock, hours exact")
  func startAndDuration() throws {
    func due(_ start: String, _ duration: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> TodoDue?
    {
      try Self.todo([start, "DURATION:\(duration)"], sourceLocation: sourceLocation).0.due
    }
    #expect(try due("DTSTART;VALUE=DATE:20240529", "P2D") == TodoDue(day: Self.day("2024-05-31")))
    #expect(try due("DTSTART;VALUE=DATE:20240529", "P1W") == TodoDue(day: Self.day("2024-06-05")))
    #expect(
      try due("DTSTART:20240531T220000", "PT90M") == TodoDue(day: Self.day("2024-05-31"), time: Self.time("23:30")))
    #expect(
      try due("DTSTART:20240531T220000Z", "PT3H")
        == TodoDue(day: Self.day("2024-06-01"), time: Self.time("01:00"), timeZone: "UTC"))
    // Berlin's clocks go forward in the night to 31 March 2024: a day is the next noon, 24 hours an hour later.
    let berlin = "DTSTART;TZID=Europe/Berlin:20240330T120000"
    #expect(
      try due(berlin, "P1D")
        == TodoDue(day: Self.day("2024-03-31"), time: Self.time("12:00"), timeZone: "Europe/Berlin"))
    #expect(
      try due(berlin, "PT24H")
        == TodoDue(day: Self.day("2024-03-31"), time: Self.time("13:00"), timeZone: "Europe/Berlin"))
    // DUE wins over a DURATION beside it (RFC 5545 allows only one), which is left out and said so.
    let (both, notes) = try Self.todo([berlin, "DUE;VALUE=DATE:20240405", "DURATION:P1D"])
    #expect(both.due == TodoDue(day: Self.day("2024-04-05")))
    #expect(notes == ["DURATION beside DUE left out (RFC 5545 allows one of them)"])
    let (alone, aloneNotes) = try Self.todo(["DURATION:P1D"])
    #expect(alone.due == nil && aloneNotes == ["DURATION without DTSTART left out"])
    let (negative, negativeNotes) = try Self.todo([berlin, "DURATION:-P1D"])
    #expect(negative.due == nil && negativeNotes == ["a negative DURATION left out"])
    #expect(negative.keptLines == berlin)
  }

  @Test("PRIORITY 0 to 9 is read; any other value is none, and said so")
  func priorities() throws {
    for value in 0...9 {
      #expect(try Self.todo(["PRIORITY:\(value)"]).0.priority.value == value)
    }
    #expect(try Self.todo(["PRIORITY: 3 "]).0.priority == TodoPriority(3))
    for value in ["10", "-1", "high", "", "99999999999999999999"] {
      let (fields, notes) = try Self.todo(["PRIORITY:\(value)"])
      #expect(fields.priority == .none, "\(value)")
      #expect(notes == ["PRIORITY '\(value.trimmingSpaces())' is not a number from 0 to 9: read as none (0)"])
      #expect(fields.keptLines == nil)
    }
  }

  @Test("STATUS, or without one COMPLETED or PERCENT-COMPLETE:100, says whether it is open, started, done, cancelled")
  func statuses() throws {
    func check(
      _ properties: [String], _ status: TodoStatus, completed: Int64? = nil, notes: [String] = [],
      sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      let (fields, read) = try Self.todo(properties, sourceLocation: sourceLocation)
      #expect(fields.status == status, sourceLocation: sourceLocation)
      #expect(fields.completedAt == completed, sourceLocation: sourceLocation)
      #expect(read == notes, sourceLocation: sourceLocation)
    }
    // 2024-05-30 10:15:00 UTC.
    let instant: Int64 = 1_717_064_100_000
    try check([], .open)
    try check(["STATUS:NEEDS-ACTION"], .open)
    try check(["STATUS:in-process"], .started)
    try check(["STATUS:COMPLETED"], .done)
    try check(["STATUS:COMPLETED", "COMPLETED:20240530T101500Z"], .done, completed: instant)
    try check(["STATUS:CANCELLED"], .cancelled)
    try check(["COMPLETED:20240530T101500Z"], .done, completed: instant)
    try check(["PERCENT-COMPLETE:100"], .done)
    try check(["PERCENT-COMPLETE:40"], .open)
    try check(
      ["STATUS:TENTATIVE"], .open,
      notes: ["STATUS 'TENTATIVE' is not one of a to-do's (NEEDS-ACTION, IN-PROCESS, COMPLETED, CANCELLED): left out"])
    try check(
      ["STATUS:NEEDS-ACTION", "COMPLETED:20240530T101500Z"], .open,
      notes: ["COMPLETED left out: the to-do is not done (STATUS:NEEDS-ACTION)"])
    // COMPLETED is UTC by RFC 5545; products write it in a zone too (node-ical's French calendar), or floating.
    try check(["COMPLETED;TZID=Europe/Berlin:20240530T121500"], .done, completed: instant)
    try check(
      ["COMPLETED:20240530T101500"], .done, completed: instant, notes: ["COMPLETED without a zone read as UTC"])
    // In a zone cal does not know: read as UTC too, and said once (not also "read as your own clock").
    try check(
      ["COMPLETED;TZID=Nowhere/Zone:20240530T101500"], .done, completed: instant,
      notes: ["COMPLETED in the unknown time zone 'Nowhere/Zone' read as UTC"])
  }

  @Test("no SUMMARY: (no title); no UID: one made from the content, the same on every reading, numbered")
  func placeholders() throws {
    let lines = [
      "BEGIN:VTODO", "DUE;VALUE=DATE:20240531", "END:VTODO", "BEGIN:VTODO", "SUMMARY: ", "END:VTODO",
      "BEGIN:VTODO", "DUE;VALUE=DATE:20240531", "END:VTODO",
    ]
    let first = try Self.read(lines).todos.map(\.fields)
    #expect(first.map(\.title) == ["(no title)", "(no title)", "(no title)"])
    let uids = first.compactMap(\.uid)
    #expect(uids.count == 3 && Set(uids).count == 3 && uids.allSatisfy { $0.hasPrefix("cal-import-") })
    #expect(uids[0].hasSuffix("-1") && uids[2].hasSuffix("-2") && uids[0].dropLast() == uids[2].dropLast())
    #expect(try Self.read(lines).todos.compactMap(\.fields.uid) == uids)
  }

  @Test("malformed DUE, DTSTART, DURATION or COMPLETED refuses the file; --skip-invalid skips that to-do alone")
  func malformed() throws {
    for (property, message) in [
      ("DUE:2024-05-31", "DUE '2024-05-31' is not a date or a date-time"),
      ("DTSTART:20241331", "DTSTART '20241331' is not a date or a date-time"),
      ("COMPLETED:yesterday", "COMPLETED 'yesterday' is not a date or a date-time"),
      ("DURATION:PT1X", "DURATION 'PT1X' is not a duration"),
    ] {
      let lines = [
        "BEGIN:VTODO", "UID:good", "SUMMARY:good", "END:VTODO", "BEGIN:VTODO", "UID:bad", property, "END:VTODO",
      ]
      #expect(throws: ICSError(line: 10, message)) { try Self.read(lines) }
      let skipping = try Self.read(lines, skipInvalid: true)
      #expect(skipping.todos.map(\.fields.title) == ["good"])
      #expect(skipping.notes.skipped.map(\.what) == ["VTODO"] && skipping.notes.skipped.first?.reason == message)
    }
    // A DURATION that goes past the year 9999.
    #expect(throws: ICSError(line: 7, "DTSTART with DURATION 'P3000D' is due outside the years 1 to 9999")) {
      try Self.read(["BEGIN:VTODO", "UID:far", "DTSTART;VALUE=DATE:99991201", "DURATION:P3000D", "END:VTODO"])
    }
  }

  @Test("an edited occurrence of a repeating to-do is skipped, named; the repeating to-do is kept")
  func editedOccurrence() throws {
    let read = try Self.read([
      "BEGIN:VTODO", "UID:weekly", "SUMMARY:water plants", "DUE;VALUE=DATE:20240506", "RRULE:FREQ=WEEKLY",
      "END:VTODO", "BEGIN:VTODO", "UID:weekly", "RECURRENCE-ID;VALUE=DATE:20240513", "SUMMARY:water plants later",
      "DUE;VALUE=DATE:20240514", "END:VTODO",
    ])
    #expect(read.todos.map(\.fields.title) == ["water plants"])
    #expect(read.todos.first?.fields.keptLines == "RRULE:FREQ=WEEKLY")
    #expect(read.notes.skipped.map(\.what) == ["VTODO"] && read.notes.skipped.first?.line == 10)
  }

  @Test(
    "a reading of events alone (a server's resource, a feed) leaves the to-dos out as before: to-dos are not events")
  func eventsOnly() throws {
    let lines = [
      "BEGIN:VTODO", "UID:t", "SUMMARY:s", "DUE:not a date", "END:VTODO", "BEGIN:VEVENT", "UID:e",
      "DTSTART:20240512", "SUMMARY:e", "END:VEVENT",
    ]
    let read = try Self.read(lines, todos: .eventsOnly)
    #expect(read.todos.isEmpty && read.events.map(\.uid) == ["e"])
    #expect(read.notes.skipped.map { "\($0.what) \($0.line ?? 0) \($0.reason)" } == ["VTODO 4 to-dos are not events"])
    // The same in memory, as CalDAV sync reads each resource.
    let text = (["BEGIN:VCALENDAR"] + lines + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
    let importer = ICSImporter { name throws(ZoneError) in throw ZoneError.unknown(name) }
    let result = try importer.read(try ICSParser.parse(Array(text.utf8)), skipInvalid: false)
    #expect(result.events.map(\.uid) == ["e"] && result.skipped.map(\.reason) == ["to-dos are not events"])
    // Any other reason is given as it is.
    let other = try Self.read(lines, todos: .skip(reason: "not here"))
    #expect(other.todos.isEmpty && other.notes.skipped.map(\.reason) == ["not here"])
  }

  @Test("a VTODO outside any VCALENDAR is read as one inside")
  func loose() throws {
    let text = "BEGIN:VTODO\r\nUID:loose\r\nSUMMARY:loose\r\nDUE;VALUE=DATE:20240531\r\nEND:VTODO\r\n"
    let todos = try Self.read(text: text).todos
    #expect(todos.map(\.fields.title) == ["loose"] && todos.first?.fields.due == TodoDue(day: Self.day("2024-05-31")))
  }
}

import CalCore
import CalService
import Foundation
import Testing

/// To-dos through `cal import` and `cal export` in the service: saved beside the events in the import's one
/// transaction, found again by UID, undone with it, kept in CalDAV calendars (whose sync carries them), left out of feeds; exported as
/// VTODOs and read back the same.
@Suite("To-dos through import and export")
struct TodoImportExportTests {
  /// A file with an event and two to-dos: one due at a time in New York, one with a day.
  static let file = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//test//EN\r
    BEGIN:VEVENT\r
    UID:holiday@example.com\r
    DTSTART;VALUE=DATE:20240520\r
    SUMMARY:holiday\r
    END:VEVENT\r
    BEGIN:VTODO\r
    UID:taxes@example.com\r
    SUMMARY:file taxes\r
    DUE;TZID=America/New_York:20240531T170000\r
    PRIORITY:1\r
    STATUS:IN-PROCESS\r
    CATEGORIES:admin\r
    END:VTODO\r
    BEGIN:VTODO\r
    UID:milk@example.com\r
    SUMMARY:buy milk\r
    DUE;VALUE=DATE:20240513\r
    END:VTODO\r
    END:VCALENDAR\r

    """

  /// Imports `text` as `cal import` does: checked first, then read and saved one component at a time.
  static func imported(
    _ fixture: ServiceFixture, _ text: String, calendar: String? = nil, skipInvalid: Bool = false
  ) throws -> ImportReport {
    var input = ICSByteInput(Array(text.utf8))
    let plan = try CalendarService.planImport(&input)
    return try fixture.service.importCalendar(&input, plan: plan, skipInvalid: skipInvalid, calendar: calendar)
  }

  /// The to-dos, done and cancelled too, as `title due priority status`, by id.
  static func todos(_ fixture: ServiceFixture) throws -> [String] {
    try fixture.service.todos(.all).sorted { $0.record.id < $1.record.id }.map { item in
      let fields = item.record.fields
      let due = fields.due.map { "\($0.day)\($0.time.map { " \($0)" } ?? "")\($0.timeZone.map { " \($0)" } ?? "")" }
      return "\(fields.title) \(due ?? "-") \(fields.priority.value) \(fields.status.rawValue)"
    }
  }

  @Test("to-dos import beside the events, counted apart; again, unchanged; changed, updated")
  func importAndAgain() throws {
    let fixture = try ServiceFixture()
    let changes = try fixture.service.changes().count
    let report = try Self.imported(fixture, Self.file)
    #expect((report.added, report.updated, report.unchanged) == (1, 0, 0))
    #expect((report.addedTodos, report.updatedTodos, report.unchangedTodos) == (2, 0, 0))
    #expect(report.skippedCount == 0)
    #expect(
      try Self.todos(fixture) == [
        "file taxes 2024-05-31 17:00 America/New_York 1 started", "buy milk 2024-05-13 0 open",
      ])
    let taxes = try #require(try fixture.service.todos(.all).first { $0.record.title == "file taxes" })
    #expect(taxes.record.fields.uid == "taxes@example.com" && taxes.record.fields.keptLines == "CATEGORIES:admin")
    #expect(taxes.calendarName == "personal")
    #expect(
      try fixture.service.changes(limit: 1).first?.summary
        == "imported 1 new and 0 updated events, 2 new and 0 updated to-dos")
    // Again: nothing is written.
    fixture.now += 60_000
    let again = try Self.imported(fixture, Self.file)
    #expect(
      (again.added, again.unchanged, again.addedTodos, again.updatedTodos, again.unchangedTodos) == (0, 1, 0, 0, 2))
    #expect(try fixture.service.changes().count == changes + 1)
    // One to-do changed in the file: that one is updated, in place.
    let changed = Self.file.replacingOccurrences(of: "SUMMARY:buy milk", with: "SUMMARY:buy oat milk")
    let third = try Self.imported(fixture, changed)
    #expect((third.addedTodos, third.updatedTodos, third.unchangedTodos) == (0, 1, 1))
    #expect(try Self.todos(fixture).last == "buy oat milk 2024-05-13 0 open")
    #expect(try fixture.service.todos(.all).count == 2)
    #expect(
      try fixture.service.changes(limit: 1).first?.summary
        == "imported 0 new and 0 updated events (1 unchanged), 0 new and 1 updated to-dos (1 unchanged)")
  }

  @Test("cal undo takes the imported to-dos back with the events, and an update back to what it was")
  func undo() throws {
    let fixture = try ServiceFixture()
    _ = try Self.imported(fixture, Self.file)
    _ = try fixture.service.undo()
    #expect(try fixture.service.todos(.all).isEmpty)
    #expect(try fixture.service.agenda(from: day("2024-05-20"), through: day("2024-05-20")).isEmpty)
    _ = try fixture.service.redo()
    #expect(try fixture.service.todos(.all).count == 2)
    _ = try Self.imported(fixture, Self.file.replacingOccurrences(of: "PRIORITY:1", with: "PRIORITY:9"))
    #expect(try Self.todos(fixture).first == "file taxes 2024-05-31 17:00 America/New_York 9 started")
    _ = try fixture.service.undo()
    #expect(try Self.todos(fixture).first == "file taxes 2024-05-31 17:00 America/New_York 1 started")
  }

  @Test("a to-do that cannot be read refuses the whole file, events too; --skip-invalid keeps the rest")
  func allOrNothing() throws {
    let fixture = try ServiceFixture()
    let changes = try fixture.service.changes().count
    let broken = Self.file.replacingOccurrences(of: "DUE;VALUE=DATE:20240513", with: "DUE;VALUE=DATE:2024-05-13")
    #expect(throws: ImportFailure.self) { try Self.imported(fixture, broken) }
    #expect(try fixture.service.todos(.all).isEmpty)
    #expect(try fixture.service.agenda(from: day("2024-05-20"), through: day("2024-05-20")).isEmpty)
    #expect(try fixture.service.changes().count == changes)
    let skipping = try Self.imported(fixture, broken, skipInvalid: true)
    #expect((skipping.added, skipping.addedTodos) == (1, 1))
    #expect(
      skipping.skipped.map { "\($0.what) \($0.line ?? 0) \($0.reason)" } == [
        "VTODO 20 DUE '2024-05-13' is not a date or a date-time"
      ])
  }

  @Test("a UID twice in a file: the later to-do is kept, once, and the earlier named")
  func repeatedUID() throws {
    let fixture = try ServiceFixture()
    let todo = { (title: String) in "BEGIN:VTODO\r\nUID:same\r\nSUMMARY:\(title)\r\nEND:VTODO\r\n" }
    let text = "BEGIN:VCALENDAR\r\n" + todo("first") + todo("second") + "END:VCALENDAR\r\n"
    let report = try Self.imported(fixture, text)
    #expect((report.addedTodos, report.updatedTodos) == (1, 0))
    #expect(report.skipped.map(\.reason) == ["a second to-do with the same UID; the later one is kept"])
    #expect(try Self.todos(fixture) == ["second - 0 open"])
    // Again: the first replaces what is kept and the second puts it back, counted once, as for events.
    let again = try Self.imported(fixture, text)
    #expect((again.addedTodos, again.updatedTodos, again.unchangedTodos) == (0, 1, 0))
    #expect(try Self.todos(fixture) == ["second - 0 open"])
  }

  @Test("into a CalDAV calendar the to-dos come in with the events, for its sync to send up; added there too")
  func intoCalDAV() throws {
    let fixture = try ServiceFixture()
    _ = try fixture.service.addCalendar(
      CalendarRecord(id: 0, name: "work", kind: .caldav, url: "http://localhost/cal/work/"))
    let report = try Self.imported(fixture, Self.file, calendar: "work")
    #expect(report.added == 1 && report.keptTodos)
    #expect((report.addedTodos, report.updatedTodos) == (2, 0))
    #expect(report.skipped.isEmpty)
    #expect(try fixture.service.todos(calendar: "work", .all).count == 2)
    // Added and moved there as into a local calendar.
    let added = try fixture.service.addTodo(TodoFields(title: "call Ana"), calendar: "work")
    #expect(added.calendarName == "work")
    let local = try fixture.service.addTodo(TodoFields(title: "buy milk"))
    let moved = try fixture.service.editTodo(id: local.record.id, calendar: "work") { $0 }
    #expect(moved.calendarName == "work")
    #expect(try fixture.service.todos(calendar: "work", .all).count == 4)
  }

  @Test("a file read whole into memory, as a subscription's feed is, keeps its events alone, as before")
  func feeds() throws {
    let fixture = try ServiceFixture()
    let prepared = try CalendarService.prepareImport(
      Array(Self.file.utf8), skipInvalid: false, zones: fixture.service.environment.zones)
    let report = try fixture.service.importCalendar(prepared)
    #expect(report.added == 1 && !report.keptTodos)
    #expect(report.skipped.map(\.reason) == ["to-dos are not events", "to-dos are not events"])
    #expect(try fixture.service.todos(.all).isEmpty)
  }

  /// The export of `fixture`'s calendar (`calendar` alone, when given) from `first` through `last`.
  static func exported(
    _ fixture: ServiceFixture, from first: CivilDate? = nil, through last: CivilDate? = nil, calendar: String? = nil
  ) throws -> String {
    var text = ""
    try fixture.service.export(from: first, through: last, calendar: calendar, product: "-//cal//test//EN") {
      (piece: String) in text += piece
    }
    return text
  }

  @Test("export then import gives the same to-dos; imported again where they came from, they are unchanged")
  func roundTrip() throws {
    let fixture = try ServiceFixture()
    let added: [TodoFields] = [
      TodoFields(
        title: "file taxes, finally", note: "forms\nreceipts", location: "office",
        due: TodoDue(day: day("2024-05-31"), time: try TimeOfDay(parsing: "17:00"), timeZone: "America/New_York"),
        priority: .high, status: .started),
      TodoFields(title: "call mum", due: TodoDue(day: day("2024-05-13"), time: try TimeOfDay(parsing: "18:30"))),
      TodoFields(
        title: "read", due: TodoDue(day: day("2024-05-14"), time: try TimeOfDay(parsing: "08:00"), timeZone: "UTC")),
      TodoFields(title: "buy milk", due: TodoDue(day: day("2024-05-13")), priority: .low),
      TodoFields(title: "someday"),
    ]
    for fields in added { _ = try fixture.service.addTodo(fields) }
    // Done at a time with milliseconds, which COMPLETED (to the second) cannot say.
    fixture.now += 1_234
    _ = try fixture.service.markTodos([4], as: .done)
    _ = try fixture.service.markTodos([5], as: .cancelled)
    _ = try Self.imported(fixture, Self.file)
    let text = try Self.exported(fixture)
    #expect(text.components(separatedBy: "BEGIN:VTODO").count == 8)
    #expect(text.contains("TZID:America/New_York\r\n"))
    let other = try ServiceFixture()
    let report = try Self.imported(other, text)
    #expect((report.added, report.addedTodos, report.skippedCount) == (1, 7, 0))
    let original = try fixture.service.todos(.all).map(\.record.fields).sorted { $0.uid ?? "" < $1.uid ?? "" }
    let copied = try other.service.todos(.all).map(\.record.fields).sorted { $0.uid ?? "" < $1.uid ?? "" }
    #expect(copied.count == original.count)
    for (mine, theirs) in zip(original, copied) {
      var expected = mine
      expected.completedAt = mine.completedAt.map { $0 - $0 % 1000 }
      #expect(theirs == expected)
    }
    #expect(try Self.todos(other) == (try Self.todos(fixture)))
    // Into the calendar they came from: all unchanged, COMPLETED's lost milliseconds notwithstanding.
    let again = try Self.imported(fixture, text)
    #expect((again.addedTodos, again.updatedTodos, again.unchangedTodos) == (0, 0, 7))
  }

  @Test("an export with a range writes the to-dos due in it, on your clock; without one, every to-do")
  func ranges() throws {
    let fixture = try ServiceFixture()
    _ = try fixture.service.addCalendar(CalendarRecord(id: 0, name: "home", kind: .local))
    let added: [(TodoFields, String?)] = [
      (TodoFields(title: "early", due: TodoDue(day: day("2024-05-10"))), nil),
      // 23:30 in New York on 20 May is 05:30 on 21 May in Berlin.
      (
        TodoFields(
          title: "late in New York",
          due: TodoDue(day: day("2024-05-20"), time: try TimeOfDay(parsing: "23:30"), timeZone: "America/New_York")),
        nil
      ),
      (TodoFields(title: "undated"), nil),
      (TodoFields(title: "at home", due: TodoDue(day: day("2024-05-15"))), "home"),
    ]
    for (fields, calendar) in added { _ = try fixture.service.addTodo(fields, calendar: calendar) }
    func titles(_ text: String) -> [String] {
      text.components(separatedBy: "\r\n").filter { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst(8)) }
    }
    #expect(try titles(Self.exported(fixture)) == ["early", "late in New York", "undated", "at home"])
    #expect(try titles(Self.exported(fixture, from: day("2024-05-15"), through: day("2024-05-20"))) == ["at home"])
    #expect(try titles(Self.exported(fixture, from: day("2024-05-21"))) == ["late in New York"])
    #expect(try titles(Self.exported(fixture, through: day("2024-05-15"))) == ["early", "at home"])
    #expect(try titles(Self.exported(fixture, calendar: "home")) == ["at home"])
    // A VTIMEZONE for the zone a written to-do names, none for one left out.
    #expect(try Self.exported(fixture, from: day("2024-05-21")).contains("TZID:America/New_York\r\n"))
    #expect(try !Self.exported(fixture, through: day("2024-05-15")).contains("America/New_York"))
  }
}

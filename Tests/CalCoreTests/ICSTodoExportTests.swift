import CalCore
import Foundation
import Testing

/// To-dos written as VTODO components: the lines, what the importer reads of them again, and what Python's
/// `icalendar` reads of them.
@Suite("VTODO export")
struct ICSTodoExportTests {
  /// 2024-05-01 10:00 UTC.
  static let created: Int64 = 1_714_557_600_000
  /// 2024-05-30 10:15 UTC.
  static let finished: Int64 = 1_717_064_100_000

  static func day(_ text: String) -> CivilDate { try! CivilDate(parsing: text) }
  static func time(_ text: String) -> TimeOfDay { try! TimeOfDay(parsing: text) }

  /// Done with a zoned time, imported with a DTSTART in another zone; a day; floating; UTC; no date.
  static let todos: [TodoRecord] = [
    TodoFields(
      title: "file taxes, finally; now", note: "forms\nand receipts", location: "office",
      due: TodoDue(day: day("2024-05-31"), time: time("17:00"), timeZone: "America/New_York"),
      priority: TodoPriority(2)!, status: .done, completedAt: finished, uid: "a@test",
      keptLines: "DTSTART;TZID=Europe/Berlin:20240501T090000\nCATEGORIES:admin,money"),
    TodoFields(title: "day", due: TodoDue(day: day("2024-06-01"))),
    TodoFields(
      title: "floating", due: TodoDue(day: day("2024-06-02"), time: time("08:00")), priority: .low,
      status: .started, uid: "c@test"),
    TodoFields(
      title: "utc", due: TodoDue(day: day("2024-06-03"), time: time("12:00"), timeZone: "UTC"), status: .cancelled,
      uid: "d@test"),
    TodoFields(title: "someday", uid: "e@test"),
  ].enumerated().map { index, fields in
    TodoRecord(
      id: Int64(index + 1), fields: fields, calendarID: 1, createdAt: created,
      updatedAt: index == 0 ? finished : created)
  }

  /// The calendar of `todos` as `cal export` writes it: a VTIMEZONE for each zone they name (loaded from the
  /// system's database), then the VTODOs.
  static func calendar(_ todos: [TodoRecord]) throws -> String {
    var spans: [String: (first: CivilDate, last: CivilDate?)] = [:]
    var zones: [String: ZoneInfo] = [:]
    for todo in todos {
      for (zone, day) in ICSWriter.zones(of: todo.fields) {
        let known = spans[zone]
        spans[zone] = (min(known?.first ?? day, day), max(known?.last ?? day, day))
        zones[zone] = try ZoneInfoTests.zone(zone)
      }
    }
    let writer = ICSWriter(product: "-//cal//test//EN", now: ICSWriterTests.now, zones: zones)
    var bytes: [UInt8] = []
    writer.header(timeZones: spans, into: &bytes)
    for todo in todos { writer.todo(todo, into: &bytes) }
    writer.footer(into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test("a VTODO's lines: UID, stamps, texts escaped, DUE with its TZID, PRIORITY, STATUS, COMPLETED, kept lines")
  func lines() throws {
    let lines = ICSWriterTests.lines(try Self.calendar(Self.todos))
    let first = Array(lines.drop { $0 != "BEGIN:VTODO" }.prefix { $0 != "END:VTODO" })
    #expect(
      first == [
        "BEGIN:VTODO", "UID:a@test", "DTSTAMP:20240901T000000Z", "CREATED:20240501T100000Z",
        "LAST-MODIFIED:20240530T101500Z", "SUMMARY:file taxes\\, finally\\; now", "DESCRIPTION:forms\\nand receipts",
        "LOCATION:office", "DUE;TZID=America/New_York:20240531T170000", "PRIORITY:2", "STATUS:COMPLETED",
        "COMPLETED:20240530T101500Z", "DTSTART;TZID=Europe/Berlin:20240501T090000", "CATEGORIES:admin,money",
      ])
    #expect(
      lines.filter { $0.hasPrefix("DUE") }.dropFirst() == [
        "DUE;VALUE=DATE:20240601", "DUE:20240602T080000", "DUE:20240603T120000Z",
      ])
    // No PRIORITY for none; a UID made of the id when there is none; STATUS always.
    #expect(lines.filter { $0.hasPrefix("PRIORITY") } == ["PRIORITY:2", "PRIORITY:9"])
    #expect(
      lines.filter { $0.hasPrefix("UID") } == ["UID:a@test", "UID:2@cal", "UID:c@test", "UID:d@test", "UID:e@test"])
    #expect(
      lines.filter { $0.hasPrefix("STATUS") } == [
        "STATUS:COMPLETED", "STATUS:NEEDS-ACTION", "STATUS:IN-PROCESS", "STATUS:CANCELLED", "STATUS:NEEDS-ACTION",
      ])
    // Both zones' VTIMEZONEs, the DUE's and the kept DTSTART's.
    #expect(lines.filter { $0.hasPrefix("TZID:") } == ["TZID:America/New_York", "TZID:Europe/Berlin"])
  }

  @Test("what cal writes it reads again as the same to-dos")
  func roundTrip() throws {
    let read = try ICSTodoImportTests.read(text: try Self.calendar(Self.todos))
    var expected = Self.todos.map(\.fields)
    expected[1].uid = "2@cal"
    #expect(read.todos.map(\.fields) == expected)
    #expect(read.notes.skippedCount == 0 && read.notes.approximationCount == 0)
  }

  @Test("the zones a to-do needs: its DUE's and its kept DTSTART's (quoted or not), never UTC")
  func zones() {
    let due = TodoDue(day: Self.day("2024-05-31"), time: Self.time("17:00"), timeZone: "Asia/Tokyo")
    func zones(_ kept: String?, due: TodoDue? = due) -> [String] {
      ICSWriter.zones(of: TodoFields(title: "t", due: due, keptLines: kept)).map { "\($0.zone) \($0.day)" }
    }
    #expect(zones(nil) == ["Asia/Tokyo 2024-05-31"])
    #expect(zones(nil, due: TodoDue(day: Self.day("2024-05-31"), time: Self.time("17:00"), timeZone: "UTC")).isEmpty)
    #expect(
      zones("DTSTART;TZID=Europe/Berlin:20240501T090000\nX-A:1") == [
        "Asia/Tokyo 2024-05-31", "Europe/Berlin 2024-05-01",
      ])
    #expect(zones("DTSTART;TZID=\"Odd;Zone\":20240501T090000", due: nil) == ["Odd;Zone 2024-05-01"])
    #expect(zones("DTSTART;VALUE=DATE:20240501", due: nil).isEmpty)
    #expect(zones("DTSTART:20240501T090000Z", due: nil).isEmpty)
    #expect(zones("DTSTART:20240501T090000", due: nil).isEmpty)
    // Only cal's own DTSTART line, first, counts: a kept line that merely mentions one does not.
    #expect(zones("X-A:1\nDTSTART;TZID=Europe/Berlin:20240501T090000", due: nil).isEmpty)
    #expect(zones("DTSTARTED;TZID=Europe/Berlin:20240501T090000", due: nil).isEmpty)
  }

  /// Prints, as JSON, the zones of the calendar in `sys.argv[1]` and for each VTODO what it says, its dates
  /// as ISO 8601 (with the offset the reader finds) and whether it was read without errors.
  static let reader = """
    import sys, json, datetime as dt, icalendar
    calendar = icalendar.Calendar.from_ical(open(sys.argv[1], encoding="utf-8").read())
    def when(value):
        if value is None: return None
        value = value.dt
        if not isinstance(value, dt.datetime): return "date " + value.isoformat()
        if value.tzinfo is None: return "floating " + value.isoformat()
        return value.isoformat()
    todos = []
    for todo in calendar.walk("VTODO"):
        todos.append([str(todo["UID"]), str(todo["SUMMARY"]), str(todo.get("DESCRIPTION")),
            str(todo.get("LOCATION")), when(todo.get("DUE")), when(todo.get("DTSTART")),
            int(todo.get("PRIORITY", 0)), str(todo["STATUS"]), when(todo.get("COMPLETED")), len(todo.errors)])
    print(json.dumps({"zones": sorted(str(zone["TZID"]) for zone in calendar.walk("VTIMEZONE")), "todos": todos}))
    """

  @Test(
    "icalendar reads each VTODO as cal means it, its zones from the VTIMEZONEs cal writes",
    .enabled(if: PythonOracle.icalendar != nil, "needs python3 with icalendar (pip install icalendar)"),
    arguments: ["system zones", "vtimezone"])
  func icalendarReads(zones: String) throws {
    let python = try #require(PythonOracle.icalendar)
    var text = try Self.calendar(Self.todos)
    var names = ["America/New_York", "Europe/Berlin"]
    if zones == "vtimezone" {
      // Names no database knows, so that the reader has only the VTIMEZONEs to go by.
      names = names.map { "cal-test-" + $0.replacingOccurrences(of: "/", with: "-") }
      text = text.replacingOccurrences(of: "America/New_York", with: names[0])
        .replacingOccurrences(of: "Europe/Berlin", with: names[1])
    }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("cal-todos-\(UUID().uuidString).ics")
    try text.write(to: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: path) }
    let output = try PythonOracle.run(python, Self.reader, arguments: [path.path])
    let read = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    #expect(read["zones"] as? [String] == names)
    let todos: [[String]] = try #require(read["todos"] as? [[Any]]).map { row in row.map { String(describing: $0) } }
    let none = "None"
    #expect(
      todos == [
        [
          "a@test", "file taxes, finally; now", "forms\nand receipts", "office", "2024-05-31T17:00:00-04:00",
          "2024-05-01T09:00:00+02:00", "2", "COMPLETED", "2024-05-30T10:15:00+00:00", "0",
        ],
        ["2@cal", "day", none, none, "date 2024-06-01", "<null>", "0", "NEEDS-ACTION", "<null>", "0"],
        ["c@test", "floating", none, none, "floating 2024-06-02T08:00:00", "<null>", "9", "IN-PROCESS", "<null>", "0"],
        ["d@test", "utc", none, none, "2024-06-03T12:00:00+00:00", "<null>", "0", "CANCELLED", "<null>", "0"],
        ["e@test", "someday", none, none, "<null>", "<null>", "0", "NEEDS-ACTION", "<null>", "0"],
      ])
  }
}

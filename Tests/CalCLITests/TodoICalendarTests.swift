import Foundation
import Testing

/// To-dos through `cal import` and `cal export` in the real binary: counted apart in the summary, listed by
/// `cal todo`, exported as VTODOs and imported again the same, undone with their import; the real files of
/// the corpus that hold VTODOs.
final class TodoICalendarTests {
  let cal: PinnedCal

  init() throws {
    cal = try PinnedCal()
  }

  deinit {
    cal.remove()
  }

  /// An event, and to-dos: due at a time in New York, due today, overdue on your own clock, done, undated.
  static let file = [
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN",
    "BEGIN:VEVENT", "UID:dentist@example.com", "DTSTART;TZID=Europe/Berlin:20240514T090000", "DURATION:PT30M",
    "SUMMARY:dentist", "END:VEVENT",
    "BEGIN:VTODO", "UID:taxes@example.com", "DTSTAMP:20240501T000000Z", "SUMMARY:file taxes", "LOCATION:office",
    "DUE;TZID=America/New_York:20240531T170000", "PRIORITY:1", "STATUS:IN-PROCESS", "CATEGORIES:admin",
    "END:VTODO",
    "BEGIN:VTODO", "UID:milk@example.com", "SUMMARY:buy milk", "DUE;VALUE=DATE:20240512", "END:VTODO",
    "BEGIN:VTODO", "UID:books@example.com", "SUMMARY:return books", "DUE:20240511T180000", "PRIORITY:5", "END:VTODO",
    "BEGIN:VTODO", "UID:flights@example.com", "SUMMARY:book flights", "COMPLETED:20240510T090000Z", "END:VTODO",
    "BEGIN:VTODO", "UID:someday@example.com", "SUMMARY:learn the banjo", "PRIORITY:9", "END:VTODO",
    "END:VCALENDAR", "",
  ].joined(separator: "\r\n")

  /// `text` written into `process`'s folder as `name`; its path.
  private func write(_ text: String, _ name: String = "todos.ics", in process: PinnedCal? = nil) throws -> String {
    let path = (process ?? cal).process.folder + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  static let listed = """
    [ ] 2024-05-11 18:00  !!   #3  return books (overdue)
    [ ] 2024-05-12             #2  buy milk (due today)
    [~] 2024-05-31 23:00  !!!  #1  file taxes @ office
    [ ]                   !    #5  learn the banjo
    [x]                        #4  book flights (done 2024-05-10)

    """

  @Test("the summary counts to-dos apart; cal todo lists them; again, unchanged; cal undo takes them back")
  func importAndUndo() throws {
    let path = try write(Self.file)
    try cal.expect(
      ["import", path],
      prints: "Imported \(path): 1 event added, 0 updated, 0 unchanged; 5 to-dos added, 0 updated, 0 unchanged; "
        + "0 skipped.\n")
    try cal.expect(["todo", "list", "--all"], prints: Self.listed)
    let before = cal.process.snapshot()
    try cal.expect(
      ["import", path],
      prints: "Imported \(path): 0 events added, 0 updated, 1 unchanged; 0 to-dos added, 0 updated, 5 unchanged; "
        + "0 skipped.\n")
    #expect(cal.process.snapshot() == before)
    try cal.expect(
      ["undo"], prints: "Undid change 1: imported 1 new and 0 updated events, 5 new and 0 updated to-dos\n")
    try cal.expect(["todo", "list", "--all", "--json"], prints: "[]\n")
    // A file of events alone says what it always said.
    let events = try write(
      Self.file.components(separatedBy: "\r\n").prefix(9).joined(separator: "\r\n") + "\r\nEND:VCALENDAR\r\n",
      "events.ics")
    try cal.expect(["import", events], prints: "Imported \(events): 1 added, 0 updated, 0 unchanged, 0 skipped.\n")
  }

  @Test("export then import into an empty calendar gives the same to-dos, and the export of that the same file")
  func roundTrip() throws {
    try cal.setUp([
      ["import", try write(Self.file)], ["todo", "add", "call mum", "--due", "2024-05-13", "--at", "18:30"],
      ["todo", "done", "2"],
    ])
    let exported = try cal.run(["export"]).stdout
    #expect(exported.contains("BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n"))
    #expect(exported.contains("DUE;TZID=America/New_York:20240531T170000\r\nPRIORITY:1\r\nSTATUS:IN-PROCESS\r\n"))
    #expect(exported.contains("STATUS:COMPLETED\r\nCOMPLETED:20240512T080000Z\r\n"))
    let other = try PinnedCal()
    defer { other.remove() }
    try other.expect(
      ["import", try write(exported, "out.ics", in: other)],
      prints: "Imported \(other.process.folder)/out.ics: 1 event added, 0 updated, 0 unchanged; 6 to-dos added, "
        + "0 updated, 0 unchanged; 0 skipped.\n")
    let list = ["todo", "list", "--all", "--json"]
    #expect(try other.run(list).stdout == (try cal.run(list).stdout))
    #expect(try other.run(["export"]).stdout == exported)
  }

  @Test("export --from and --to write the to-dos due in the range, on your clock; undated ones only without a range")
  func ranges() throws {
    try cal.setUp([["import", try write(Self.file)]])
    let summaries = { (arguments: [String]) throws -> [String] in
      try self.cal.run(["export"] + arguments).stdout.components(separatedBy: "\r\n").filter {
        $0.hasPrefix("SUMMARY:")
      }
    }
    #expect(
      try summaries([]) == [
        "SUMMARY:dentist", "SUMMARY:file taxes", "SUMMARY:buy milk", "SUMMARY:return books", "SUMMARY:book flights",
        "SUMMARY:learn the banjo",
      ])
    #expect(
      try summaries(["--from", "2024-05-12", "--to", "2024-05-31"]) == [
        "SUMMARY:dentist", "SUMMARY:file taxes", "SUMMARY:buy milk",
      ])
    #expect(try summaries(["--to", "2024-05-12"]) == ["SUMMARY:buy milk", "SUMMARY:return books"])
    // 17:00 in New York on 31 May is 23:00 in Berlin, the same day; on Tokyo's clock it is 1 June.
    #expect(try summaries(["--from", "2024-06-01"]).isEmpty)
    let tokyo = try cal.run(["export", "--from", "2024-06-01"], environment: ["TZ": "Asia/Tokyo"]).stdout
    #expect(tokyo.contains("SUMMARY:file taxes\r\n") && !tokyo.contains("dentist"))
  }

  @Test("real files holding VTODOs: imported with their to-dos, exported and imported again the same")
  func corpus() throws {
    guard let corpus = RemindTests.corpus else {
      print("note: the iCalendar corpus (shared/ics-corpus) is not here; its to-do files were not imported")
      return
    }
    // Every file of the corpus that holds a VTODO, with the to-dos cal keeps of it (nil: cal refuses the file,
    // as it did before it read to-dos, for what else is wrong with it).
    let cases: [(file: String, todos: Int?)] = [
      ("ical4j/OZMovies.ics", 4), ("calcurse/ical-004.ical", 1), ("node-ical/utf8-french-calendar.ics", 2),
      ("node-ical/vtodo-vfreebusy.ics", 1), ("icalendar/issue_1050_all_components.ics", 1),
      ("calcurse/ical-009.ical", nil), ("icalendar/issue_722_missing_timezones.ics", nil),
    ]
    let holding = try FileManager.default.subpathsOfDirectory(atPath: corpus).filter { path in
      guard let data = FileManager.default.contents(atPath: corpus + "/" + path) else { return false }
      return String(decoding: data, as: UTF8.self).uppercased().contains("BEGIN:VTODO")
    }
    #expect(Set(holding) == Set(cases.map(\.file)))
    for (file, count) in cases {
      let first = try PinnedCal()
      defer { first.remove() }
      let imported = try first.run(["import", corpus + "/" + file])
      guard let count else {
        #expect(imported.status == 1 && imported.stderr.hasPrefix("Error: "), "\(file)")
        continue
      }
      #expect(imported.status == 0, "\(file): \(imported.stderr)")
      let list = ["todo", "list", "--all", "--json"]
      let todos = try #require(try CalProcess.json(first.run(list).stdout) as? [[String: Any]])
      #expect(todos.count == count, "\(file)")
      let second = try PinnedCal()
      defer { second.remove() }
      let path = try write(try first.run(["export"]).stdout, "out.ics", in: second)
      #expect(try second.run(["import", path]).status == 0, "\(file)")
      #expect(try second.run(list).stdout == (try first.run(list).stdout), "\(file)")
    }
  }

  @Test("what cal changes, the lines it keeps say no longer otherwise: PERCENT-COMPLETE goes once marked done")
  func keptLinesFollowChanges() throws {
    let path = try write(
      [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:paint@example.com",
        "SUMMARY:paint the fence", "DTSTART;VALUE=DATE:20240515", "DUE;VALUE=DATE:20240520", "PERCENT-COMPLETE:40",
        "CATEGORIES:garden", "END:VTODO", "END:VCALENDAR", "",
      ].joined(separator: "\r\n"))
    try cal.setUp([["import", path], ["todo", "done", "1"], ["todo", "edit", "1", "--due", "2024-05-14"]])
    let exported = try cal.run(["export"]).stdout
    #expect(exported.contains("STATUS:COMPLETED\r\n") && exported.contains("CATEGORIES:garden\r\n"))
    #expect(!exported.contains("PERCENT-COMPLETE") && !exported.contains("DTSTART"), "\(exported)")
  }
}

import CalCore
import Foundation
import Testing

/// Hostile and odd lines an imported event keeps (what cal does not read) go out in an export that cal reads
/// again, to the same lines; what could not be written back so is left out and named on import.
@Suite("Kept lines through an export")
struct KeptLinesRoundTripTests {
  /// The events of `text`, read as `cal import` reads a file.
  static func imported(_ text: String) throws -> ImportResult {
    let importer = ICSImporter { name throws(ZoneError) in throw ZoneError.unknown(name) }
    return try importer.read(try ICSParser.parse(Array(text.utf8)), skipInvalid: false)
  }

  /// The calendar an export of `event` writes, with its kept lines.
  static func exported(_ event: ImportedEvent) -> String {
    let now = ICSWriterTests.now
    return ICSWriter(product: "-//cal//test//EN", now: now, zones: [:]).calendar([
      ExportedEvent(
        uid: event.uid, title: event.title, note: nil, location: nil, schedule: event.schedule, created: now,
        modified: now, keptLines: event.keptLines)
    ])
  }

  /// Imports an event holding `inside` (a loose VEVENT when `loose`), exports it and imports the export:
  /// that must read, to the same kept lines; `leftOut` says whether the first import names lines left out.
  func check(
    _ inside: [String], loose: Bool = false, leftOut: Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let event = ["BEGIN:VEVENT", "UID:odd", "DTSTART:20240513T100000Z", "SUMMARY:odd"] + inside + ["END:VEVENT"]
    let lines = loose ? event : ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//other//EN"] + event + ["END:VCALENDAR"]
    let first = try Self.imported(lines.joined(separator: "\r\n") + "\r\n")
    let named = first.approximations.contains { $0.note.contains("were left out") }
    #expect(named == leftOut, "\(first.approximations)", sourceLocation: sourceLocation)
    let original = try #require(first.events.first, sourceLocation: sourceLocation)
    let again: ImportResult
    do {
      again = try Self.imported(Self.exported(original))
    } catch {
      Issue.record("the export is not read again: \(error)", sourceLocation: sourceLocation)
      return
    }
    #expect(again.events.first?.keptLines == original.keptLines, sourceLocation: sourceLocation)
  }

  /// `count` components nested in each other around one property.
  static func nested(_ count: Int) -> [String] {
    (0..<count).map { "BEGIN:X-N\($0)" } + ["X-A:1"] + (0..<count).reversed().map { "END:X-N\($0)" }
  }

  @Test("components nested as deep as an import reads come out so that the export is read again")
  func deepNesting() throws {
    try check(Self.nested(62), leftOut: false)
    // A loose VEVENT is read one level higher than its export writes it: the deepest part cannot go out.
    try check(Self.nested(63), loose: true, leftOut: true)
    try check(Self.nested(62), loose: true, leftOut: false)
  }

  @Test("many short lines: the export, with cal's own lines beside them, is not too long a component to read")
  func manyShortLines() throws {
    // Just within the lines an import reads of one component; a megabyte of them.
    try check(Array(repeating: "X:1", count: ICSScan.maximumComponentLines - 5), leftOut: true)
    try check(Array(repeating: "X-SHORT:1", count: 1000), leftOut: false)
  }

  @Test("long and folded UTF-8 lines, quoted parameters and lower-case names come out as they came")
  func oddLines() throws {
    try check(
      [
        "organizer;cn=\"Doe, J: the élève\";x-q=\"a;b\",\"c\":mailto:j@x",
        "ATTENDEE;MEMBER=\"mailto:a@x\",\"mailto:b@x\";PARTSTAT=ACCEPTED:mailto:c@x",
        "X-UTF8:" + String(repeating: "é中😀", count: 400), "X-BIG:" + String(repeating: "a", count: 500_000),
        "begin:valarm", "action:email", "trigger:-PT1H", "summary:s", "description:d", "attendee:mailto:x@y",
        "end:valarm",
      ], leftOut: false)
  }

  /// Prints what icalendar reads of the first VEVENT of each file named, but for the stamps cal writes anew:
  /// each property with its parameters and value, each component the same way, one a line.
  static let reader = """
    import sys, icalendar
    def show(component, depth):
        for name, value in component.property_items(recursive=False):
            if name in ("BEGIN", "END", "DTSTAMP", "CREATED", "LAST-MODIFIED"): continue
            params = sorted((k, str(v)) for k, v in getattr(value, "params", {}).items())
            print(depth, name, params, value.to_ical() if hasattr(value, "to_ical") else value)
        for inner in component.subcomponents:
            print(depth, "BEGIN", inner.name)
            show(inner, depth + 1)
    for path in sys.argv[1:]:
        calendar = icalendar.Calendar.from_ical(open(path, "rb").read())
        show(next(iter(calendar.walk("VEVENT"))), 0)
        print("--")
    """

  @Test(
    "icalendar reads the kept lines of an export as it reads them in the file they came from",
    .enabled(if: PythonOracle.icalendar != nil, "needs python3 with icalendar (pip install icalendar)"))
  func icalendarReadsThemTheSame() throws {
    let python = try #require(PythonOracle.icalendar)
    let lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//other//EN", "BEGIN:VEVENT", "UID:odd", "DTSTART:20240513T100000Z",
      "SUMMARY:odd", "organizer;cn=\"Doe, J: the élève\";x-q=\"a;b\",\"c\":mailto:j@x",
      "ATTENDEE;MEMBER=\"mailto:a@x\",\"mailto:b@x\";PARTSTAT=ACCEPTED:mailto:c@x",
      "X-UTF8:" + String(repeating: "é中😀", count: 40), "STATUS:TENTATIVE", "SEQUENCE:4",
      "CATEGORIES:a\\,b,c", "begin:valarm", "action:email", "trigger:-PT1H", "summary:s", "description:d",
      "attendee:mailto:x@y", "end:valarm", "BEGIN:X-OTHER", "X-A:1", "BEGIN:X-INNER", "X-B;X-P=1:2", "END:X-INNER",
      "END:X-OTHER", "END:VEVENT", "END:VCALENDAR", "",
    ]
    let source = lines.joined(separator: "\r\n")
    let event = try #require(try Self.imported(source).events.first)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cal-kept-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (original, export) = (folder.appendingPathComponent("a.ics"), folder.appendingPathComponent("b.ics"))
    try source.write(to: original, atomically: true, encoding: .utf8)
    try Self.exported(event).write(to: export, atomically: true, encoding: .utf8)
    let read = try PythonOracle.run(python, Self.reader, arguments: [original.path, export.path])
      .components(separatedBy: "--\n")
    #expect(read.count == 3 && read[0] == read[1] && read[0].contains("X-INNER"), "\(read)")
  }

  @Test("an alarm without its TRIGGER or ACTION, or with two, is left out and named: RFC 5545 requires one each")
  func incompleteAlarms() throws {
    try check(["BEGIN:VALARM", "ACTION:EMAIL", "SUMMARY:s", "END:VALARM"], leftOut: true)
    try check(["BEGIN:VALARM", "TRIGGER:-PT1H", "END:VALARM"], leftOut: true)
    try check(["BEGIN:VALARM", "ACTION:EMAIL", "ACTION:EMAIL", "TRIGGER:-PT1H", "END:VALARM"], leftOut: true)
    let event = try #require(
      try Self.imported(
        ([
          "BEGIN:VEVENT", "UID:a", "DTSTART:20240513T100000Z", "BEGIN:VALARM", "ACTION:EMAIL", "END:VALARM",
          "X-KEPT:1", "END:VEVENT",
        ]).joined(separator: "\r\n") + "\r\n"
      ).events.first)
    #expect(event.keptLines == "X-KEPT:1")
  }
}

import Foundation
import Testing

/// What cal does not read of an imported event (attendees, the organizer, categories, status, other
/// products' properties, alarms that are no reminders) is kept with it as it came and exported again, through
/// edits, splits and edited occurrences, through the built `cal` on a pinned clock.
@Suite("Lines kept from an event's source")
final class KeptLinesTests {
  let cal: PinnedCal

  init() throws {
    cal = try PinnedCal()
  }

  deinit {
    cal.remove()
  }

  /// The lines of the meeting that cal does not read, as another product wrote them (unfolded).
  static let kept = [
    "ORGANIZER;CN=\"Boss, The\":mailto:boss@example.com",
    "ATTENDEE;CN=Ana;PARTSTAT=NEEDS-ACTION;DELEGATED-FROM=\"mailto:a@x\",\"mailto:b@x\":mailto:ana@example.com",
    "CATEGORIES:Work,Planning", "STATUS:CONFIRMED", "SEQUENCE:2",
    "X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-TITLE=Room 4:geo:52.5,13.4",
    "X-LONG:" + String(repeating: "a long value, ", count: 10),
    "BEGIN:VALARM", "ACTION:EMAIL", "TRIGGER:-PT1H", "SUMMARY:soon", "DESCRIPTION:in an hour",
    "ATTENDEE:mailto:boss@example.com", "END:VALARM",
  ]

  /// A weekly meeting with the lines above, and one edited occurrence with lines of its own.
  static func file(partstat: String = "NEEDS-ACTION") -> String {
    let lines = kept.map { $0.replacingOccurrences(of: "NEEDS-ACTION", with: partstat) }
    return
      ([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//other//EN", "BEGIN:VEVENT", "UID:meeting@other",
        "DTSTAMP:20240101T000000Z", "DTSTART;TZID=Europe/Berlin:20240513T100000", "DURATION:PT1H",
        "RRULE:FREQ=WEEKLY;COUNT=4", "SUMMARY:planning",
        "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT10M", "DESCRIPTION:planning", "END:VALARM",
      ] + lines + [
        "END:VEVENT", "BEGIN:VEVENT", "UID:meeting@other", "DTSTAMP:20240101T000000Z",
        "RECURRENCE-ID;TZID=Europe/Berlin:20240520T100000", "DTSTART;TZID=Europe/Berlin:20240520T110000",
        "DURATION:PT1H", "SUMMARY:planning, later", "X-MOVED-BY:ana", "END:VEVENT", "END:VCALENDAR", "",
      ]).joined(separator: "\r\n")
  }

  private func importFile(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let path = cal.process.folder + "/meeting.ics"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let result = try cal.run(["import", path])
    try #require(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
    return result.stdout
  }

  /// The export, unfolded, with LF line ends.
  private func exported() throws -> String {
    let result = try cal.run(["export"])
    return result.stdout.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\r\n", with: "\n")
  }

  @Test("imported, edited and exported, the lines cal does not read come out as they came, nothing named as skipped")
  func keptThroughAnEdit() throws {
    #expect(try importFile(Self.file()).contains("1 added, 0 updated, 0 unchanged, 0 skipped.\n"))
    try cal.setUp([["edit", "1", "--title", "planning, longer", "--for", "90m"]])
    let text = try exported()
    #expect(text.contains("SUMMARY:planning\\, longer\n"))
    // A new length is a change of when it happens: the revision is counted up (RFC 5545 §3.8.7.4).
    for line in Self.kept {
      #expect(text.contains((line == "SEQUENCE:2" ? "SEQUENCE:3" : line) + "\n"), "\(line)")
    }
    // Each line once: cal's own reminder is written by cal, the EMAIL alarm as it came.
    #expect(text.components(separatedBy: "ORGANIZER").count == 2)
    #expect(text.components(separatedBy: "ACTION:DISPLAY").count == 2)
    // The edited occurrence keeps its own.
    #expect(text.contains("X-MOVED-BY:ana\n"))
  }

  @Test("a new title keeps SEQUENCE, a removed occurrence counts it up, as RFC 5545 asks of an organizer")
  func sequence() throws {
    _ = try importFile(Self.file())
    try cal.setUp([["edit", "1", "--title", "planning (room 4)"]])
    #expect(try exported().contains("SEQUENCE:2\n"))
    try cal.setUp([["rm", "1", "--on", "2024-05-27"]])
    #expect(try exported().contains("SEQUENCE:3\n"))
  }

  @Test("an occurrence edited here and the part split off take the series' lines; an event added here has none")
  func editedOccurrencesAndSplits() throws {
    _ = try importFile(Self.file())
    try cal.setUp([
      ["edit", "1", "--on", "2024-05-27", "--title", "planning, once"],
      ["edit", "1", "--on", "2024-06-03", "--from-here", "--at", "09:00"],
      ["add", "2024-05-14", "dentist"],
    ])
    let events = try exported().components(separatedBy: "BEGIN:VEVENT").dropFirst()
    let found = events.map { event in
      let title = event.split(separator: "\n").first { $0.hasPrefix("SUMMARY:") }.map(String.init) ?? ""
      return "\(title) \(event.contains("ORGANIZER;CN=\"Boss, The\"") && event.contains("CATEGORIES:Work,Planning"))"
    }
    #expect(
      found.sorted() == [
        "SUMMARY:dentist false", "SUMMARY:planning true", "SUMMARY:planning true", "SUMMARY:planning\\, later false",
        "SUMMARY:planning\\, once true",
      ])
  }

  @Test("a file imported again whose only change is a line cal does not read updates the event")
  func reimportedAnswer() throws {
    _ = try importFile(Self.file())
    #expect(try importFile(Self.file()).contains("0 added, 0 updated, 1 unchanged"))
    #expect(try importFile(Self.file(partstat: "ACCEPTED")).contains("0 added, 1 updated, 0 unchanged"))
    #expect(try exported().contains("PARTSTAT=ACCEPTED"))
    try cal.setUp([["undo"]])
    #expect(try exported().contains("PARTSTAT=NEEDS-ACTION"))
  }

  @Test("lines with a control character (NUL, VT, DEL), and those past 1 MiB for one event, are left out and named")
  func bounds() throws {
    let withNUL = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:nul@other", "DTSTART:20240512T100000Z",
      "SUMMARY:nul", "X-NUL:a\u{0}b", "RELATED-TO;RELTYPE=SIBLING:a\u{0B}b", "X-DEL:a\u{7F}b", "X-OK:fine\tand tab",
      "END:VEVENT", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
    let named = "3 of the event's properties cal does not read (X-NUL first) were left out"
    #expect(try importFile(withNUL).contains(named))
    let huge = "X-ATTACH-INLINE:" + String(repeating: "A", count: 1 << 20)
    let text = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:big@other", "DTSTART:20240512T100000Z",
      "SUMMARY:big", "X-FIRST:kept", huge, "X-AFTER:kept too", "END:VEVENT", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
    let report = try importFile(text)
    #expect(report.contains("1 of the event's properties cal does not read (X-ATTACH-INLINE first) were left out"))
    let written = try exported()
    #expect(written.contains("X-FIRST:kept\n") && written.contains("X-AFTER:kept too\n"))
    #expect(written.contains("X-OK:fine\tand tab\n") && !written.contains("X-NUL") && !written.contains("X-DEL"))
    #expect(!written.contains("RELATED-TO"))
    #expect(!written.contains("X-ATTACH-INLINE"))
  }
}

import CalCore
import Foundation
import Testing

/// An edited occurrence whose series is not in the file (an invitation to one occurrence) keeps the series'
/// UID and its RECURRENCE-ID through import and export, so that the server and the inviter's calendar still
/// see the occurrence of their series.
@Suite("Edited occurrences without their series")
struct ICSSeriesLinkTests {
  /// The one event a calendar of an occurrence of series `orphan-1` gives: `recurrence` is its RECURRENCE-ID
  /// line, `start` its DTSTART line, `calendar` lines before the VEVENT.
  static func occurrence(_ recurrence: String, _ start: String, calendar: [String] = []) throws -> ImportedEvent {
    let result = try ICSSemanticsTests.events(
      calendar + [
        "BEGIN:VEVENT", "UID:orphan-1", "DTSTAMP:20240101T000000Z", recurrence, start, "SUMMARY:yoga later",
        "END:VEVENT",
      ])
    #expect(result.events.count == 1)
    return try #require(result.events.first)
  }

  /// The VEVENT lines the writer makes of `event`, `moved` (when given) replacing its schedule, as the user's
  /// edit would; with the zones it names loaded.
  static func written(_ event: ImportedEvent, moved: EventSchedule? = nil) throws -> [String] {
    var exported = ExportedEvent(
      uid: event.uid, title: event.title, note: nil, location: nil, schedule: moved ?? event.schedule, created: 0,
      modified: 0, seriesLink: event.seriesLink)
    exported.alarms = []
    var zones: [String: ZoneInfo] = [:]
    for name in [exported.schedule.timeZone, event.seriesLink?.recurrenceID.timeZone].compactMap({ $0 })
    where name != "UTC" {
      zones[name] = try ZoneInfoTests.zone(name)
    }
    return ICSWriterTests.lines(ICSWriter(product: "-//cal//test//EN", now: 0, zones: zones).calendar([exported]))
  }

  private func check(
    _ recurrence: String, _ start: String, calendar: [String] = [], stored: String, written: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let event = try Self.occurrence(recurrence, start, calendar: calendar)
    let link = try #require(event.seriesLink, sourceLocation: sourceLocation)
    #expect(link.uid == "orphan-1", sourceLocation: sourceLocation)
    #expect(link.recurrenceID.description == stored, sourceLocation: sourceLocation)
    #expect(
      RecurrenceID(parsing: stored) == link.recurrenceID, "stored form reads back", sourceLocation: sourceLocation)
    #expect(event.uid == "orphan-1-" + link.recurrenceID.value, sourceLocation: sourceLocation)
    #expect(event.schedule.rule == nil, sourceLocation: sourceLocation)
    let lines = try Self.written(event)
    #expect(lines.filter { $0.hasPrefix("UID:") } == ["UID:orphan-1"], sourceLocation: sourceLocation)
    #expect(lines.filter { $0.hasPrefix("RECURRENCE-ID") } == [written], sourceLocation: sourceLocation)
    #expect(!lines.contains { $0.hasPrefix("RRULE") }, sourceLocation: sourceLocation)
    // What cal writes reads back as the same event, under the same key: a second import updates it.
    let again = try #require(
      try ICSSemanticsTests.events(Array(lines.dropFirst().dropLast(2))).events.first, sourceLocation: sourceLocation)
    #expect(again.uid == event.uid && again.seriesLink == event.seriesLink, sourceLocation: sourceLocation)
    #expect(again.schedule == event.schedule, sourceLocation: sourceLocation)
  }

  @Test("the UID and the RECURRENCE-ID (value, VALUE and TZID) are kept, and written back")
  func keptAndWritten() throws {
    try check(
      "RECURRENCE-ID:20240527T180000Z", "DTSTART:20240527T190000Z", stored: "20240527T180000Z",
      written: "RECURRENCE-ID:20240527T180000Z")
    try check(
      "RECURRENCE-ID;TZID=Europe/Berlin:20240527T200000", "DTSTART;TZID=Europe/Berlin:20240527T210000",
      stored: "TZID=Europe/Berlin:20240527T200000", written: "RECURRENCE-ID;TZID=Europe/Berlin:20240527T200000")
    try check(
      "RECURRENCE-ID;VALUE=DATE:20240527", "DTSTART;VALUE=DATE:20240528", stored: "VALUE=DATE:20240527",
      written: "RECURRENCE-ID;VALUE=DATE:20240527")
    try check(
      "RECURRENCE-ID:20240527T200000", "DTSTART:20240527T210000", stored: "20240527T200000",
      written: "RECURRENCE-ID:20240527T200000")
    // Google's X-WR-TIMEZONE puts the event on its clock, but the RECURRENCE-ID names the occurrence as written.
    try check(
      "RECURRENCE-ID:20240527T180000Z", "DTSTART:20240527T190000Z", calendar: ["X-WR-TIMEZONE:Europe/Berlin"],
      stored: "20240527T180000Z", written: "RECURRENCE-ID:20240527T180000Z")
    // Outlook's zone names become the zone cal writes a VTIMEZONE for: the same instant, the same value.
    try check(
      "RECURRENCE-ID;TZID=W. Europe Standard Time:20240527T200000",
      "DTSTART;TZID=W. Europe Standard Time:20240527T210000", stored: "TZID=Europe/Berlin:20240527T200000",
      written: "RECURRENCE-ID;TZID=Europe/Berlin:20240527T200000")
    // A zone the file defines its own way: the same instant in UTC.
    try check(
      "RECURRENCE-ID;TZID=Custom:20240527T200000", "DTSTART;TZID=Custom:20240527T210000",
      calendar: [
        "BEGIN:VTIMEZONE", "TZID:Custom", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0317",
        "TZOFFSETTO:+0317", "END:STANDARD", "END:VTIMEZONE",
      ], stored: "20240527T164300Z", written: "RECURRENCE-ID:20240527T164300Z")
  }

  @Test("moved to another day and zone, it still names the original occurrence, with the zones both need")
  func movedKeepsRecurrenceID() throws {
    let event = try Self.occurrence(
      "RECURRENCE-ID;TZID=Europe/Berlin:20240527T200000", "DTSTART;TZID=Europe/Berlin:20240527T210000")
    let moved = EventSchedule(
      startDay: try CivilDate(parsing: "2024-12-02"), startTime: TimeOfDay(minutes: 9 * 60), lengthMinutes: 30,
      timeZone: "America/New_York")
    let lines = try Self.written(event, moved: moved)
    #expect(lines.contains("RECURRENCE-ID;TZID=Europe/Berlin:20240527T200000"))
    #expect(lines.contains("DTSTART;TZID=America/New_York:20241202T090000"))
    // Berlin's VTIMEZONE covers the 27 May of the RECURRENCE-ID (summer time), not only the event's days.
    let berlin = lines.drop { $0 != "TZID:Europe/Berlin" }.prefix { $0 != "END:VTIMEZONE" }
    #expect(berlin.contains("TZOFFSETTO:+0200"))
    #expect(lines.contains("TZID:America/New_York"))
  }

  @Test("with its series in the file, an edited occurrence is part of it, and links nothing")
  func withSeries() throws {
    let result = try ICSSemanticsTests.events([
      "BEGIN:VEVENT", "UID:orphan-1", "RECURRENCE-ID:20240527T180000Z", "DTSTART:20240527T190000Z",
      "SUMMARY:yoga later", "END:VEVENT", "BEGIN:VEVENT", "UID:orphan-1", "DTSTART:20240513T180000Z",
      "RRULE:FREQ=WEEKLY;COUNT=4", "SUMMARY:yoga", "END:VEVENT",
    ])
    let series = try #require(result.events.first)
    #expect(result.events.count == 1 && series.uid == "orphan-1" && series.seriesLink == nil)
    #expect(series.overrides.map(\.day) == [try CivilDate(parsing: "2024-05-27")])
    #expect(series.overrides.allSatisfy { $0.event.seriesLink == nil })
  }

  @Test("a RECURRENCE-ID that is no date is named, as with its series")
  func unreadable() throws {
    let result = try ICSSemanticsTests.events(
      [
        "BEGIN:VEVENT", "UID:orphan-1", "RECURRENCE-ID:tomorrow", "DTSTART:20240527T190000Z", "SUMMARY:x",
        "END:VEVENT",
      ], skipInvalid: true)
    #expect(result.events.isEmpty)
    #expect(result.skipped.map(\.reason) == ["RECURRENCE-ID 'tomorrow' is not a date or a date-time"])
  }

  @Test("the stored form reads back, and nothing else does")
  func storedForm() {
    for text in ["VALUE=DATE:20240527", "20240527T180000Z", "20240527T200000", "TZID=Europe/Berlin:20240527T200000"] {
      #expect(RecurrenceID(parsing: text)?.description == text)
    }
    for text in [
      "", "2024", "VALUE=DATE:20240527T180000", "TZID=:20240527T200000", "TZID=X:20240527", "20240527T200030",
    ] {
      #expect(RecurrenceID(parsing: text) == nil, "\(text)")
    }
  }
}

import Foundation
import Testing

/// An invitation to occurrences of a series (VEVENTs with RECURRENCE-ID, without the series) through the
/// built `cal`: import, edit, export and import again keep the series' UID and the RECURRENCE-IDs.
final class SeriesLinkTests {
  let cal: CalProcess

  init() throws {
    cal = try CalProcess()
  }

  deinit {
    cal.remove()
  }

  /// Two edited occurrences of a weekly series kept elsewhere, one in Berlin's zone, one in UTC.
  static let invitation = [
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//other client//EN", "METHOD:REQUEST",
    "BEGIN:VEVENT", "UID:yoga-1", "DTSTAMP:20240101T000000Z", "RECURRENCE-ID;TZID=Europe/Berlin:20240527T200000",
    "DTSTART;TZID=Europe/Berlin:20240527T210000", "DURATION:PT1H", "SUMMARY:yoga later", "END:VEVENT",
    "BEGIN:VEVENT", "UID:yoga-1", "DTSTAMP:20240101T000000Z", "RECURRENCE-ID:20240603T180000Z",
    "DTSTART:20240603T170000Z", "DURATION:PT1H", "SUMMARY:yoga earlier", "END:VEVENT",
    "END:VCALENDAR", "",
  ].joined(separator: "\r\n")

  private func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let result = try cal.run(arguments, at: "2024-05-12T10:00:00+02:00")
    #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    return result.stdout
  }

  private func write(_ text: String, _ name: String) throws -> String {
    let path = cal.folder + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The VEVENTs of an export, each as its lines, unfolded.
  private static func vevents(_ text: String) -> [[String]] {
    let lines = text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
    var events: [[String]] = []
    for line in lines {
      if line == "BEGIN:VEVENT" {
        events.append([])
      } else if !events.isEmpty && events[events.count - 1].last != "END:VEVENT" {
        events[events.count - 1].append(line)
      }
    }
    return events
  }

  @Test("import, edit, export and import again: the series' UID and the RECURRENCE-IDs stay, nothing doubles")
  func roundTrip() throws {
    let invitation = try write(Self.invitation, "invitation.ics")
    #expect(try run(["import", invitation]).hasPrefix("Imported \(invitation): 2 added, 0 updated"))
    #expect(
      try run(["list", "2024-05-27..2024-06-03"])
        == "2024-05-27  21:00-22:00  #1  yoga later\n2024-06-03  19:00-20:00  #2  yoga earlier\n")
    // The first moved and renamed: it still replaces the occurrence of 27 May 20:00 in Berlin.
    _ = try run(["edit", "1", "--date", "2024-05-28", "--at", "07:00", "--title", "yoga, early bird"])

    let exported = try run(["export"])
    let events = Self.vevents(exported)
    #expect(events.count == 2)
    #expect(events.allSatisfy { $0.contains("UID:yoga-1") && !$0.contains { $0.hasPrefix("RRULE") } })
    let moved = try #require(events.first { $0.contains("SUMMARY:yoga\\, early bird") })
    #expect(moved.contains("RECURRENCE-ID;TZID=Europe/Berlin:20240527T200000"))
    #expect(moved.contains("DTSTART;TZID=Europe/Berlin:20240528T070000"))
    let earlier = try #require(events.first { $0.contains("SUMMARY:yoga earlier") })
    #expect(earlier.contains("RECURRENCE-ID:20240603T180000Z"))
    #expect(exported.contains("TZID:Europe/Berlin"))

    // Its own export again changes nothing; the invitation again puts the first back as it was, in place.
    let copy = try write(exported, "export.ics")
    #expect(try run(["import", copy]).hasPrefix("Imported \(copy): 0 added, 0 updated, 2 unchanged"))
    #expect(try run(["import", invitation]).hasPrefix("Imported \(invitation): 0 added, 1 updated, 1 unchanged"))
    #expect(
      try run(["list", "2024-05-27..2024-06-03"])
        == "2024-05-27  21:00-22:00  #1  yoga later\n2024-06-03  19:00-20:00  #2  yoga earlier\n")
  }

  @Test("making an occurrence of a series kept elsewhere repeat is refused with one Error line")
  func repeatRefused() throws {
    let invitation = try write(Self.invitation, "invitation.ics")
    _ = try run(["import", invitation])
    let before = cal.snapshot()
    for arguments in [["--repeat", "weekly"], ["--rrule", "FREQ=DAILY;COUNT=3"]] {
      let result = try cal.run(["edit", "1"] + arguments, at: "2024-05-12T10:00:00+02:00")
      #expect(result.status == 64)
      #expect(
        result.stderr.hasPrefix(
          "Error: this event is one occurrence of a series kept elsewhere (UID yoga-1), which cannot repeat on its "
            + "own: add a new event that repeats instead\n"))
    }
    #expect(cal.snapshot() == before)
  }

  /// The series of ``invitation``: four Mondays at 20:00 in Berlin, with its own edit of 3 June.
  static let series = [
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//other client//EN",
    "BEGIN:VEVENT", "UID:yoga-1", "DTSTAMP:20240101T000000Z", "DTSTART;TZID=Europe/Berlin:20240520T200000",
    "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=4", "SUMMARY:yoga", "END:VEVENT",
    "BEGIN:VEVENT", "UID:yoga-1", "DTSTAMP:20240101T000000Z", "RECURRENCE-ID;TZID=Europe/Berlin:20240603T200000",
    "DTSTART;TZID=Europe/Berlin:20240603T183000", "DURATION:PT1H", "SUMMARY:yoga at the organizer's time",
    "END:VEVENT", "END:VCALENDAR", "",
  ].joined(separator: "\r\n")

  @Test("the series imported later takes the occurrences: each shows once, the series' own edit named; undo")
  func seriesImportedLater() throws {
    let invitation = try write(Self.invitation, "invitation.ics")
    let series = try write(Self.series, "series.ics")
    _ = try run(["import", invitation])
    _ = try run(["edit", "1", "--title", "yoga later, with a mat"])
    let before = try run(["list", "2024-05-20..2024-06-10"])
    let imported = try cal.run(["import", series], at: "2024-05-12T10:00:00+02:00")
    #expect(imported.status == 0)
    #expect(imported.stdout.hasPrefix("Imported \(series): 1 added, 0 updated"))
    #expect(
      imported.stdout.contains(
        "the occurrence of 2024-06-03 kept here as “yoga earlier” is replaced by its series' own"))
    #expect(
      try run(["list", "2024-05-20..2024-06-10"])
        == """
        2024-05-20  20:00-21:00  #3@2024-05-20  yoga
        2024-05-27  21:00-22:00  #5  yoga later, with a mat
        2024-06-03  18:30-19:30  #4  yoga at the organizer's time
        2024-06-10  20:00-21:00  #3@2024-06-10  yoga

        """)
    // The export holds the series once, the occurrence edited here among its own.
    let events = Self.vevents(try run(["export"]))
    #expect(events.count == 3 && events.allSatisfy { $0.contains("UID:yoga-1") })
    _ = try run(["undo"])
    #expect(try run(["list", "2024-05-20..2024-06-10"]) == before)
  }
}

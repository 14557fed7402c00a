import CalCore
import CalService
import Testing

/// Edited occurrences of a series kept on their own (an invitation to occurrences, without the series), and
/// then the series itself imported into the same calendar: each occurrence shows once.
@Suite("The series of occurrences kept on their own, imported later")
struct SeriesLinkImportTests {
  /// A VCALENDAR of `vevents`, each given as its lines between BEGIN:VEVENT and END:VEVENT.
  static func calendar(_ vevents: [[String]]) -> String {
    let lines = vevents.flatMap { ["BEGIN:VEVENT", "UID:yoga-1", "DTSTAMP:20240101T000000Z"] + $0 + ["END:VEVENT"] }
    return (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//other client//EN"] + lines + ["END:VCALENDAR", ""])
      .joined(separator: "\r\n")
  }

  /// Two occurrences of the weekly yoga, one moved an hour later (named in Berlin), one earlier (in UTC).
  static let invitation = calendar([
    [
      "RECURRENCE-ID;TZID=Europe/Berlin:20240527T200000", "DTSTART;TZID=Europe/Berlin:20240527T210000",
      "DURATION:PT1H", "SUMMARY:yoga later",
    ],
    ["RECURRENCE-ID:20240603T180000Z", "DTSTART:20240603T170000Z", "DURATION:PT1H", "SUMMARY:yoga earlier"],
  ])

  /// The series: four Mondays at 20:00 in Berlin, its own edit of 3 June (which the invitation moved too).
  static let series = calendar([
    [
      "DTSTART;TZID=Europe/Berlin:20240520T200000", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=4", "SUMMARY:yoga",
    ],
    [
      "RECURRENCE-ID;TZID=Europe/Berlin:20240603T200000", "DTSTART;TZID=Europe/Berlin:20240603T183000",
      "DURATION:PT1H", "SUMMARY:yoga at the organizer's time",
    ],
  ])

  private func imported(_ fixture: ServiceFixture, _ text: String) throws -> ImportReport {
    let prepared = try CalendarService.prepareImport(
      Array(text.utf8), skipInvalid: false, zones: ZoneLoader(ServiceFixture.systemZone))
    return try fixture.service.importCalendar(prepared)
  }

  private func listing(_ fixture: ServiceFixture) throws -> [String] {
    try fixture.service.agenda(from: day("2024-05-01"), through: day("2024-06-30"))
      .map { $0.summary(in: fixture.localZone) }
  }

  @Test("they become the series' edited occurrences; the series' own edit of one wins, named; undo puts them back")
  func seriesTakesTheOccurrences() throws {
    let fixture = try ServiceFixture()
    #expect(try imported(fixture, Self.invitation).added == 2)
    // Changed here before the series came: the change stays.
    let later = try #require(
      try fixture.service.agenda(from: day("2024-05-27"), through: day("2024-05-27")).first?.event)
    fixture.now += 1000
    _ = try fixture.service.edit(id: later.id) { fields in
      var changed = fields
      changed.title = "yoga later, with a mat"
      return changed
    }
    let before = try listing(fixture)
    #expect(before == ["2024-05-27 21:00 yoga later, with a mat", "2024-06-03 19:00 yoga earlier"])

    fixture.now += 1000
    let report = try imported(fixture, Self.series)
    #expect(report.added == 1)
    #expect(
      try listing(fixture) == [
        "2024-05-20 20:00 yoga", "2024-05-27 21:00 yoga later, with a mat",
        "2024-06-03 18:30 yoga at the organizer's time", "2024-06-10 20:00 yoga",
      ])
    #expect(
      report.approximations.map(\.note) == [
        "the occurrence of 2024-06-03 kept here as “yoga earlier” is replaced by its series' own"
      ])
    // Undone as a whole.
    _ = try fixture.service.undo()
    #expect(try listing(fixture) == before)
  }

  @Test("an occurrence the series does not have stays an event of its own")
  func occurrenceOutsideTheSeriesStays() throws {
    let fixture = try ServiceFixture()
    let outside = Self.calendar([
      [
        "RECURRENCE-ID;TZID=Europe/Berlin:20240528T200000", "DTSTART;TZID=Europe/Berlin:20240528T210000",
        "DURATION:PT1H", "SUMMARY:yoga on a Tuesday",
      ]
    ])
    #expect(try imported(fixture, outside).added == 1)
    #expect(try imported(fixture, Self.series).added == 1)
    #expect(try listing(fixture).contains("2024-05-28 21:00 yoga on a Tuesday"))
    #expect(try listing(fixture).count == 5)
  }
}

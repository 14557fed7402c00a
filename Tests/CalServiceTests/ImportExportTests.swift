import CalCore
import CalService
import Foundation
import Testing

@Suite("Import and export in the service")
struct ImportExportTests {
  static let file = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//test//EN\r
    BEGIN:VEVENT\r
    UID:standup@example.com\r
    DTSTART;TZID=Europe/Berlin:20240513T090000\r
    DURATION:PT15M\r
    RRULE:FREQ=DAILY;COUNT=5\r
    EXDATE;TZID=Europe/Berlin:20240515T090000\r
    SUMMARY:standup\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:standup@example.com\r
    RECURRENCE-ID;TZID=Europe/Berlin:20240516T090000\r
    DTSTART;TZID=Europe/Berlin:20240516T110000\r
    DURATION:PT15M\r
    SUMMARY:late standup\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:holiday@example.com\r
    DTSTART;VALUE=DATE:20240520\r
    DTEND;VALUE=DATE:20240522\r
    SUMMARY:holiday\r
    END:VEVENT\r
    BEGIN:VTODO\r
    UID:todo@example.com\r
    SUMMARY:a to-do\r
    END:VTODO\r
    END:VCALENDAR\r

    """

  private func imported(_ fixture: ServiceFixture, _ text: String) throws -> ImportReport {
    let zones = ZoneLoader(ServiceFixture.systemZone)
    let prepared = try CalendarService.prepareImport(Array(text.utf8), skipInvalid: false, zones: zones)
    return try fixture.service.importCalendar(prepared)
  }

  private func listing(_ fixture: ServiceFixture) throws -> [String] {
    try fixture.service.agenda(from: day("2024-05-01"), through: day("2024-05-31"))
      .map { $0.summary(in: fixture.localZone) }
  }

  @Test("a file imports with its series, exception, override and span; what is not kept is named")
  func importFile() throws {
    let fixture = try ServiceFixture()
    let report = try imported(fixture, Self.file)
    #expect(report.added == 2 && report.updated == 0)
    #expect(report.skipped.map(\.what) == ["VTODO"])
    #expect(
      try listing(fixture) == [
        "2024-05-13 09:00 standup", "2024-05-14 09:00 standup", "2024-05-16 11:00 late standup",
        "2024-05-17 09:00 standup", "2024-05-20 all day holiday", "2024-05-21 all day holiday",
      ])
    // Again: found by UID, not added twice, and left as they are.
    let again = try imported(fixture, Self.file)
    #expect(again.added == 0 && again.updated == 0 && again.unchanged == 2)
    #expect(try listing(fixture).count == 6)
  }

  @Test("an event with alarms imported again is unchanged; with another alarm, updated")
  func alarmsAgain() throws {
    let fixture = try ServiceFixture()
    let file = """
      BEGIN:VCALENDAR\r
      BEGIN:VEVENT\r
      UID:call@example.com\r
      DTSTART:20240513T090000Z\r
      SUMMARY:call\r
      BEGIN:VALARM\r
      ACTION:DISPLAY\r
      TRIGGER:-PT15M\r
      END:VALARM\r
      END:VEVENT\r
      BEGIN:VEVENT\r
      UID:quiet@example.com\r
      DTSTART:20240514T090000Z\r
      SUMMARY:quiet\r
      END:VEVENT\r
      END:VCALENDAR\r

      """
    #expect(try imported(fixture, file).added == 2)
    let again = try imported(fixture, file)
    #expect(again.added == 0 && again.updated == 0 && again.unchanged == 2)
    let moved = try imported(fixture, file.replacingOccurrences(of: "-PT15M", with: "-PT30M"))
    #expect(moved.updated == 1 && moved.unchanged == 1)
  }

  @Test("a file that cannot be read is refused before any calendar is touched")
  func unreadable() throws {
    let zones = ZoneLoader(ServiceFixture.systemZone)
    let broken = Self.file.replacingOccurrences(of: "DTSTART;VALUE=DATE:20240520", with: "DTSTART;VALUE=DATE:20240532")
    let failure = try #require(throws: ImportFailure.self) {
      try CalendarService.prepareImport(Array(broken.utf8), skipInvalid: false, zones: zones)
    }
    #expect(failure.isEventError && failure.description.contains("20240532"))
    let skipping = try CalendarService.prepareImport(Array(broken.utf8), skipInvalid: true, zones: zones)
    #expect(skipping.eventCount == 1)
    #expect(throws: ImportFailure.self) {
      try CalendarService.prepareImport(Array("BEGIN:VCALENDAR\r\n".utf8), skipInvalid: true, zones: zones)
    }
  }

  @Test("export then import into another calendar gives the same occurrences")
  func roundTrip() throws {
    let fixture = try ServiceFixture()
    _ = try imported(fixture, Self.file)
    _ = try fixture.service.add(event("2024-05-12", "dentist", at: "14:30", for: 45, zone: "America/New_York"))
    var text = ""
    try fixture.service.export(product: "-//cal tests//EN") { text += $0 }
    #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//cal tests//EN\r\n"))
    #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n"))
    let copy = try ServiceFixture()
    let report = try imported(copy, text)
    #expect(report.added == 3)
    #expect(try listing(copy) == listing(fixture))
  }

  @Test("export with a window keeps the events that happen in it, a series whole")
  func window() throws {
    let fixture = try ServiceFixture()
    _ = try imported(fixture, Self.file)
    _ = try fixture.service.add(event("2024-07-01", "july"))
    var text = ""
    try fixture.service.export(from: day("2024-05-19"), through: day("2024-05-31"), product: "-//t//EN") { text += $0 }
    #expect(text.contains("SUMMARY:holiday") && !text.contains("SUMMARY:july"))
  }

  @Test("export with a window keeps an event that falls in it on the user's clock two days off its own")
  func windowAcrossZones() throws {
    // 23:00 in Pago Pago (-11) is midnight two days later in Kiritimati (+14), and back.
    for (zone, other, start, shown) in [
      ("Pacific/Kiritimati", "Pacific/Pago_Pago", "2024-05-10", "2024-05-12"),
      ("Pacific/Pago_Pago", "Pacific/Kiritimati", "2024-05-20", "2024-05-18"),
    ] {
      let fixture = try ServiceFixture(zone: zone)
      let time = zone == "Pacific/Kiritimati" ? "23:00" : "00:30"
      _ = try fixture.service.add(event(start, "far", at: time, for: 30, zone: other))
      #expect(try fixture.service.agenda(from: day(shown), through: day(shown)).count == 1)
      for (first, last) in [(day(shown), day(shown)), (day(shown), nil), (nil, day(shown))] {
        var text = ""
        try fixture.service.export(from: first, through: last, product: "-//t//EN") { text += $0 }
        #expect(text.contains("SUMMARY:far"), "\(zone): \(String(describing: first))...\(String(describing: last))")
      }
    }
  }
}

import CalCore
import CalServerSupport
import CalService
import Foundation
import Testing

/// Invitations to one occurrence of a series (a resource holding only a VEVENT with RECURRENCE-ID) on real
/// servers: changed here and synced up, the server still has the series' UID and the RECURRENCE-ID, in the
/// same resource; changed there, the change comes down to the same event.
@Suite("Sync of occurrences whose series the server does not hold")
struct SeriesLinkSyncTests {
  /// A resource holding one occurrence of series `uid`: its RECURRENCE-ID and DTSTART lines.
  static func occurrence(uid: String, _ recurrence: String, _ start: String, summary: String) -> String {
    [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//other client//EN", "BEGIN:VEVENT", "UID:\(uid)",
      "DTSTAMP:20240101T000000Z", recurrence, start, "SUMMARY:\(summary)", "END:VEVENT", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
  }

  static let berlin = "RECURRENCE-ID;TZID=Europe/Berlin:20240527T200000"
  static let start = "DTSTART;TZID=Europe/Berlin:20240527T210000\r\nDURATION:PT1H"

  @Test(arguments: CalDAVServer.Kind.allCases)
  func anOccurrenceImportedHereGoesUpAsTheOccurrenceOrIsRefusedWhole(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    let invitation = Self.occurrence(uid: "yoga-1", Self.berlin, Self.start, summary: "yoga later")
    let prepared = try CalendarService.prepareImport(
      Array(invitation.utf8), skipInvalid: false, zones: local.environment.zones)
    #expect(try local.service.importCalendar(prepared, calendar: local.name).added == 1)
    try local.add(fields("2024-05-13", "mine"))
    local.clock.now += 1000
    let report = try local.service.sync(
      local.name, with: try local.remote(), options: SyncOptions(product: "-//cal//tests//EN"))
    let events = try server.events()
    switch kind {
    case .xandikos:
      #expect((report.uploaded, report.skipped.count) == (2, 0), "\(report.skipped)")
      let text = try #require(events["yoga-1"])
      #expect(text.contains("\(Self.berlin)\n") && text.contains("SUMMARY:yoga later\n"))
      #expect(events.count == 2)
    case .radicale:
      // Refused, and said so: nothing goes up under a made-up UID, and the event stays here as it is.
      #expect(report.uploaded == 1 && report.skipped.map(\.0) == ["yoga-1-20240527T200000"])
      #expect(events["yoga-1"] == nil && events.count == 1)
    }
    try local.expectListing(["2024-05-13 all day mine", "2024-05-27 19:00 yoga later"])
    #expect(try local.event(titled: "yoga later").fields.seriesLink?.uid == "yoga-1")
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func anOccurrenceEditedHereGoesUpAsTheSameOccurrence(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    if kind == .radicale {
      // Radicale (3.1) refuses any resource without its series' own VEVENT ("Main component missing"), from
      // any client: there is no such resource on it to sync. What cal uploads of one is below.
      #expect(throws: CalDAVServer.Failure.self) {
        try server.put("invite.ics", Self.occurrence(uid: "yoga-1", Self.berlin, Self.start, summary: "yoga"))
      }
      return
    }
    try server.put(
      "invite.ics",
      Self.occurrence(uid: "yoga-1", Self.berlin, Self.start, summary: "yoga later"))
    try server.put(
      "holiday.ics",
      Self.occurrence(
        uid: "holiday-1", "RECURRENCE-ID;VALUE=DATE:20240520", "DTSTART;VALUE=DATE:20240521",
        summary: "day off, moved"))
    let hrefs = try server.hrefs()
    #expect(try local.sync().downloaded == 2)
    try local.expectListing(["2024-05-21 all day day off, moved", "2024-05-27 19:00 yoga later"])

    // Moved and renamed here: the same resource, the series' UID, the occurrence it replaces, no rule.
    let yoga = try local.event(titled: "yoga later")
    local.clock.now += 1000
    _ = try local.service.edit(id: yoga.id) { fields in
      var changed = fields
      changed.title = "yoga, moved"
      changed.schedule.startTime = try TimeOfDay(parsing: "08:00")
      return changed
    }
    try local.retitle(try local.event(titled: "day off, moved"), "day off")
    let up = try local.sync()
    #expect((up.uploaded, up.downloaded, up.conflicts.count) == (2, 0, 0))
    #expect(try server.hrefs() == hrefs)
    let events = try server.events()
    let text = try #require(events["yoga-1"])
    #expect(text.contains("RECURRENCE-ID;TZID=Europe/Berlin:20240527T200000\n"))
    #expect(text.contains("DTSTART;TZID=Europe/Berlin:20240527T080000\n"))
    #expect(text.contains("SUMMARY:yoga\\, moved\n"))
    #expect(!text.contains("RRULE"))
    let holiday = try #require(events["holiday-1"])
    #expect(holiday.contains("RECURRENCE-ID;VALUE=DATE:20240520\n") && holiday.contains("SUMMARY:day off\n"))

    // Nothing changed: nothing moves; changed there, it comes down onto the same event.
    let quiet = try local.sync()
    #expect((quiet.uploaded, quiet.downloaded, quiet.removed) == (0, 0, 0))
    try server.put(
      hrefs["yoga-1"]!,
      Self.occurrence(
        uid: "yoga-1", "RECURRENCE-ID;TZID=Europe/Berlin:20240527T200000",
        "DTSTART;TZID=Europe/Berlin:20240527T190000\r\nDURATION:PT1H", summary: "yoga, earlier"))
    let down = try local.sync()
    #expect((down.uploaded, down.downloaded, down.removed, down.conflicts.count) == (0, 1, 0, 0))
    try local.expectListing(["2024-05-21 all day day off", "2024-05-27 17:00 yoga, earlier"])
    #expect(try local.event(titled: "yoga, earlier").id == yoga.id)

    // Another machine sees the same.
    let other = try SyncFixture(server, file: "other.db")
    #expect(try other.sync().downloaded == 2)
    try other.expectListing(["2024-05-21 all day day off", "2024-05-27 17:00 yoga, earlier"])
  }
}

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

  /// A resource holding several edited occurrences of series `uid`, each its RECURRENCE-ID, DTSTART and
  /// SUMMARY lines.
  static func occurrences(uid: String, _ events: [(String, String, String)]) -> String {
    let vevents = events.flatMap { recurrence, start, summary in
      ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20240101T000000Z", recurrence, start, "SUMMARY:\(summary)", "END:VEVENT"]
    }
    return (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//other client//EN"] + vevents + ["END:VCALENDAR", ""])
      .joined(separator: "\r\n")
  }

  static let berlin = "RECURRENCE-ID;TZID=Europe/Berlin:20240527T200000"
  /// Two occurrences of `yoga-1` in one resource: 27 May moved an hour later, 3 June an hour earlier.
  static let twoOccurrences = occurrences(
    uid: "yoga-1",
    [
      (berlin, start, "yoga later"),
      ("RECURRENCE-ID:20240603T180000Z", "DTSTART:20240603T170000Z\r\nDURATION:PT1H", "yoga earlier"),
    ])
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
      #expect(report.uploaded == 1 && report.skipped.map(\.0) == ["yoga-1"])
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

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aResourceOfSeveralOccurrencesKeepsThemAllBothWays(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    let two = Self.twoOccurrences
    if kind == .radicale {
      // Radicale refuses resources without the series' own VEVENT (see above).
      #expect(throws: CalDAVServer.Failure.self) { try server.put("invite.ics", two) }
      return
    }
    try server.put("invite.ics", two)
    let hrefs = try server.hrefs()
    #expect(try local.sync().downloaded == 1)
    try local.expectListing(["2024-05-27 19:00 yoga later", "2024-06-03 17:00 yoga earlier"])

    // One edited here: the resource goes up whole, the other occurrence still in it.
    try local.retitle(try local.event(titled: "yoga later"), "yoga, later")
    #expect(try local.sync().uploaded == 1)
    #expect(try server.hrefs() == hrefs)
    var text = try #require(try server.events()["yoga-1"])
    #expect(text.contains("\(Self.berlin)\n") && text.contains("SUMMARY:yoga\\, later\n"))
    #expect(text.contains("RECURRENCE-ID:20240603T180000Z\n") && text.contains("SUMMARY:yoga earlier\n"))

    // A third comes with the resource from another client; then one removed here leaves the others there.
    let three = Self.occurrences(
      uid: "yoga-1",
      [
        (Self.berlin, Self.start, "yoga, later"),
        ("RECURRENCE-ID:20240603T180000Z", "DTSTART:20240603T170000Z\r\nDURATION:PT1H", "yoga earlier"),
        ("RECURRENCE-ID:20240610T180000Z", "DTSTART:20240610T180000Z\r\nDURATION:PT1H", "yoga as usual"),
      ])
    try server.put(hrefs["yoga-1"]!, three)
    #expect(try local.sync().downloaded == 1)
    try local.expectListing([
      "2024-05-27 19:00 yoga, later", "2024-06-03 17:00 yoga earlier", "2024-06-10 18:00 yoga as usual",
    ])
    local.clock.now += 1000
    _ = try local.service.remove(id: try local.event(titled: "yoga earlier").id)
    let removal = try local.sync()
    #expect((removal.uploaded, removal.removedThere) == (1, 0))
    text = try #require(try server.events()["yoga-1"])
    #expect(!text.contains("yoga earlier") && text.contains("yoga as usual") && text.contains("yoga\\, later"))

    // Another machine gets all that is left; removing the last ones here removes the resource.
    let other = try SyncFixture(server, file: "other.db")
    #expect(try other.sync().downloaded == 1)
    try other.expectListing(["2024-05-27 19:00 yoga, later", "2024-06-10 18:00 yoga as usual"])
    for title in ["yoga, later", "yoga as usual"] {
      other.clock.now += 1000
      _ = try other.service.remove(id: try other.event(titled: title).id)
    }
    #expect(try other.sync().removedThere == 1)
    #expect(try server.events()["yoga-1"] == nil)
    // The collection is empty now: removing its last events here too takes --force-delete.
    #expect(try local.sync().failure?.contains("--force-delete") == true)
    #expect(try local.sync(forceDelete: true).removedHere == 1)
    try local.expectListing([])
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func theSeriesComingLaterTakesTheOccurrencesItsResourceHeld(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    let invitation = Self.twoOccurrences
    let series = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//other client//EN",
      "BEGIN:VEVENT", "UID:yoga-1", "DTSTAMP:20240101T000000Z", "DTSTART;TZID=Europe/Berlin:20240520T200000",
      "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=4", "SUMMARY:yoga", "END:VEVENT",
      "BEGIN:VEVENT", "UID:yoga-1", "DTSTAMP:20240101T000000Z", Self.berlin, Self.start, "SUMMARY:yoga later",
      "END:VEVENT", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
    if kind == .radicale {
      // Radicale refuses resources without the series' own VEVENT (see above).
      #expect(throws: CalDAVServer.Failure.self) { try server.put("invite.ics", invitation) }
      return
    }
    try server.put("invite.ics", invitation)
    #expect(try local.sync().downloaded == 1)
    // The organizer's client puts the series in the resource: one occurrence edited, the other as usual.
    try server.put(try server.hrefs()["yoga-1"]!, series)
    let report = try local.sync()
    #expect((report.downloaded, report.conflicts.count, report.uploaded) == (1, 0, 0))
    try local.expectListing([
      "2024-05-20 18:00 yoga", "2024-05-27 19:00 yoga later", "2024-06-03 18:00 yoga", "2024-06-10 18:00 yoga",
    ])
    #expect(try local.sync().downloaded == 0)
  }
}

import CalCore
import CalServerSupport
import CalService
import Foundation
import Testing

/// A repeating meeting removed here while an attendee answered one of its occurrences on the server, through
/// a copy of that occurrence (a VEVENT with its RECURRENCE-ID and the answer) that the attendee's client or
/// the server's scheduling saves into the series' resource: the answer is no change the user sees, so the
/// meeting does not come back here and the removal goes up. An occurrence the server holds without its series
/// (in place of it, or in a resource of its own) comes back, whatever it says: with the series gone here,
/// nothing tells an answer from a change.
@Suite("Removals here against an answer to one occurrence there")
struct OccurrenceAnswerRemovalTests {
  /// The organizer and Ana, invited (or, with `answer`, having answered).
  static func people(answer: String = "NEEDS-ACTION") -> [String] {
    [
      "ORGANIZER;CN=Boss:mailto:boss@example.com",
      "ATTENDEE;CN=Ana;PARTSTAT=\(answer);ROLE=REQ-PARTICIPANT:mailto:ana@example.com",
    ]
  }

  /// The weekly stand-up's own VEVENT: Mondays at 09:00 UTC from 13 May 2024, four times.
  static let series =
    [
      "BEGIN:VEVENT", "UID:standup-1", "DTSTAMP:20240101T000000Z", "DTSTART:20240513T090000Z", "DURATION:PT1H",
      "RRULE:FREQ=WEEKLY;COUNT=4", "SUMMARY:standup",
    ] + people() + ["END:VEVENT"]

  /// The occurrence of Monday 20 May 2024 as it is, with Ana's answer `answer`: what her client writes.
  static func answered(_ answer: String = "ACCEPTED") -> [String] {
    [
      "BEGIN:VEVENT", "UID:standup-1", "DTSTAMP:20240515T000000Z", "RECURRENCE-ID:20240520T090000Z",
      "DTSTART:20240520T090000Z", "DURATION:PT1H", "SUMMARY:standup",
    ] + people(answer: answer) + ["END:VEVENT"]
  }

  /// A resource holding `vevents`.
  static func resource(_ vevents: [String]) -> String {
    (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//other client//EN"] + vevents + ["END:VCALENDAR", ""])
      .joined(separator: "\r\n")
  }

  /// The stand-up on the server and synced here, then removed here (not synced since): the server, this
  /// side and the stand-up's path on the server.
  static func removedHere(_ kind: CalDAVServer.Kind) throws -> (CalDAVServer, SyncFixture, String) {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    try server.put("standup.ics", resource(series))
    #expect(try local.sync().downloaded == 1)
    try local.expectListing([
      "2024-05-13 09:00 standup", "2024-05-20 09:00 standup", "2024-05-27 09:00 standup",
      "2024-06-03 09:00 standup",
    ])
    try RemovalSyncTests.remove("standup", from: local)
    return (server, local, try #require(try server.hrefs()["standup-1"]))
  }

  /// Syncs, expecting the removal here to go up: one resource removed there, nothing else done, the server
  /// and this side empty, and the sync after it quiet.
  static func expectRemovalWentUp(
    _ server: CalDAVServer, _ local: SyncFixture, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(RemovalSyncTests.counts(try local.sync()) == [0, 0, 0, 1, 0], sourceLocation: sourceLocation)
    #expect(try server.resources().isEmpty, sourceLocation: sourceLocation)
    try local.expectListing([], sourceLocation: sourceLocation)
    try RemovalSyncTests.expectQuiet(local, sourceLocation: sourceLocation)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func anAnswerToOneOccurrenceBesideTheSeriesDoesNotBringItBack(kind: CalDAVServer.Kind) throws {
    let (server, local, href) = try Self.removedHere(kind)
    try server.put(href, Self.resource(Self.series + Self.answered()))

    try Self.expectRemovalWentUp(server, local)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func anAnswerToOneOccurrenceOfASeriesMadeHereDoesNotBringItBack(kind: CalDAVServer.Kind) throws {
    // The series as cal writes it (on the user's clock, with a reminder); the attendee's client copies its
    // VEVENT for Wednesday 15 May, with a RECURRENCE-ID and the answer, and adds it to the resource.
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    var rule = fields("2024-05-13", "yoga", at: "18:00", for: 60, repeating: "FREQ=DAILY;COUNT=5")
    rule.reminders = [Reminder(.start(offsetSeconds: -900))]
    let yoga = try local.add(rule)
    #expect(try local.sync().uploaded == 1)
    let href = try #require(try server.hrefs()[yoga.uid!])
    let text = try #require(try server.events()[yoga.uid!])
    let lines = text.split(separator: "\n").map(String.init)
    let first = try #require(lines.firstIndex(of: "BEGIN:VEVENT"))
    let last = try #require(lines.firstIndex(of: "END:VEVENT"))
    let vevent = Array(lines[first...last])
    let start = try #require(vevent.first { $0.hasPrefix("DTSTART") })
    let moved = start.replacingOccurrences(of: "20240513", with: "20240515")
    let copy = vevent.filter { !$0.hasPrefix("RRULE") }.flatMap { line in
      switch line {
      case start: [moved.replacingOccurrences(of: "DTSTART", with: "RECURRENCE-ID"), moved]
      case "END:VEVENT": Self.people(answer: "DECLINED") + [line]
      default: [line]
      }
    }
    let answered = lines.flatMap { $0 == "END:VCALENDAR" ? copy + [$0] : [$0] }
    try server.put(href, answered.joined(separator: "\r\n") + "\r\n")
    try RemovalSyncTests.remove("yoga", from: local)

    try Self.expectRemovalWentUp(server, local)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func anOccurrenceMovedBesideTheSeriesBringsItBack(kind: CalDAVServer.Kind) throws {
    // The organizer moved 20 May an hour later: a change the user sees, which is not lost unseen.
    let (server, local, href) = try Self.removedHere(kind)
    let moved = Self.answered("NEEDS-ACTION").map { $0 == "DTSTART:20240520T090000Z" ? "DTSTART:20240520T100000Z" : $0 }
    try server.put(href, Self.resource(Self.series + moved))

    #expect(RemovalSyncTests.counts(try local.sync()) == [0, 1, 0, 0, 0])
    try local.expectListing([
      "2024-05-13 09:00 standup", "2024-05-20 10:00 standup", "2024-05-27 09:00 standup",
      "2024-06-03 09:00 standup",
    ])
    try RemovalSyncTests.expectQuiet(local)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aCopyOfTheSeriesOnADayItDoesNotRepeatOnBringsItBack(kind: CalDAVServer.Kind) throws {
    // A copy of the series with the RECURRENCE-ID of a day that is no occurrence of the series (Wednesday 22
    // May of a series on Mondays; Monday 10 June, after its four times): shown as a meeting of its own that
    // day, a change the user sees (regression: it was taken for an answer, and the removal went up over it).
    for (stamp, day) in [("20240522", "2024-05-22"), ("20240610", "2024-06-10")] {
      let (server, local, href) = try Self.removedHere(kind)
      let copy = Self.answered("NEEDS-ACTION").map {
        $0.replacingOccurrences(of: "20240520T090000Z", with: "\(stamp)T090000Z")
      }
      try server.put(href, Self.resource(Self.series + copy))

      #expect(RemovalSyncTests.counts(try local.sync()) == [0, 1, 0, 0, 0], "\(day)")
      let series = ["2024-05-13", "2024-05-20", "2024-05-27", "2024-06-03"]
      try local.expectListing((series + [day]).sorted().map { "\($0) 09:00 standup" })
      try RemovalSyncTests.expectQuiet(local)
    }
  }

  /// The occurrence of 20 May alone, as the server may come to hold it without its series: with Ana's answer
  /// only, or moved an hour later by the organizer.
  static let alone: [(String, [String])] = [
    ("20 May answered", answered()),
    ("20 May moved", answered().map { $0 == "DTSTART:20240520T090000Z" ? "DTSTART:20240520T100000Z" : $0 }),
  ]

  /// Syncs, expecting the occurrence `text` (one line of a listing) alone on the server to come back here;
  /// removed again, the removal goes up.
  static func expectOccurrenceCameBack(
    _ text: String, _ server: CalDAVServer, _ local: SyncFixture, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(RemovalSyncTests.counts(try local.sync()) == [0, 1, 0, 0, 0], sourceLocation: sourceLocation)
    try local.expectListing([text], sourceLocation: sourceLocation)
    try RemovalSyncTests.expectQuiet(local, sourceLocation: sourceLocation)
    try RemovalSyncTests.remove("standup", from: local)
    try expectRemovalWentUp(server, local, sourceLocation: sourceLocation)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func anOccurrenceAloneInPlaceOfTheSeriesComesBack(kind: CalDAVServer.Kind) throws {
    // With the series gone here, nothing tells a copy that carries only an answer from one the organizer
    // moved (or renamed): both come back, so that no change is deleted unseen (regression: both were
    // removed there, the moved occurrence lost).
    for (name, occurrence) in Self.alone {
      let (server, local, href) = try Self.removedHere(kind)
      if kind == .radicale {
        // Radicale (3.1) refuses any resource without its series' own VEVENT ("Main component missing").
        #expect(throws: CalDAVServer.Failure.self) { try server.put(href, Self.resource(occurrence)) }
        return
      }
      try server.put(href, Self.resource(occurrence))

      let time = name == "20 May moved" ? "10:00" : "09:00"
      try Self.expectOccurrenceCameBack("2024-05-20 \(time) standup", server, local)
    }
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func anOccurrenceInAResourceOfItsOwnComesBack(kind: CalDAVServer.Kind) throws {
    // The server's scheduling replaced the series' resource by one of its own holding the occurrence alone
    // (the same UID in two resources is refused by both servers, as RFC 4791 wants).
    for (name, occurrence) in Self.alone {
      let (server, local, href) = try Self.removedHere(kind)
      try server.delete(href)
      if kind == .radicale {
        #expect(throws: CalDAVServer.Failure.self) { try server.put("answer.ics", Self.resource(occurrence)) }
        return
      }
      try server.put("answer.ics", Self.resource(occurrence))

      let time = name == "20 May moved" ? "10:00" : "09:00"
      try Self.expectOccurrenceCameBack("2024-05-20 \(time) standup", server, local)
    }
  }

  @Test
  func anInvitationToOneOccurrenceChangedThereComesBack() throws {
    // An invitation to one occurrence of a series kept elsewhere (Xandikos: Radicale refuses such a
    // resource), removed here while the organizer moved it and renamed it there: it comes back with the
    // change (regression: the removal went up over it, the change lost).
    let server = try CalDAVServer(.xandikos)
    let local = try SyncFixture(server)
    try server.put(
      "yoga.ics",
      SeriesLinkSyncTests.occurrence(
        uid: "yoga-1", SeriesLinkSyncTests.berlin, SeriesLinkSyncTests.start, summary: "yoga later"))
    #expect(try local.sync().downloaded == 1)
    try local.expectListing(["2024-05-27 19:00 yoga later"])
    try RemovalSyncTests.remove("yoga later", from: local)
    let moved = SeriesLinkSyncTests.start.replacingOccurrences(of: "T210000", with: "T220000")
    try server.put(
      "yoga.ics",
      SeriesLinkSyncTests.occurrence(uid: "yoga-1", SeriesLinkSyncTests.berlin, moved, summary: "yoga moved"))

    #expect(RemovalSyncTests.counts(try local.sync()) == [0, 1, 0, 0, 0])
    try local.expectListing(["2024-05-27 20:00 yoga moved"])
    try RemovalSyncTests.expectQuiet(local)
  }
}

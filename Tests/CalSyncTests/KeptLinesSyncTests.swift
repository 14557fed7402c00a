import CalCore
import CalServerSupport
import CalService
import Foundation
import Testing

/// What cal does not read of an event (attendees, the organizer, categories, other clients' properties,
/// alarms that are no reminders) survives an edit made here and sent up, against real Radicale and Xandikos
/// servers; a server that changed only such lines while this side changed the event is merged, no conflict.
@Suite("Kept lines through sync")
struct KeptLinesSyncTests {
  /// What another client wrote into the meeting, beyond what cal reads.
  static let meeting = [
    "ORGANIZER;CN=\"Boss, The\":mailto:boss@example.com",
    "ATTENDEE;CN=Ana;PARTSTAT=NEEDS-ACTION;ROLE=REQ-PARTICIPANT:mailto:ana@example.com",
    "CATEGORIES:Work,Planning", "X-PHONE-COLOR:#ff0000", "SEQUENCE:2",
    "BEGIN:VALARM", "ACTION:EMAIL", "TRIGGER:-PT1H", "SUMMARY:soon", "DESCRIPTION:planning in an hour",
    "ATTENDEE:mailto:boss@example.com", "END:VALARM",
  ]

  /// The meeting synced, then answered on the server by Ana (her client writes the organizer's copy anew,
  /// with `summary` and `more` lines): the server and this side, not synced since.
  static func answered(
    _ kind: CalDAVServer.Kind, summary: String = "planning", more: [String] = []
  ) throws -> (CalDAVServer, SyncFixture) {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    try server.put("meeting.ics", ics(uid: "meeting-1", summary: "planning", extra: meeting))
    try local.sync()
    let href = try #require(try server.hrefs()["meeting-1"])
    let answered = meeting.map { $0.replacingOccurrences(of: "NEEDS-ACTION", with: "ACCEPTED") }
    try server.put(href, ics(uid: "meeting-1", summary: summary, extra: answered + more))
    return (server, local)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func anEditHereKeepsWhatCalDoesNotRead(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    try server.put("meeting.ics", ics(uid: "meeting-1", summary: "planning", extra: Self.meeting))
    #expect(try local.sync().downloaded == 1)

    let meeting = try local.event(titled: "planning")
    _ = try local.service.edit(id: meeting.id) { fields in
      var changed = fields
      changed.title = "planning, longer"
      changed.schedule.lengthMinutes = 90
      return changed
    }
    let report = try local.sync()
    #expect((report.uploaded, report.downloaded, report.conflicts.count) == (1, 0, 0))
    let text = try #require(try server.events()["meeting-1"])
    #expect(text.contains("SUMMARY:planning\\, longer\n"))
    #expect(text.contains("DURATION:PT1H30M\n"))
    // The new length counts the revision up (RFC 5545 §3.8.7.4); the rest goes up as it came.
    for line in Self.meeting {
      #expect(text.contains((line == "SEQUENCE:2" ? "SEQUENCE:3" : line) + "\n"), "\(line) in \(text)")
    }
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func anAnswerThereAndAnEditHereMerge(kind: CalDAVServer.Kind) throws {
    // Ana accepts, while the meeting is retitled here.
    let (server, local) = try Self.answered(kind, more: ["X-ANA-SEEN:1"])
    try local.retitle(try local.event(titled: "planning"), "planning (room 4)")

    let report = try local.sync()
    #expect(report.conflicts.map(\.copy.title) == [])
    #expect((report.uploaded, report.downloaded) == (1, 0))
    try local.expectListing(["2024-05-12 10:00 planning (room 4)"])
    let text = try #require(try server.events()["meeting-1"])
    #expect(text.contains("SUMMARY:planning (room 4)\n"))
    #expect(text.contains("PARTSTAT=ACCEPTED"))
    #expect(text.contains("X-ANA-SEEN:1\n"))
    // What was merged is what is kept here: nothing more goes up or comes down.
    let quiet = try local.sync()
    #expect((quiet.uploaded, quiet.downloaded, quiet.conflicts.count) == (0, 0, 0))
    var written = ""
    try local.service.export(product: "-//test//EN") { (text: String) in written += text }
    #expect(written.contains("PARTSTAT=ACCEPTED"))
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func anAnswerThereAndANewTimeHereMerge(kind: CalDAVServer.Kind) throws {
    let (server, local) = try Self.answered(kind)
    // A new length here counts the kept SEQUENCE up: the server's lines are still a change of those alone.
    local.clock.now += 1000
    _ = try local.service.edit(id: try local.event(titled: "planning").id) { fields in
      var changed = fields
      changed.schedule.lengthMinutes = 90
      return changed
    }

    let report = try local.sync()
    #expect(report.conflicts.map(\.copy.title) == [])
    #expect((report.uploaded, report.downloaded) == (1, 0))
    let text = try #require(try server.events()["meeting-1"])
    #expect(text.contains("DURATION:PT1H30M\n") && text.contains("PARTSTAT=ACCEPTED"))
    // The revision counted here goes up with the answer.
    #expect(text.contains("SEQUENCE:3\n") && !text.contains("SEQUENCE:2\n"), "\(text)")
    let quiet = try local.sync()
    #expect((quiet.uploaded, quiet.downloaded, quiet.conflicts.count) == (0, 0, 0))
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aMergeCutShortBeforeItsUploadIsMergedByTheNextSync(kind: CalDAVServer.Kind) throws {
    struct CutShort: Error {}
    let (server, local) = try Self.answered(kind)
    try local.retitle(try local.event(titled: "planning"), "planning (room 4)")

    // The server's lines are stored here, then the upload of the merged meeting fails (the network is gone).
    let failing = RacingRemote(try local.remote()) { _ in throw CutShort() }
    let cut = try local.sync(remote: failing)
    #expect(cut.failure != nil && cut.conflicts.isEmpty)
    let report = try local.sync()
    #expect(report.conflicts.map(\.copy.title) == [])
    #expect(report.uploaded == 1)
    try local.expectListing(["2024-05-12 10:00 planning (room 4)"])
    let text = try #require(try server.events()["meeting-1"])
    #expect(text.contains("SUMMARY:planning (room 4)\n") && text.contains("PARTSTAT=ACCEPTED"))
  }

  /// A weekly stand-up (with a room and a revision of its own) and its occurrence of 19 May moved an hour
  /// later, to which Ana's answer is `answer`.
  static func standup(answer: String) -> String {
    ics(
      uid: "standup-1", summary: "standup", extra: ["RRULE:FREQ=WEEKLY;COUNT=3", "X-ROOM:4", "SEQUENCE:1"],
      more: [
        "BEGIN:VEVENT", "UID:standup-1", "DTSTAMP:20240101T000000Z", "RECURRENCE-ID:20240519T100000Z",
        "DTSTART:20240519T110000Z", "DURATION:PT1H", "SUMMARY:standup later",
        "ATTENDEE;PARTSTAT=\(answer):mailto:ana@example.com", "END:VEVENT",
      ])
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func anAnswerToOneOccurrenceThereAndAnEditOfTheSeriesHereMerge(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    try server.put("standup.ics", Self.standup(answer: "NEEDS-ACTION"))
    #expect(try local.sync().downloaded == 1)
    // Ana accepts the moved occurrence alone, while the series is retitled here: of the two events stored
    // here, only the occurrence takes the server's lines; the series keeps its own.
    try server.put(try #require(try server.hrefs()["standup-1"]), Self.standup(answer: "ACCEPTED"))
    try local.retitle(try local.event(titled: "standup"), "standup (room 4)")

    let report = try local.sync()
    #expect(report.conflicts.map(\.copy.title) == [])
    #expect((report.uploaded, report.downloaded) == (1, 0))
    try local.expectListing([
      "2024-05-12 10:00 standup (room 4)", "2024-05-19 11:00 standup later", "2024-05-26 10:00 standup (room 4)",
    ])
    let text = try #require(try server.events()["standup-1"])
    #expect(text.contains("SUMMARY:standup (room 4)\n") && text.contains("PARTSTAT=ACCEPTED"), "\(text)")
    #expect(text.contains("X-ROOM:4\n") && text.contains("SEQUENCE:1\n") && !text.contains("NEEDS-ACTION"))
    let quiet = try local.sync()
    #expect((quiet.uploaded, quiet.downloaded, quiet.conflicts.count) == (0, 0, 0))
    var written = ""
    try local.service.export(product: "-//test//EN") { (text: String) in written += text }
    #expect(written.contains("PARTSTAT=ACCEPTED") && written.contains("X-ROOM:4") && !written.contains("NEEDS-ACTION"))
  }

  /// Two edited occurrences of a series the server does not hold, in one resource (as an invitation to
  /// them comes), each with an attendee; Ana's answer to the second is `answer`.
  static func invitations(answer: String) -> String {
    let occurrences = [
      ("20240520T100000Z", "20240520T110000Z", "review", "NEEDS-ACTION"),
      ("20240527T100000Z", "20240527T120000Z", "review later", answer),
    ].flatMap { recurrence, start, summary, partstat in
      [
        "BEGIN:VEVENT", "UID:review-1", "DTSTAMP:20240101T000000Z", "RECURRENCE-ID:\(recurrence)",
        "DTSTART:\(start)", "DURATION:PT1H", "SUMMARY:\(summary)",
        "ATTENDEE;PARTSTAT=\(partstat):mailto:ana@example.com", "END:VEVENT",
      ]
    }
    return (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//other client//EN"] + occurrences + ["END:VCALENDAR", ""])
      .joined(separator: "\r\n")
  }

  /// Xandikos alone: Radicale refuses a resource without its series' own VEVENT (SeriesLinkSyncTests).
  @Test func anAnswerToOneLinkedOccurrenceThereAndAnEditOfTheOtherHereMerge() throws {
    let server = try CalDAVServer(.xandikos)
    let local = try SyncFixture(server)
    try server.put("review.ics", Self.invitations(answer: "NEEDS-ACTION"))
    #expect(try local.sync().downloaded == 1)
    try server.put(try #require(try server.hrefs()["review-1"]), Self.invitations(answer: "ACCEPTED"))
    try local.retitle(try local.event(titled: "review"), "review (room 4)")

    let report = try local.sync()
    #expect(report.conflicts.map(\.copy.title) == [])
    #expect((report.uploaded, report.downloaded) == (1, 0))
    try local.expectListing(["2024-05-20 11:00 review (room 4)", "2024-05-27 12:00 review later"])
    let text = try #require(try server.events()["review-1"])
    #expect(text.contains("SUMMARY:review (room 4)\n"), "\(text)")
    #expect(text.components(separatedBy: "PARTSTAT=ACCEPTED").count == 2)
    #expect(text.components(separatedBy: "PARTSTAT=NEEDS-ACTION").count == 2)
    let quiet = try local.sync()
    #expect((quiet.uploaded, quiet.downloaded, quiet.conflicts.count) == (0, 0, 0))
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aChangeThereToWhatCalReadsIsStillAConflict(kind: CalDAVServer.Kind) throws {
    let (_, local) = try Self.answered(kind, summary: "planning, moved")
    try local.retitle(try local.event(titled: "planning"), "planning (room 4)")

    let report = try local.sync()
    #expect(report.conflicts.map(\.copy.title) == ["planning (room 4) (conflict)"])
    try local.expectListing(["2024-05-12 10:00 planning, moved", "2024-05-12 10:00 planning (room 4) (conflict)"])
  }
}

import CalCore
import CalServerSupport
import CalService
import CalStorage
import Foundation
import Testing

/// An event removed here while the server's copy changed, against real Radicale and Xandikos servers: a
/// change there to what cal keeps without reading (an attendee's answer, another client's X- property) does
/// not bring it back, and the removal goes up; a change the user sees does bring it back.
@Suite("Removals here against changes there")
struct RemovalSyncTests {
  /// The counts of a report that matter here: (up, down, removed here, removed there, conflicts).
  static func counts(_ report: SyncReport) -> [Int] {
    [report.uploaded, report.downloaded, report.removedHere, report.removedThere, report.conflicts.count]
  }

  /// Removes the event titled `title` here (the series whole, for a series).
  static func remove(_ title: String, from local: SyncFixture) throws {
    local.clock.now += 1000
    _ = try local.service.remove(id: try local.event(titled: title).id)
  }

  /// The meeting of ``KeptLinesSyncTests/meeting`` as Ana's client writes it anew, her answer `answer`.
  static func meeting(answer: String, start: String = "20240512T100000Z") -> String {
    let lines = KeptLinesSyncTests.meeting.map { $0.replacingOccurrences(of: "NEEDS-ACTION", with: answer) }
    return ics(uid: "meeting-1", summary: "planning", start: start, extra: lines)
  }

  /// Expects one sync more to change nothing on either side.
  static func expectQuiet(_ local: SyncFixture, sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(counts(try local.sync()) == [0, 0, 0, 0, 0], sourceLocation: sourceLocation)
  }

  /// Sets what the last sync left of every item of `local` as a `cal` from before migration 0022 left it.
  static func forgetVisibleHashes(_ local: SyncFixture) throws {
    let database = try Database(path: local.service.path, mode: .existing)
    defer { database.close() }
    try database.execute("UPDATE sync_items SET visible_hash = NULL")
  }

  /// The visible hashes of the items of `local` with a UID, by UID.
  static func visibleHashes(_ local: SyncFixture) throws -> [String: Int64?] {
    let database = try Database(path: local.service.path, mode: .existing)
    defer { database.close() }
    let rows = try database.fetch("SELECT uid, visible_hash FROM sync_items WHERE uid IS NOT NULL") {
      (try $0[0] as String, try $0[1] as Int64?)
    }
    return Dictionary(uniqueKeysWithValues: rows)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func anAnswerThereDoesNotBringBackWhatWasRemovedHere(kind: CalDAVServer.Kind) throws {
    let (server, local) = try KeptLinesSyncTests.answered(kind)
    try Self.remove("planning", from: local)

    let report = try local.sync()
    #expect(Self.counts(report) == [0, 0, 0, 1, 0])
    #expect(report.removed == 1)
    #expect(try server.events()["meeting-1"] == nil)
    try local.expectListing([])
    try Self.expectQuiet(local)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aNewTimeThereBringsBackWhatWasRemovedHere(kind: CalDAVServer.Kind) throws {
    // Moved an hour later there (Ana's answer with it): a change the user sees, which is not lost unseen.
    let (server, local) = try KeptLinesSyncTests.answered(kind)
    try server.put(
      try #require(try server.hrefs()["meeting-1"]), Self.meeting(answer: "ACCEPTED", start: "20240512T110000Z"))
    try Self.remove("planning", from: local)

    let report = try local.sync()
    #expect(Self.counts(report) == [0, 1, 0, 0, 0])
    try local.expectListing(["2024-05-12 11:00 planning"])
    let kept = try local.service.event(id: try local.event(titled: "planning").id).fields.keptLines
    #expect(kept?.contains("PARTSTAT=ACCEPTED") == true)
    #expect(try server.events()["meeting-1"]?.contains("DTSTART:20240512T110000Z") == true)
    try Self.expectQuiet(local)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func anotherClientsPropertyThereDoesNotBringBackWhatWasRemovedHere(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    let dentist = try local.add(fields("2024-05-12", "dentist", at: "10:00", for: 30))
    let gym = try local.add(fields("2024-05-13", "gym", at: "18:00", for: 60))
    #expect(try local.sync().uploaded == 2)
    /// Another client saves the event with UID `uid` again, with a new DTSTAMP and its property `X-SEEN`
    /// set to `seen`.
    func touch(_ uid: String, seen: Int) throws {
      let text = try #require(try server.events()[uid])
      let lines = text.split(separator: "\n").filter { !$0.hasPrefix("X-SEEN:") }.flatMap { line in
        switch line {
        case "END:VEVENT": ["X-SEEN:\(seen)", "END:VEVENT"]
        case _ where line.hasPrefix("DTSTAMP:"): ["DTSTAMP:2024060\(seen)T000000Z"]
        default: [String(line)]
        }
      }
      try server.put(try #require(try server.hrefs()[uid]), lines.joined(separator: "\r\n") + "\r\n")
    }
    // The dentist, sent up from here, is removed here once the other client has added its property there.
    try touch(dentist.uid!, seen: 1)
    try touch(gym.uid!, seen: 1)
    try Self.remove("dentist", from: local)
    let first = try local.sync()
    #expect(Self.counts(first) == [0, 1, 0, 1, 0])
    #expect(try server.events().keys.sorted() == [gym.uid!])
    // The gym came down with the property; that client sets it anew at every save, while the gym is removed here.
    try touch(gym.uid!, seen: 2)
    try Self.remove("gym", from: local)
    #expect(Self.counts(try local.sync()) == [0, 0, 0, 1, 0])
    #expect(try server.events().isEmpty)
    try local.expectListing([])
    try Self.expectQuiet(local)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aStatusFromBeforeTheVisibleHashBringsItBackOnce(kind: CalDAVServer.Kind) throws {
    // The last sync was made by a cal that kept no visible hash: the answer brings the meeting back, as it did.
    let (server, local) = try KeptLinesSyncTests.answered(kind)
    try Self.forgetVisibleHashes(local)
    try Self.remove("planning", from: local)
    #expect(Self.counts(try local.sync()) == [0, 1, 0, 0, 0])
    try local.expectListing(["2024-05-12 10:00 planning"])

    // That sync kept it: the next answer does not bring the meeting back once removed again.
    let href = try #require(try server.hrefs()["meeting-1"])
    try server.put(href, Self.meeting(answer: "DECLINED"))
    try Self.remove("planning", from: local)
    #expect(Self.counts(try local.sync()) == [0, 0, 0, 1, 0])
    #expect(try server.events().isEmpty)
    try Self.expectQuiet(local)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aSyncFillsInTheVisibleHashOfASeriesUnchangedSince(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    try server.put("meeting.ics", Self.meeting(answer: "NEEDS-ACTION"))
    let lunch = try local.add(fields("2024-05-13", "lunch", at: "12:00", for: 60))
    #expect(Self.counts(try local.sync()) == [1, 1, 0, 0, 0])
    let hashes = try Self.visibleHashes(local)
    #expect(Set(hashes.keys) == ["meeting-1", lunch.uid!] && !hashes.values.contains(nil))
    try Self.forgetVisibleHashes(local)

    // A sync that finds nothing changed on either side writes them again, from the events here.
    try Self.expectQuiet(local)
    #expect(try Self.visibleHashes(local) == hashes)
    try server.put(try #require(try server.hrefs()["meeting-1"]), Self.meeting(answer: "ACCEPTED"))
    try Self.remove("planning", from: local)
    #expect(Self.counts(try local.sync()) == [0, 0, 0, 1, 0])
    #expect(try server.events().keys.sorted() == [lunch.uid!])
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func anAnswerToOneOccurrenceThereDoesNotBringBackTheSeriesRemovedHere(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    try server.put("standup.ics", KeptLinesSyncTests.standup(answer: "NEEDS-ACTION"))
    #expect(try local.sync().downloaded == 1)
    try server.put(try #require(try server.hrefs()["standup-1"]), KeptLinesSyncTests.standup(answer: "ACCEPTED"))
    try Self.remove("standup", from: local)

    #expect(Self.counts(try local.sync()) == [0, 0, 0, 1, 0])
    #expect(try server.events().isEmpty)
    try local.expectListing([])
    try Self.expectQuiet(local)
  }

  /// Xandikos alone: Radicale refuses a resource without its series' own VEVENT (SeriesLinkSyncTests).
  @Test func anAnswerThereDoesNotBringBackOccurrencesRemovedHere() throws {
    let server = try CalDAVServer(.xandikos)
    let local = try SyncFixture(server)
    try server.put("review.ics", KeptLinesSyncTests.invitations(answer: "NEEDS-ACTION"))
    #expect(try local.sync().downloaded == 1)
    try server.put(try #require(try server.hrefs()["review-1"]), KeptLinesSyncTests.invitations(answer: "ACCEPTED"))
    try Self.remove("review", from: local)
    try Self.remove("review later", from: local)

    #expect(Self.counts(try local.sync()) == [0, 0, 0, 1, 0])
    #expect(try server.resources().isEmpty)
    try Self.expectQuiet(local)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aRemovalThatLosesARaceIsDecidedAgain(kind: CalDAVServer.Kind) throws {
    // Between the listing and the removal, Ana declines (the removal still goes up), or the organizer moves
    // the meeting (it comes back).
    for (racing, removed) in [
      (Self.meeting(answer: "DECLINED"), true), (Self.meeting(answer: "DECLINED", start: "20240512T110000Z"), false),
    ] {
      let (server, local) = try KeptLinesSyncTests.answered(kind)
      try Self.remove("planning", from: local)
      let remote = RacingRemote(try local.remote()) { href in _ = try server.put(href, racing) }
      #expect(Self.counts(try local.sync(remote: remote)) == (removed ? [0, 0, 0, 1, 0] : [0, 1, 0, 0, 0]))
      #expect(remote.racedCount == 1)
      let text = try server.events()["meeting-1"]
      #expect(removed ? text == nil : text?.contains("PARTSTAT=DECLINED") == true)
      try local.expectListing(removed ? [] : ["2024-05-12 11:00 planning"])
      try Self.expectQuiet(local)
    }
  }
}

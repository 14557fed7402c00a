import CalCore
import CalServerSupport
import CalService
import CalStorage
import Foundation
import Testing

/// The first sync after migration 0021, end to end against real Radicale and Xandikos servers: a calendar
/// synced by a cal that dropped what it did not read holds no kept lines, and 0021 forgot every ETag and
/// sync token. That sync brings the lines down without conflicts, so that the next edit sent up keeps them.
@Suite("Kept lines after the upgrade")
struct KeptLinesUpgradeTests {
  /// A meeting and a plain event synced by a cal that kept nothing it did not read, then migrated: the
  /// meeting's server copy holds lines this side never stored (the old cal read them and dropped them), and
  /// 0021 forgot every ETag, the sync token and the ctag.
  static func upgraded(_ kind: CalDAVServer.Kind) throws -> (CalDAVServer, SyncFixture) {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    // What the old cal read of the meeting: the lines it did not read were gone from what it stored, so
    // the status of the last sync is the hash of the meeting without them.
    try server.put("meeting.ics", ics(uid: "meeting-1", summary: "planning"))
    try server.put("lunch.ics", ics(uid: "lunch-1", summary: "lunch", start: "20240513T120000Z"))
    #expect(try local.sync().downloaded == 2)
    let href = try #require(try server.hrefs()["meeting-1"])
    try server.put(href, ics(uid: "meeting-1", summary: "planning", extra: KeptLinesSyncTests.meeting))
    let database = try Database(path: local.service.path, mode: .existing)
    defer { database.close() }
    // What migration 0021 does.
    try database.execute("UPDATE sync_items SET etag = NULL WHERE href IS NOT NULL")
    try database.execute("UPDATE calendars SET sync_token = NULL, ctag = NULL WHERE kind <> 'local'")
    return (server, local)
  }

  /// The kept lines of the event titled `title` (a listing reads none).
  static func keptLines(_ local: SyncFixture, _ title: String) throws -> String? {
    try local.service.event(id: try local.event(titled: title).id).fields.keptLines
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func theFirstSyncBringsTheLinesDown(kind: CalDAVServer.Kind) throws {
    let (server, local) = try Self.upgraded(kind)
    #expect(try Self.keptLines(local, "planning") == nil)

    let report = try local.sync()
    #expect(report.conflicts.map(\.copy.title) == [])
    #expect(report.uploaded == 0)
    try local.expectListing(["2024-05-12 10:00 planning", "2024-05-13 12:00 lunch"])
    let kept = try #require(try Self.keptLines(local, "planning"))
    #expect(kept.contains("ATTENDEE;CN=Ana;PARTSTAT=NEEDS-ACTION"))
    #expect(try Self.keptLines(local, "lunch") == nil)

    // An edit made after it goes up with what cal does not read.
    try local.retitle(try local.event(titled: "planning"), "planning (room 4)")
    let edit = try local.sync()
    #expect((edit.uploaded, edit.downloaded, edit.conflicts.count) == (1, 0, 0))
    let text = try #require(try server.events()["meeting-1"])
    #expect(text.contains("SUMMARY:planning (room 4)\n"))
    #expect(text.contains("PARTSTAT=NEEDS-ACTION"))
    #expect(text.contains("ORGANIZER;CN=\"Boss, The\":mailto:boss@example.com\n"))
    let quiet = try local.sync()
    #expect((quiet.uploaded, quiet.downloaded, quiet.conflicts.count) == (0, 0, 0))
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func anAnswerThereSinceComesDown(kind: CalDAVServer.Kind) throws {
    // Ana accepted on the server while this side was being upgraded.
    let (server, local) = try Self.upgraded(kind)
    let href = try #require(try server.hrefs()["meeting-1"])
    let answered = KeptLinesSyncTests.meeting.map { $0.replacingOccurrences(of: "NEEDS-ACTION", with: "ACCEPTED") }
    try server.put(href, ics(uid: "meeting-1", summary: "planning", extra: answered))

    let report = try local.sync()
    #expect(report.conflicts.map(\.copy.title) == [])
    #expect(report.uploaded == 0)
    let kept = try #require(try Self.keptLines(local, "planning"))
    #expect(kept.contains("PARTSTAT=ACCEPTED"))
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func anEditHereBeforeTheFirstSync(kind: CalDAVServer.Kind) throws {
    // Retitled here after the upgrade, before any sync: the server's copy differs from what was last synced
    // only in lines cal did not read then, so the edit goes up with them, no conflict (0021's comment, written
    // before such changes were merged, expected one).
    let (server, local) = try Self.upgraded(kind)
    try local.retitle(try local.event(titled: "planning"), "planning (room 4)")

    let report = try local.sync()
    #expect(report.conflicts.map(\.copy.title) == [])
    #expect(report.uploaded == 1)
    try local.expectListing(["2024-05-12 10:00 planning (room 4)", "2024-05-13 12:00 lunch"])
    let text = try #require(try server.events()["meeting-1"])
    #expect(text.contains("SUMMARY:planning (room 4)\n"))
    #expect(text.contains("ATTENDEE;CN=Ana;PARTSTAT=NEEDS-ACTION"))
    let quiet = try local.sync()
    #expect((quiet.uploaded, quiet.downloaded, quiet.conflicts.count) == (0, 0, 0))
  }
}

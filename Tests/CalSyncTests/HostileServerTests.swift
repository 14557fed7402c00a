import CalCore
import CalDAV
import CalServerSupport
import CalService
import CalSync
import Foundation
import Testing

/// The sync through a proxy in front of a real server that adds a resource of its choosing to every
/// listing (sync-collection, PROPFIND, multiget): an href outside the collection must stop the sync before
/// anything is read from it, written to it or changed here.
@Suite("Sync through a server naming resources outside the collection")
struct HostileServerTests {
  /// Relay hooks (``CalDAVRelay``) that add a response for the href `argv[1]` to each multistatus answer to a
  /// REPORT or a PROPFIND of depth 1.
  static let injecting = """
    member = ('<D:response xmlns:D="DAV:"><D:href>' + sys.argv[1] + '</D:href><D:propstat><D:prop>'
              '<D:getetag>"1"</D:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>')
    def rewrite(handler, status, data):
        if status == 207 and (handler.command == "REPORT" or handler.headers.get("Depth") == "1"):
            return re.sub(rb"(<[A-Za-z0-9]*:?multistatus[^>]*>)", lambda m: m.group(1) + member.encode(), data, 1)
        return data
    """

  @Test(arguments: CalDAVServer.Kind.allCases)
  func anHrefOutsideTheCollectionStopsTheSyncAndChangesNothing(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    // Another calendar of the same user, beside the synced one, holding an event.
    let collectionPath = server.calendarPath.dropLast()
    let other = collectionPath[...collectionPath.lastIndex(of: "/")!] + "other/"
    let made = try RawHTTP.send(
      "MKCALENDAR", String(server.url.dropLast()) + other, user: server.user, password: server.password)
    #expect(made.status == 201)
    try server.put(other + "victim.ics", ics(uid: "victim-1", summary: "another calendar's"))
    try server.put("kept.ics", ics(uid: "kept-1", summary: "kept"))
    try local.sync()
    let mine = try local.add(fields("2024-05-13", "mine"))
    for injected in [other + "victim.ics", "http://calendar.invalid/elsewhere.ics", "../other/victim.ics"] {
      let relay = try CalDAVRelay(server, hooks: Self.injecting, [injected])
      let client = CalDAVClient(credentials: CalDAVCredentials(user: server.user, password: server.password))
      let collection = try client.collection(relay.calendar)
      let report = try local.sync(remote: CalDAVRemote(collection))
      #expect(report.failure?.contains("which is outside the collection") == true, "\(injected): \(report)")
      #expect((report.uploaded, report.downloaded, report.removed) == (0, 0, 0), "\(injected)")
      try local.expectListing(["2024-05-12 10:00 kept", "2024-05-13 all day mine"])
    }
    #expect(try server.get(other + "victim.ics").status == 200)
    #expect(try local.sync().uploaded == 1)
    #expect(Set(try server.events().keys) == ["kept-1", mine.uid!])
  }
}

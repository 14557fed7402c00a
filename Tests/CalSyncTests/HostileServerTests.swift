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
  /// Relays to the server on port `argv[1]`, adding a response for the href `argv[2]` to each multistatus
  /// answer to a REPORT or a PROPFIND of depth 1.
  static let proxy = """
    import http.client, http.server, re, sys
    upstream, injected = int(sys.argv[1]), sys.argv[2]
    member = ('<D:response xmlns:D="DAV:"><D:href>' + injected + '</D:href><D:propstat><D:prop>'
              '<D:getetag>"1"</D:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>')
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *arguments):
            pass
        def relay(self):
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            skipped = ("host", "connection", "content-length", "accept-encoding")
            headers = {k: v for k, v in self.headers.items() if k.lower() not in skipped}
            connection = http.client.HTTPConnection("127.0.0.1", upstream, timeout=30)
            connection.request(self.command, self.path, body=body, headers=headers)
            answer = connection.getresponse()
            data = answer.read()
            if answer.status == 207 and (self.command == "REPORT" or self.headers.get("Depth") == "1"):
                data = re.sub(rb"(<[A-Za-z0-9]*:?multistatus[^>]*>)", lambda m: m.group(1) + member.encode(), data, 1)
            self.send_response(answer.status)
            for name, value in answer.getheaders():
                if name.lower() not in ("connection", "transfer-encoding", "content-length", "keep-alive"):
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = relay
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
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
    let port = try #require(URL(string: server.url)?.port)
    for injected in [other + "victim.ics", "http://calendar.invalid/elsewhere.ics", "../other/victim.ics"] {
      let relay = try ServiceProcess(python: Self.proxy, [String(port), injected])
      let client = CalDAVClient(credentials: CalDAVCredentials(user: server.user, password: server.password))
      let collection = try client.collection("http://127.0.0.1:\(relay.firstLine)" + server.calendarPath)
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

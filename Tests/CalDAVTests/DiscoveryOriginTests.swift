import CalDAV
import CalServerSupport
import Foundation
import Testing

/// Discovery follows a server's `current-user-principal`, `calendar-home-set` and calendar hrefs only on the
/// origin the user named: the password (from `--password-command` or the `~/.netrc` entry of that host) must
/// never go to a host the server names.
@Suite struct DiscoveryOriginTests {
  /// A server whose root names its principal, home or calendar at `http://localhost:PORT` (another origin than
  /// `127.0.0.1:PORT`, the same process): `argv[1]` says which. `/seen` answers with the Host headers of the
  /// requests that carried credentials.
  static let script = """
    import http.server, sys
    which = sys.argv[1]
    seen = []
    def multistatus(href, props):
        return ('<?xml version="1.0"?><D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">'
                '<D:response><D:href>' + href + '</D:href><D:propstat><D:prop>' + props + '</D:prop>'
                '<D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>').encode()
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *arguments):
            pass
        def answer(self, status, body):
            self.send_response(status)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        def do_GET(self):
            self.answer(200, " ".join(seen).encode())
        def do_PROPFIND(self):
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            if self.headers.get("Authorization"):
                seen.append(self.headers.get("Host"))
            port = self.server.server_address[1]
            elsewhere = "http://localhost:%d" % port
            if self.path == "/":
                target = elsewhere if which == "principal" else ""
                self.answer(207, multistatus("/", '<D:current-user-principal><D:href>' + target
                                                  + '/principal/</D:href></D:current-user-principal>'))
            elif self.path == "/principal/":
                target = elsewhere if which == "home" else ""
                self.answer(207, multistatus("/principal/", '<C:calendar-home-set><D:href>' + target
                                                            + '/home/</D:href></C:calendar-home-set>'))
            elif self.path == "/home/":
                target = elsewhere if which == "calendar" else ""
                self.answer(207, multistatus(target + "/home/cal/", '<D:resourcetype><D:collection/><C:calendar/>'
                                                                    '</D:resourcetype>'))
            else:
                self.answer(404, b"")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """

  @Test(arguments: ["principal", "home", "calendar"])
  func anotherHostNamedByTheServerGetsNoPassword(which: String) throws {
    let server = try ServiceProcess(python: Self.script, [which])
    let base = "http://127.0.0.1:\(server.firstLine)/"
    let client = CalDAVClient(credentials: CalDAVCredentials(user: "ana", password: "secret"))
    var failure: CalDAVError?
    do {
      let found = try client.discover(base)
      #expect(found.calendars.isEmpty, "\(which): offered \(found.calendars.map(\.url))")
    } catch {
      failure = error
    }
    if which != "calendar" {
      #expect(failure?.description.contains("another host") == true, "\(which): \(String(describing: failure))")
    }
    let seen = try RawHTTP.send("GET", base + "seen", user: "x", password: "y").body
    #expect(!seen.contains("localhost"), "\(which): credentials went to \(seen)")
  }

  @Test func theSameOriginIsFollowed() throws {
    let server = try ServiceProcess(python: Self.script, ["none"])
    let base = "http://127.0.0.1:\(server.firstLine)/"
    let found = try CalDAVClient(credentials: CalDAVCredentials(user: "ana", password: "secret")).discover(base)
    #expect(found.calendars.map(\.url) == [base + "home/cal/"])
  }
}

import CalDAV
import CalServerSupport
import Foundation
import Testing

/// The HTTP transport against a small Python server that misbehaves on purpose: connections are kept alive
/// between requests, answers beyond the bounds are refused without reading them whole, and nothing a server
/// handed over is sent back as a header of its own.
@Suite struct TransportTests {
  /// Answers `/connections` with how many connections it has seen, and the other paths with answers too big.
  static let script = """
    import http.server, sys, time
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        peers = set()
        def log_message(self, *arguments):
            pass
        def do_GET(self):
            Handler.peers.add(self.client_address)
            self.send_response(200)
            if self.path == "/puts":
                body = " ".join(Handler.puts).encode()
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            elif self.path == "/connections":
                body = str(len(Handler.peers)).encode()
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            elif self.path == "/announced":
                self.send_header("Content-Length", str(1 << 40))
                self.end_headers()
                self.wfile.flush()
                time.sleep(30)
            elif self.path == "/endless":
                self.send_header("Connection", "close")
                self.end_headers()
                block = b"x" * (1 << 20)
                try:
                    while True:
                        self.wfile.write(block)
                except OSError:
                    pass
            elif self.path == "/trickle":
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                try:
                    while True:
                        self.wfile.write(b"1\\r\\nx\\r\\n")
                        self.wfile.flush()
                        time.sleep(0.2)
                except OSError:
                    pass
            elif self.path == "/headers":
                for index in range(20000):
                    self.send_header(f"X-Filler-{index}", "x" * 100)
                self.send_header("Content-Length", "0")
                self.end_headers()
        def do_PUT(self):
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            if self.path == "/moved.ics":
                self.send_response(307)
                self.send_header("Location", "http://localhost:%d/elsewhere.ics" % self.server.server_address[1])
            else:
                Handler.puts.append(self.path)
                self.send_response(201)
            self.send_header("Content-Length", "0")
            self.end_headers()
        def do_DELETE(self):
            self.do_PUT()
        puts = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """

  let server: ServiceProcess
  let base: String

  init() throws {
    server = try ServiceProcess(python: Self.script)
    base = "http://127.0.0.1:\(server.firstLine)/"
  }

  @Test func oneConnectionServesRequestAfterRequest() throws {
    let client = CalDAVClient(credentials: nil)
    var answers: [String] = []
    for _ in 0..<3 {
      let bytes = try #require(try client.download(base + "connections", validator: nil).bytes)
      answers.append(String(decoding: bytes, as: UTF8.self))
    }
    #expect(answers == ["1", "1", "1"])
    #expect(client.requestCount == 3)
  }

  func refused(_ path: String, _ detail: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let clock = ContinuousClock()
    let start = clock.now
    #expect(throws: CalDAVError.malformedResponse(url: base + path, detail: detail), sourceLocation: sourceLocation) {
      _ = try CalDAVClient(credentials: nil).download(base + path, validator: nil)
    }
    #expect(clock.now - start < .seconds(20), sourceLocation: sourceLocation)
  }

  @Test func answersBeyondTheBoundsAreRefused() {
    refused("announced", "an answer larger than 128 MiB")  // said in Content-Length: refused before any of it
    refused("endless", "an answer larger than 128 MiB")
    refused("headers", "headers longer than 256 KiB")
  }

  /// Never silent, never too large, never done: stopped when the whole answer has taken three times the timeout.
  @Test func anAnswerThatTricklesForeverIsStopped() throws {
    let clock = ContinuousClock()
    let start = clock.now
    #expect(
      throws: CalDAVError.network(url: base + "trickle", detail: "the answer was still coming after 3 s; stopped there")
    ) {
      _ = try CalDAVClient(credentials: nil, timeout: .seconds(1)).download(base + "trickle", validator: nil)
    }
    #expect(clock.now - start < .seconds(6))
  }

  @Test func anETagWithALineBreakIsNotSentAsHeaders() throws {
    let collection = try CalDAVClient(credentials: nil).collection(base)
    #expect(
      throws: CalDAVError.malformedResponse(url: base + "a.ics", detail: "a header value holding a line break")
    ) {
      try collection.update(href: "a.ics", ics: "BEGIN:VCALENDAR\r\n", ifMatch: "\"1\"\r\nX-Injected: yes")
    }
  }

  /// A change redirected to another host is not sent there: the event's text would go to a host never named.
  @Test func aChangeRedirectedToAnotherHostIsRefused() throws {
    let collection = try CalDAVClient(credentials: nil).collection(base)
    #expect(
      throws: CalDAVError.invalidURL(
        "\(base)moved.ics redirects a PUT to another host (http://localhost:\(server.firstLine)/elsewhere.ics); refused"
      )
    ) {
      try collection.create(href: "moved.ics", ics: "BEGIN:VCALENDAR\r\n")
    }
    let puts = try #require(try CalDAVClient(credentials: nil).download(base + "puts", validator: nil).bytes)
    #expect(String(decoding: puts, as: UTF8.self) == "")
  }
}

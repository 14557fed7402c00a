import Foundation

/// An HTTP relay (Python's threaded HTTP server on a free loopback port) in front of a real CalDAV server,
/// which passes every request on and the server's answer back, but for what its hooks change: a server that
/// misbehaves in one chosen way, the rest of its answers genuine. Stopped when released.
public final class CalDAVRelay {
  /// The server's collection, reached through the relay.
  public let calendar: String
  private let process: ServiceProcess

  /// Starts a relay in front of `server`. `hooks` is Python that may define either or both of
  /// `refuse(handler, body)`, which answers a request in place of the server by returning
  /// `(status, content_type, data)` (or lets it through with `None`), and `rewrite(handler, status, data)`,
  /// which returns the body of the server's answer as the client gets it; `arguments` are in `sys.argv`
  /// from `sys.argv[1]` on, for the hooks.
  public init(_ server: CalDAVServer, hooks: String, _ arguments: [String] = []) throws {
    let port = URL(string: server.url)?.port ?? 0
    process = try ServiceProcess(python: Self.script(hooks: hooks), arguments + [String(port)])
    calendar = "http://127.0.0.1:\(process.firstLine)" + server.calendarPath
  }

  /// The relay's program with `hooks` in it (the server's port is its last argument).
  private static func script(hooks: String) -> String {
    """
    import http.client, http.server, re, sys
    upstream = int(sys.argv[-1])
    \(hooks)
    refuse = globals().get("refuse", lambda handler, body: None)
    rewrite = globals().get("rewrite", lambda handler, status, data: data)
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *arguments):
            pass
        def answer(self, status, headers, data):
            self.send_response(status)
            for name, value in headers:
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        def relay(self):
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            refusal = refuse(self, body)
            if refusal is not None:
                status, content_type, data = refusal
                return self.answer(status, [("Content-Type", content_type)], data)
            skipped = ("host", "connection", "content-length", "accept-encoding")
            headers = {k: v for k, v in self.headers.items() if k.lower() not in skipped}
            connection = http.client.HTTPConnection("127.0.0.1", upstream, timeout=30)
            connection.request(self.command, self.path, body=body, headers=headers)
            answer = connection.getresponse()
            data = rewrite(self, answer.status, answer.read())
            hop = ("connection", "transfer-encoding", "content-length", "keep-alive")
            self.answer(answer.status, [(n, v) for n, v in answer.getheaders() if n.lower() not in hop], data)
        do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = relay
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """
  }
}

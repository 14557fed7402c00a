import CalServerSupport
import Foundation
import Testing

/// `cal calendar add NAME --subscribe URL` whose feed cannot be had or read: one `Error:` line, a non-zero
/// exit and nothing left behind (no calendar, no entry of `cal log`), as `--url` leaves nothing when its
/// server cannot be reached. A feed's body is held once: an endless one is refused at 128 MiB with about that
/// much memory, and a large one that is allowed is read without a tree of its components besides.
@Suite struct SubscriptionFirstContactTests {
  /// Serves `/text` (not iCalendar), `/nested` (a hostile one), `/endless` (a body that never ends, chunked),
  /// `/large` (48 MiB of a calendar's own properties, and one event) and 404 for the rest.
  static let script = """
    import http.server
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *arguments):
            pass
        def do_GET(self):
            if self.path in ("/endless", "/large"):
                self.send_response(200)
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                def chunk(data):
                    self.wfile.write(b"%x\\r\\n" % len(data) + data + b"\\r\\n")
                try:
                    chunk(b"BEGIN:VCALENDAR\\r\\nVERSION:2.0\\r\\n")
                    filler = (b"X-FILLER:" + b"a" * 100 + b"\\r\\n") * 10000
                    for _ in range(48 << 20 // len(filler)) if self.path == "/large" else iter(int, 1):
                        chunk(filler)
                    chunk(b"BEGIN:VEVENT\\r\\nUID:a\\r\\nDTSTART;VALUE=DATE:20240501\\r\\nSUMMARY:May Day\\r\\n"
                          + b"END:VEVENT\\r\\nEND:VCALENDAR\\r\\n")
                    self.wfile.write(b"0\\r\\n\\r\\n")
                except OSError:
                    pass
                return
            bodies = {
                "/text": b"hello\\n",
                "/nested": b"BEGIN:VCALENDAR\\r\\n" + b"BEGIN:X\\r\\n" * 100 + b"END:X\\r\\n" * 100 + b"END:VCALENDAR\\r\\n",
            }
            body = bodies.get(self.path)
            self.send_response(200 if body else 404)
            body = body or b"missing"
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """

  @Test("a feed refused, missing, not iCalendar, hostile or endless leaves nothing behind; so does --url")
  func nothingIsLeft() throws {
    let server = try ServiceProcess(python: Self.script)
    let base = "http://127.0.0.1:\(server.firstLine)/"
    let cal = try CalProcess()
    defer { cal.remove() }
    try "hello\n".write(toFile: cal.folder + "/text.ics", atomically: true, encoding: .utf8)
    let before = cal.snapshot()
    let calendars = try cal.run(["calendar", "list"]).stdout
    func refused(_ arguments: [String], _ error: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
      let result = try cal.run(["calendar", "add", "feed"] + arguments)
      #expect(result.status == 1, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
      #expect(result.stderr.hasPrefix("Error: " + error), "\(result.stderr)", sourceLocation: sourceLocation)
      #expect(result.stderr.split(separator: "\n").count == 1 && result.stdout.isEmpty, sourceLocation: sourceLocation)
      #expect(cal.snapshot() == before, "\(arguments)", sourceLocation: sourceLocation)
    }
    try refused(["--subscribe", "http://127.0.0.1:1/feed.ics"], "connection refused by http://127.0.0.1:1/feed.ics")
    try refused(["--subscribe", base + "missing.ics"], "not found on the server: \(base)missing.ics (HTTP 404)")
    try refused(["--subscribe", base + "text"], "the feed cannot be read: no iCalendar component")
    try refused(["--subscribe", "file://\(cal.folder)/text.ics"], "the feed cannot be read: no iCalendar component")
    try refused(["--subscribe", base + "nested"], "the feed cannot be read: line 65: BEGIN:X is nested 65")
    try refused(
      ["--subscribe", base + "endless"], "malformed response from \(base)endless: an answer larger than 128 MiB")
    try refused(["--url", "http://127.0.0.1:1/cal/"], "connection refused by http://127.0.0.1:1/cal/")
    #expect(try cal.run(["calendar", "list"]).stdout == calendars)
    #expect(try cal.run(["log"]).stdout == "No changes yet.\n")
  }

  @Test("a subscription and its first download are one change: undo takes both away, redo brings both back")
  func addedWithItsEventsAsOneChange() throws {
    let cal = try CalProcess()
    defer { cal.remove() }
    let feed = cal.folder + "/feed.ics"
    try
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART;VALUE=DATE:20240501\r\nSUMMARY:May Day\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
      .write(toFile: feed, atomically: true, encoding: .utf8)
    #expect(try cal.run(["calendar", "add", "feed", "--subscribe", "file://" + feed]).status == 0)
    let listed = "2024-05-01  all day      #1  May Day\n"
    #expect(try cal.run(["list", "2024-05"]).stdout == listed)
    let undone = try cal.run(["undo"])
    #expect(undone.status == 0 && undone.stdout == "Undid change 1: added calendar feed\n", "\(undone.stderr)")
    #expect(try cal.run(["list", "2024-05"]).stdout == "No events in May 2024.\n")
    #expect(!(try cal.run(["calendar", "list"]).stdout.contains("feed")))
    #expect(try cal.run(["redo"]).status == 0)
    #expect(try cal.run(["list", "2024-05"]).stdout == listed)
  }

  /// Adds a subscription to `url`; its exit status, standard error and peak memory in MiB. Measured from a
  /// small parent that forks it (Python's `os.wait4`): a process spawned from the test runner itself counts
  /// the runner's memory as its own, as it shared it until its exec.
  func subscribe(_ cal: CalProcess, _ url: String) throws -> (status: Int32, stderr: String, peakMiB: Int) {
    let measure = """
      import os, sys
      pid = os.fork()
      if pid == 0:
          os.execv(sys.argv[1], sys.argv[1:])
      _, status, usage = os.wait4(pid, 0)
      print(os.waitstatus_to_exitcode(status), usage.ru_maxrss >> 10)
      """
    let result = try Subprocess.run(
      ["/usr/bin/python3", "-c", measure, CalProcess.binary, "calendar", "add", "feed", "--subscribe", url]
        + ["--db", cal.database],
      environment: ["TZ": "UTC", "HOME": cal.folder])
    let numbers = result.stdout.split(separator: " ").compactMap {
      Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    return (Int32(numbers.first ?? -1), result.stderr, numbers.last ?? .max)
  }

  @Test("an endless feed is refused at 128 MiB holding little more; a 48 MiB one is read in about its size")
  func bodyHeldOnce() throws {
    let server = try ServiceProcess(python: Self.script)
    let base = "http://127.0.0.1:\(server.firstLine)/"
    let cal = try CalProcess()
    defer { cal.remove() }
    // Before: 215 MiB, the array doubling past 64 MiB while the smaller ones stayed in the heap (now 151).
    let endless = try subscribe(cal, base + "endless")
    #expect(endless.status == 1)
    #expect(endless.stderr == "Error: malformed response from \(base)endless: an answer larger than 128 MiB\n")
    #expect(endless.peakMiB < 128 + 40, "\(endless.peakMiB) MiB")
    // Before: 174 MiB, the body and the tree of its components (now 76).
    let large = try subscribe(cal, base + "large")
    #expect(large.status == 0, "\(large.stderr)")
    #expect(large.peakMiB < 48 + 40, "\(large.peakMiB) MiB")
    #expect(try cal.run(["list", "2024-05"]).stdout == "2024-05-01  all day      #1  May Day\n")
  }
}

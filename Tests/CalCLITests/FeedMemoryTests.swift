import CalServerSupport
import Foundation
import Glibc
import Testing

/// A feed's body is held once: an endless one is refused at 128 MiB with about that much memory, and a large
/// one that is allowed is read without a tree of its components besides (each was twice the body again).
@Suite struct FeedMemoryTests {
  /// `/endless` never ends (chunked); `/large` is 48 MiB of a calendar's own properties, with one event.
  static let script = """
    import http.server
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *arguments):
            pass
        def do_GET(self):
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
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """

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

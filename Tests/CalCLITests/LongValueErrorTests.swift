import CalServerSupport
import Foundation
import Testing

/// An error quotes what it was given: a hostile value of 100 KB (an argument, an environment variable, a
/// calendar's name, a path, a file's or a server's words) made a 100 KB `Error:` line. Each is shown by its
/// ends around how long it was, its control characters still shown as text.
final class LongValueErrorTests {
  let cal: CalProcess

  init() throws {
    cal = try CalProcess()
  }

  deinit {
    cal.remove()
  }

  private static let long = String(repeating: "A", count: 100_000)

  /// Runs `arguments`, and expects it to fail with one `Error:` line of at most `limit` bytes that says
  /// `length` (how long the value was) and `shows`.
  private func expectShortError(
    _ arguments: [String], environment: [String: String] = [:], withDatabase: Bool = true, length: Int = 100_000,
    shows expected: String, limit: Int = 700, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try cal.run(
      arguments, withDatabase: withDatabase,
      environment: ["CAL_TEST_NOW": "2024-05-12T10:00:00Z"].merging(environment) { $1 })
    let line = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
    #expect(result.status != 0, sourceLocation: sourceLocation)
    #expect(result.stderr.components(separatedBy: "Error:").count == 2, sourceLocation: sourceLocation)
    #expect(line.utf8.count <= limit, "\(line.utf8.count) bytes", sourceLocation: sourceLocation)
    #expect(line.contains("…(\(length) characters in all)…"), "\(line.prefix(300))", sourceLocation: sourceLocation)
    #expect(line.contains(expected), "\(line.prefix(300))", sourceLocation: sourceLocation)
    #expect(!line.contains("\u{1B}"), sourceLocation: sourceLocation)
  }

  @Test("a long argument, option, environment variable, calendar name or path is cut down to its ends")
  func longValues() throws {
    let long = Self.long
    let a100 = String(repeating: "A", count: 100)
    try expectShortError([long], shows: "Error: unknown command '\(a100)…")
    try expectShortError(["list", long], shows: "is not a day, a month, a year, a range or week: write a day as")
    try expectShortError(["add", "today", "x", "--at", long], shows: "Error: --at: '\(a100)…")
    try expectShortError(["list", "--" + long], length: 100_002, shows: "Error: unknown option '--A")
    try expectShortError(["list", "--calendar", long], shows: "' (calendars: personal)")
    try expectShortError(["list"], environment: ["TZ": long], shows: "': use a name such as Europe/Berlin")
    try expectShortError(["list"], environment: ["CAL_TEST_NOW": long], shows: "is not an instant within the years")
    try expectShortError(["list"], environment: ["CAL_DB": long], withDatabase: false, shows: "Error: cannot read AAAA")
    try expectShortError(
      ["import", cal.folder + "/" + long], length: cal.folder.count + 100_001, shows: ": File name too long")
    // Control characters stay shown as text, in the ends kept.
    try expectShortError(
      ["list", "--calendar", "\u{1B}[31m" + long + "\u{1B}[0m"], length: 100_011, shows: "'^[[31mAAA")
  }

  @Test("a long value with spaces, a file's words and an import's skipped events are cut down too")
  func longTexts() throws {
    let spaced = String(repeating: "\u{1B}A ", count: 30_000)
    let result = try cal.run(["list", "--calendar", spaced])
    #expect(result.status == 1 && result.stderr.utf8.count < 3000 && result.stderr.contains(" characters left out)…"))
    #expect(result.stderr.hasPrefix("Error: there is no calendar named '^[A ^[A ") && !result.stderr.contains("\u{1B}"))
    let file = cal.folder + "/bad.ics"
    try
      ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:\(Self.long)\r\nSUMMARY:x\r\nEND:VEVENT\r\n"
      + "BEGIN:VEVENT\r\nUID:b\r\nDTSTART;VALUE=DATE:20240512\r\nSUMMARY:y\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n").write(
        toFile: file, atomically: true, encoding: .utf8)
    try expectShortError(["import", file], shows: "is not a date or a date-time (--skip-invalid imports the other")
    let skipped = try cal.run(["import", file, "--skip-invalid"])
    #expect(skipped.status == 0 && skipped.stdout.utf8.count < 500, "\(skipped.stdout.prefix(300))")
    #expect(skipped.stdout.contains("  skipped 1 VEVENT: DTSTART 'AAAA"))
    #expect(
      skipped.stdout.contains("…(100000 characters in all)…AAAA")
        && skipped.stdout.hasSuffix("A' is not a date or a date-time (line 4)\n"))
  }

  @Test("a subscribed feed's long value is cut down in what the sync says it skipped")
  func longServerWords() throws {
    let feed =
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//feed//EN\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20240101T000000Z\r\n"
      + "DTSTART:\(Self.long)\r\nSUMMARY:x\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:b\r\nDTSTAMP:20240101T000000Z\r\n"
      + "DTSTART;VALUE=DATE:20240512\r\nSUMMARY:y\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    let body = cal.folder + "/feed.ics"
    try feed.write(toFile: body, atomically: true, encoding: .utf8)
    let server = try ServiceProcess(
      python: """
        import http.server, sys
        body = open(sys.argv[1], "rb").read()
        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *arguments):
                pass
            def do_GET(self):
                self.send_response(200)
                self.send_header("Content-Type", "text/calendar")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """, [body])
    defer { server.stop() }
    let added = try cal.run([
      "calendar", "add", "feed", "--subscribe", "http://127.0.0.1:\(server.firstLine)/feed.ics",
    ])
    let output = added.stdout + added.stderr
    #expect(output.utf8.count < 1000, "\(output.prefix(400))")
    #expect(output.contains("…(100000 characters in all)…"), "\(output.prefix(400))")
  }
}

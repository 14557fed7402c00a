import CalStorage
import Foundation
import Glibc
import Testing

/// SIGTERM and SIGINT that arrive while `cal` is inside a long SQLite statement end it at once, with one
/// `Error:` line and 128 + the signal's number, the change rolled back and the file intact.
@Suite struct StopSignalTests {
  @Test(
    "a signal in the middle of removing a calendar of 300,000 events stops it; nothing is changed",
    arguments: [
      (SIGTERM, "SIGTERM"), (SIGINT, "SIGINT"),
    ])
  func signalStopsALongStatement(signal: Int32, name: String) throws {
    let cal = try CalProcess()
    defer { cal.remove() }
    #expect(try cal.run(["calendar", "add", "big"]).status == 0)
    // Made by hand (cal's import of as many takes long itself): one statement, with the per-day counts the
    // triggers would have kept.
    try cal.tamper(
      """
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000)
      INSERT INTO events (id, day, last_day, title, created_at, updated_at, uid, calendar_id)
      SELECT i, date('2000-01-01', '+' || (i % 9000) || ' days'), date('2000-01-01', '+' || (i % 9000) || ' days'),
        'event ' || i, 0, 0, 'u' || i, 2 FROM n
      """,
      "INSERT INTO simple_days (day, calendar_id, events) SELECT day, calendar_id, count(*) FROM events GROUP BY 1, 2")
    let before = cal.snapshot()
    let output = cal.folder + "/err"
    let pid = try Subprocess.spawn(
      [CalProcess.binary, "calendar", "rm", "big", "--force", "--db", cal.database],
      environment: ["TZ": "UTC", "HOME": cal.folder], stderr: output)
    // Well inside the removal, which takes seconds.
    usleep(1_000_000)
    let clock = ContinuousClock()
    let sent = clock.now
    kill(pid, signal)
    let status = Subprocess.wait(pid)
    #expect(clock.now - sent < .seconds(2), "\(clock.now - sent)")
    #expect(status == 128 + signal)
    let error = String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self)
    #expect(error == "Error: stopped by \(name): the change was rolled back, nothing was changed\n")
    #expect(cal.snapshot() == before)
    let database = try Database(path: cal.database, mode: .existing)
    defer { database.close() }
    #expect(try database.fetchOne("PRAGMA integrity_check") { try $0[0] as String } == "ok")
    #expect(try database.fetchOne("SELECT count(*) FROM events") { try $0[0] as Int64 } == 300_000)
  }
}

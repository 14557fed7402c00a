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
    // Well inside the removal, whatever the machine's speed: once its pages spill into the write-ahead log
    // (a second's sleep was early on a slow machine and could be late on a fast one).
    let started = ContinuousClock.now
    while (try? FileManager.default.attributesOfItem(atPath: cal.database + "-wal")[.size] as? Int) ?? 0 < 1 << 20,
      ContinuousClock.now - started < .seconds(30)
    {
      usleep(5_000)
    }
    let (status, took) = Self.stop(pid, with: signal)
    #expect(took < .seconds(2), "\(took)")
    #expect(status == 128 + signal)
    let error = String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self)
    #expect(error == "Error: stopped by \(name): the change was rolled back, nothing was changed\n")
    #expect(cal.snapshot() == before)
    let database = try Database(path: cal.database, mode: .existing)
    defer { database.close() }
    #expect(try database.fetchOne("PRAGMA integrity_check") { try $0[0] as String } == "ok")
    #expect(try database.fetchOne("SELECT count(*) FROM events") { try $0[0] as Int64 } == 300_000)
  }

  @Test("a signal while cal waits for another program's lock ends it at once, not after the 5 s it would wait")
  func signalEndsAWaitForALock() throws {
    let cal = try CalProcess()
    defer { cal.remove() }
    #expect(try cal.run(["add", "2024-05-12", "first"]).status == 0)
    let before = cal.snapshot()
    let holder = try Database(path: cal.database, mode: .existing)
    defer { holder.close() }
    try holder.execute("BEGIN IMMEDIATE")
    let pid = try Subprocess.spawn(
      [CalProcess.binary, "add", "2024-05-12", "second", "--db", cal.database],
      environment: ["TZ": "UTC", "HOME": cal.folder])
    // Long enough to be waiting for the lock, well short of the busy timeout.
    usleep(500_000)
    let (status, took) = Self.stop(pid, with: SIGTERM)
    #expect(took < .seconds(1), "\(took)")
    #expect(status == 128 + SIGTERM)
    try holder.execute("ROLLBACK")
    #expect(cal.snapshot() == before)
  }

  /// Sends `signal` to `pid` and waits for it: its exit status, and how long it took to end.
  private static func stop(_ pid: pid_t, with signal: Int32) -> (status: Int32, took: Duration) {
    let sent = ContinuousClock.now
    kill(pid, signal)
    let status = Subprocess.wait(pid)
    return (status, ContinuousClock.now - sent)
  }
}

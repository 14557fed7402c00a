import Testing

@testable import CalStorage

@Suite("Statements")
struct StatementTests {
  @Test("one statement runs; a comment or semicolons after it are not a second one")
  func single() throws {
    let folder = try TemporaryFolder()
    let database = try Database(path: folder.file("s.db"))
    try database.execute("CREATE TABLE t (x INTEGER);")
    try database.execute("INSERT INTO t VALUES (1); -- a comment\n;;")
    #expect(try database.fetchOne("SELECT count(*) FROM t") { try $0[0] as Int64 } == 1)
  }

  @Test("two statements in one string stop the program instead of silently running only the first")
  func refusesTwo() async throws {
    await #expect(processExitsWith: .failure) {
      let folder = try TemporaryFolder()
      let database = try Database(path: folder.file("s.db"))
      try database.execute("CREATE TABLE a (x INTEGER); CREATE TABLE b (y INTEGER)")
    }
  }

  @Test("a stored value that is not what the column should hold is reported, never trusted")
  func mismatch() throws {
    let folder = try TemporaryFolder()
    let store = try CalendarStore(path: folder.file("cal.db"), now: 0)
    try store.database.execute(
      "INSERT INTO events (day, title, rrule, created_at, updated_at) VALUES ('2024-05-12', 'x', 'FREQ=SOMETIMES', 0, 0)"
    )
    // Reported as the event's row and its column, not as SQL.
    func damaged(_ columns: String) -> DamagedRow {
      DamagedRow(table: "events", id: 1, columns: [columns], kind: .unreadable)
    }
    #expect(throws: damaged("rrule")) { try store.events.event(id: 1) }
    try store.database.execute("UPDATE events SET rrule = NULL, day = '2024-02-30' WHERE id = 1")
    #expect(throws: damaged("day")) { try store.events.event(id: 1) }
    // A length no event can have, as a hand-edited file might hold: reported, never computed with.
    try store.database.execute(
      "UPDATE events SET day = '2024-02-29', start_minute = 60, length_minutes = 4611686018427387904 WHERE id = 1")
    #expect(throws: damaged("length_minutes or length_days")) { try store.events.event(id: 1) }
    try store.database.execute("UPDATE events SET length_minutes = 60, last_day = '0000-00-00' WHERE id = 1")
    #expect(throws: damaged("last_day")) { try store.events.event(id: 1) }
  }
}

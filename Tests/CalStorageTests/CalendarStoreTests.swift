import CalCore
import Foundation
import Testing

@testable import CalStorage

@Suite("Opening the calendar file")
struct CalendarStoreTests {
  let now: Int64 = 1_700_000_000_000

  @Test("a new file gets the whole schema and a ledger of applied migrations")
  func migratesFromEmpty() throws {
    let folder = try TemporaryFolder()
    let store = try CalendarStore(path: folder.file("cal.db"), now: now)
    let tables = try store.database.fetch(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
    ) { try $0[0] as String }
    #expect(
      tables == [
        "change_sets", "changes", "event_exceptions", "events", "reminder_checks", "reminder_deliveries", "reminders",
        "schema_migrations", "simple_days", "transitions", "viewed_month",
      ])
    let ledger = try store.database.fetch("SELECT id, applied_at FROM schema_migrations") {
      (try $0["id"] as String, try $0["applied_at"] as Int64)
    }
    #expect(ledger.map(\.0) == BundledMigrations.all.map(\.id))
    #expect(ledger.allSatisfy { $0.1 == now })
  }

  @Test("reopening keeps the data and applies nothing twice")
  func reopens() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cal.db")
    do {
      let store = try CalendarStore(path: path, now: now)
      _ = try store.write {
        try store.events.insert(fields("2024-05-12", "dentist"), at: now)
      }
      try store.write { try store.viewedMonth.setMonth(month("2024-05")) }
    }
    let store = try CalendarStore(path: path, now: now + 1)
    #expect(try store.events.count() == 1)
    #expect(try store.viewedMonth.month() == month("2024-05"))
    #expect(
      try store.database.fetchOne("SELECT count(*) FROM schema_migrations") { try $0[0] as Int64 }
        == Int64(BundledMigrations.all.count))
  }

  @Test("the connection runs in WAL mode with durable commits and foreign keys on")
  func connectionSettings() throws {
    let folder = try TemporaryFolder()
    let store = try CalendarStore(path: folder.file("cal.db"), now: now)
    #expect(try store.database.fetchOne("PRAGMA journal_mode") { try $0[0] as String } == "wal")
    #expect(try store.database.fetchOne("PRAGMA synchronous") { try $0[0] as Int64 } == 2)  // FULL
    #expect(try store.database.fetchOne("PRAGMA foreign_keys") { try $0[0] as Int64 } == 1)
    #expect(try store.database.fetchOne("PRAGMA busy_timeout") { try $0[0] as Int64 } ?? 0 >= 1000)
  }

  @Test("missing folders are created private (0700) and the file private (0600)")
  func privateFiles() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("deep/er/cal.db")
    _ = try CalendarStore(path: path, now: now)
    #expect(try permissions(of: folder.file("deep")) == 0o700)
    #expect(try permissions(of: folder.file("deep/er")) == 0o700)
    #expect(try permissions(of: path) == 0o600)
  }

  @Test("a database written by a newer cal is refused and left untouched")
  func newerSchemaRefused() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cal.db")
    do {
      let store = try CalendarStore(path: path, now: now)
      try store.write {
        try store.database.execute("INSERT INTO schema_migrations (id, applied_at) VALUES ('9999_from_the_future', 0)")
      }
    }
    let before = try contents(of: path)
    #expect(throws: SchemaError.newerThanProgram(path: path, unknownMigrations: ["9999_from_the_future"])) {
      try CalendarStore(path: path, now: now)
    }
    #expect(try contents(of: path) == before)
  }

  @Test("a file that is not a database is refused and left untouched")
  func notADatabaseRefused() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("notes.txt")
    try Data("shopping: milk, bread\n".utf8).write(to: URL(fileURLWithPath: path))
    let before = try contents(of: path)
    let error = try #require(throws: DatabaseError.self) { try CalendarStore(path: path, now: now) }
    #expect(error.resultCode.primary == .notADatabase)
    #expect(try contents(of: path) == before)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
  }

  @Test("another program's SQLite database is refused and left untouched")
  func foreignDatabaseRefused() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("other.db")
    do {
      let other = try Database(path: path)
      try other.execute("CREATE TABLE songs (title TEXT)")
    }
    let before = try contents(of: path)
    #expect(throws: SchemaError.notACalendar(path: path)) { try CalendarStore(path: path, now: now) }
    #expect(try contents(of: path) == before)
  }
}

import CalCore
import Foundation
import Glibc
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
        "added_rows", "calendars", "change_sets", "changes", "event_exceptions", "events", "reminder_checks",
        "reminder_deliveries",
        "reminders", "schema_migrations", "simple_days", "sync_items", "todos", "transitions", "viewed_month",
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
  }

  @Test("a connection waits for another's lock as long as its busy timeout allows, and no longer")
  func waitsForLocks() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cal.db")
    let store = try CalendarStore(path: path, now: now)
    try store.database.execute("BEGIN IMMEDIATE")
    let clock = ContinuousClock()
    let impatient = try Database(path: path, mode: .existing, busyTimeoutMilliseconds: 200)
    var started = clock.now
    #expect {
      try impatient.execute("BEGIN IMMEDIATE")
    } throws: {
      ($0 as? DatabaseError)?.resultCode.primary == .busy
    }
    let waited = clock.now - started
    #expect(waited >= .milliseconds(190) && waited < .seconds(2), "\(waited)")
    // The lock let go of while it waits: it goes on.
    nonisolated(unsafe) let holder = store.database
    let release = Thread {
      usleep(300_000)
      try? holder.execute("ROLLBACK")
    }
    let patient = try Database(path: path, mode: .existing)
    started = clock.now
    release.start()
    try patient.execute("BEGIN IMMEDIATE")
    #expect(clock.now - started >= .milliseconds(250))
    try patient.execute("ROLLBACK")
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

@Suite("Calendars that must not be adopted, and files that must stay private")
struct AdoptionTests {
  let now: Int64 = 1_700_000_000_000

  @Test(
    "other programs' databases are refused: an empty ledger, views only, a Rails ledger, a foreign app id, a version"
  )
  func foreignSchemas() throws {
    let cases = [
      "CREATE TABLE schema_migrations (id TEXT PRIMARY KEY NOT NULL, applied_at INTEGER NOT NULL)",
      "CREATE VIEW answers AS SELECT 42 AS answer",
      "CREATE TABLE schema_migrations (version TEXT PRIMARY KEY)",
      "PRAGMA application_id = 1234",
      // No tables yet, but a schema version of another program's (cal never sets one).
      "PRAGMA user_version = 7",
    ]
    for sql in cases {
      let folder = try TemporaryFolder()
      let path = folder.file("other.db")
      do {
        let other = try Database(path: path)
        try other.execute(sql)
      }
      let before = try contents(of: path)
      #expect(throws: SchemaError.notACalendar(path: path), "\(sql)") { try CalendarStore(path: path, now: now) }
      #expect(try contents(of: path) == before, "\(sql)")
    }
  }

  @Test("a migration that does not fit the tables found refuses the file as another program's, untouched")
  func foreignTablesUnderOurNames() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("other.db")
    do {
      let other = try Database(path: path)
      try other.execute("CREATE TABLE schema_migrations (id TEXT PRIMARY KEY NOT NULL, applied_at INTEGER NOT NULL)")
      try other.execute(
        "INSERT INTO schema_migrations VALUES ('0001_initial', 0), ('0002_timed_and_recurring_events', 0)")
      try other.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, x TEXT)")
    }
    let before = try contents(of: path)
    #expect(throws: SchemaError.notACalendar(path: path)) { try CalendarStore(path: path, now: now) }
    #expect(try contents(of: path) == before)
  }

  @Test("an empty file is no calendar for a command that may not create one, and stays empty")
  func emptyFileReadOnly() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("empty.db")
    FileManager.default.createFile(atPath: path, contents: nil)
    #expect(throws: StorageError.noCalendar(path: path)) { try CalendarStore(path: path, mode: .existing, now: now) }
    #expect(try contents(of: path).isEmpty)
  }

  @Test("a calendar made through a dangling symlink, or in an empty file, is 0600 whatever the umask")
  func privateWhateverTheWay() throws {
    let folder = try TemporaryFolder()
    let old = umask(0)
    defer { umask(old) }
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("link.db"), withDestinationPath: folder.file("target.db"))
    let linked = try CalendarStore(path: folder.file("link.db"), now: now)
    try linked.write { try linked.viewedMonth.setMonth(month("2024-05")) }  // the log holds a write
    #expect(try permissions(of: folder.file("target.db")) == 0o600)
    #expect(try permissions(of: folder.file("target.db-wal")) == 0o600)
    FileManager.default.createFile(
      atPath: folder.file("empty.db"), contents: nil, attributes: [.posixPermissions: 0o666])
    _ = try CalendarStore(path: folder.file("empty.db"), now: now)
    #expect(try permissions(of: folder.file("empty.db")) == 0o600)
  }

  @Test("a folder, a FIFO or a device is not a calendar; a path ending in / leaves no folder behind")
  func notFiles() throws {
    let folder = try TemporaryFolder()
    #expect(throws: StorageError.notARegularFile(path: folder.path, isFolder: true)) {
      try CalendarStore(path: folder.path, now: now)
    }
    let fifo = folder.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: StorageError.notARegularFile(path: fifo, isFolder: false)) {
      try CalendarStore(path: fifo, now: now)
    }
    #expect(!FileManager.default.fileExists(atPath: fifo + "-journal"))
    let slash = folder.file("new/")
    #expect(throws: StorageError.notARegularFile(path: slash, isFolder: true)) {
      try CalendarStore(path: slash, now: now)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.file("new")))
  }

  @Test(
    "a full disk while creating a calendar leaves no file or folder behind",
    .enabled(if: geteuid() == 0, "mounting a small tmpfs needs root"))
  func fullDisk() throws {
    let folder = try TemporaryFolder()
    let mountPoint = folder.file("tiny")
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
    guard mount("tmpfs", mountPoint, "tmpfs", 0, "size=40k") == 0 else {
      Issue.record("could not mount a tmpfs: \(String(cString: strerror(errno)))")
      return
    }
    defer { umount(mountPoint) }
    let path = mountPoint + "/deep/cal.db"
    let error = try #require(throws: DatabaseError.self) { try CalendarStore(path: path, now: now) }
    #expect(error.resultCode.primary == .full || error.resultCode.primary == .ioError)
    #expect(try FileManager.default.contentsOfDirectory(atPath: mountPoint).isEmpty)
  }
}

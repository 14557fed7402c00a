/// Applies migrations in order, each in its own transaction together with the row that records it (a new
/// file's all in one).
public struct Migrator: Sendable {
  /// The migrations this program knows, in the order they apply.
  public let migrations: [Migration]
  /// The application id that marks a file as this program's (`PRAGMA application_id`), or `nil` to accept
  /// any: a migration sets it; files from before that migration have 0.
  public let applicationID: Int32?

  /// The table that records which migrations a database has had.
  static let ledger = "schema_migrations"

  /// - Precondition: ids are unique and sorted; anything else is a mistake in the program.
  public init(migrations: [Migration], applicationID: Int32? = nil) {
    // One comparison per pair, as every start makes a migrator: each id after the one before it means
    // sorted and unique at once (a set and a sorted copy of the ids cost as much as reading the ledger).
    for (earlier, later) in zip(migrations, migrations.dropFirst()) where earlier.id >= later.id {
      preconditionFailure(
        earlier.id == later.id
          ? "duplicate migration id \(later.id)" : "migrations out of order: \(earlier.id) before \(later.id)")
    }
    self.migrations = migrations
    self.applicationID = applicationID
  }

  /// Refuses a database that a newer program migrated, or that belongs to something else, without writing.
  ///
  /// - Returns: the migrations still to apply; none on every start but the first after an upgrade.
  @discardableResult
  public func checkCompatibility(of database: Database) throws -> [Migration] {
    if let applicationID {
      let stored = try database.fetchOne("PRAGMA application_id") { try $0[0] as Int64 } ?? 0
      guard stored == 0 || stored == Int64(applicationID) else { throw SchemaError.notACalendar(path: database.path) }
      // A file this program marked as its own has its ledger: one read of it is the whole check, at every
      // start of cal.
      if stored == Int64(applicationID) { return try pending(in: database) }
    }
    // One statement, so one snapshot: another process may be creating the schema at this very moment.
    let objects = try database.fetch(
      "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND type IN ('table', 'view')"
    ) { (try $0["type"] as String, try $0["name"] as String) }
    guard objects.contains(where: { $0 == ("table", Self.ledger) }) else {
      // An empty file, or a database without tables that another program marked with its schema version.
      let version = try database.fetchOne("PRAGMA user_version") { try $0[0] as Int64 } ?? 0
      if !objects.isEmpty || version != 0 { throw SchemaError.notACalendar(path: database.path) }
      return migrations
    }
    // Another program's ledger of the same name (Rails writes schema_migrations(version)) is not ours.
    let columns = try database.fetch("SELECT name FROM pragma_table_info(?) ORDER BY cid", [Self.ledger]) {
      try $0["name"] as String
    }
    guard columns == ["id", "applied_at"] else { throw SchemaError.notACalendar(path: database.path) }
    return try pending(in: database)
  }

  /// The migrations the ledger of `database` does not record.
  ///
  /// - Throws: `SchemaError` for a ledger without the first migration (another program's) or with
  ///   migrations this program does not know (a newer program's).
  private func pending(in database: Database) throws -> [Migration] {
    let applied = try database.fetch("SELECT id FROM \(Self.ledger) ORDER BY id") { try $0[0] as String }
    if applied.elementsEqual(migrations.lazy.map(\.id)) { return [] }
    // Every calendar this program made records its first migration; an empty ledger is someone else's.
    if let first = migrations.first, !applied.contains(first.id) {
      throw SchemaError.notACalendar(path: database.path)
    }
    let known = Set(migrations.map(\.id))
    let unknown = applied.filter { !known.contains($0) }
    if !unknown.isEmpty {
      throw SchemaError.newerThanProgram(path: database.path, unknownMigrations: unknown)
    }
    let done = Set(applied)
    return migrations.filter { !done.contains($0.id) }
  }

  /// Brings the schema up to date. Another process migrating at the same moment is harmless: each step
  /// re-reads the ledger once it holds the write lock.
  ///
  /// A new file gets all of them in one transaction: a commit is several `fsync`s (the rollback journal's,
  /// its folder's, the file's), which one per migration made most of the time it takes to create a calendar.
  public func migrate(_ database: Database, now milliseconds: Int64) throws {
    let pending = try checkCompatibility(of: database)
    if pending.count == migrations.count {
      try database.writeTransaction {
        for migration in pending { try apply(migration, to: database, now: milliseconds) }
      }
      return
    }
    for migration in pending {
      try database.writeTransaction { try apply(migration, to: database, now: milliseconds) }
    }
  }

  /// Applies `migration` with its row in the ledger, inside the caller's transaction, unless the ledger
  /// (read under the write lock) has it already.
  private func apply(_ migration: Migration, to database: Database, now milliseconds: Int64) throws {
    try database.execute(
      "CREATE TABLE IF NOT EXISTS \(Self.ledger) (id TEXT PRIMARY KEY NOT NULL, applied_at INTEGER NOT NULL)")
    let done = try database.fetchOne("SELECT 1 FROM \(Self.ledger) WHERE id = ?", [migration.id]) { _ in true }
    guard done == nil else { return }
    try database.executeScript(migration.sql)
    try database.execute("INSERT INTO \(Self.ledger) (id, applied_at) VALUES (?, ?)", [migration.id, milliseconds])
  }

  /// The ids recorded in the ledger in order, or `nil` when there is no ledger yet.
  public func appliedMigrations(in database: Database) throws -> [String]? {
    let hasLedger = try database.fetchOne(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [Self.ledger]
    ) { _ in true }
    guard hasLedger == true else { return nil }
    return try database.fetch("SELECT id FROM \(Self.ledger) ORDER BY id") { try $0["id"] as String }
  }
}

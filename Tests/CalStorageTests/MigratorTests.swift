import CalStorage
import Foundation
import Testing

@Suite("Migrations")
struct MigratorTests {
  private static let good = Migration(id: "0001_a", sql: "CREATE TABLE a (x INTEGER);")
  private static let bad = Migration(
    id: "0002_bad", sql: "CREATE TABLE b (y INTEGER); INSERT INTO missing VALUES (1);")

  @Test("migrations apply in order, each recorded once")
  func appliesInOrder() throws {
    let folder = try TemporaryFolder()
    let database = try Database(path: folder.file("m.db"))
    let migrator = Migrator(migrations: [
      Migration(id: "0001_a", sql: "CREATE TABLE a (x INTEGER);"),
      Migration(id: "0002_b", sql: "CREATE TABLE b (y INTEGER); INSERT INTO a VALUES (1);"),
    ])
    try migrator.migrate(database, now: 5)
    try migrator.migrate(database, now: 6)
    #expect(try migrator.appliedMigrations(in: database) == ["0001_a", "0002_b"])
    #expect(try database.fetchOne("SELECT count(*) FROM a") { try $0[0] as Int64 } == 1)
  }

  @Test("a failing migration leaves neither its changes nor its ledger row")
  func failingMigrationRollsBack() throws {
    let folder = try TemporaryFolder()
    let database = try Database(path: folder.file("m.db"))
    try Migrator(migrations: [Self.good]).migrate(database, now: 1)
    #expect(throws: DatabaseError.self) { try Migrator(migrations: [Self.good, Self.bad]).migrate(database, now: 2) }
    #expect(try Migrator(migrations: [Self.good]).appliedMigrations(in: database) == ["0001_a"])
    let tableB = try database.fetchOne("SELECT 1 FROM sqlite_master WHERE name = 'b'") { _ in true }
    #expect(tableB == nil)
  }

  @Test("a new file gets its migrations in one transaction: one failing leaves the file empty")
  func newFileAllOrNothing() throws {
    let folder = try TemporaryFolder()
    let database = try Database(path: folder.file("m.db"))
    #expect(throws: DatabaseError.self) { try Migrator(migrations: [Self.good, Self.bad]).migrate(database, now: 1) }
    #expect(try Migrator(migrations: [Self.good]).appliedMigrations(in: database) == nil)
    #expect(try database.fetchOne("SELECT count(*) FROM sqlite_master") { try $0[0] as Int64 } == 0)
  }

  @Test("every file in Migrations/ is compiled into the binary, in order, with the same text")
  func bundledMatchesFolder() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Migrations").standardized
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".sql") }.sorted()
    #expect(BundledMigrations.all.map { $0.id + ".sql" } == files)
    for migration in BundledMigrations.all {
      let text = try String(contentsOf: folder.appendingPathComponent(migration.id + ".sql"), encoding: .utf8)
      #expect(migration.sql == text)
    }
  }
}

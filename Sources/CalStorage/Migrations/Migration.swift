/// One step of the schema: an id that orders it and the SQL script that performs it.
public struct Migration: Sendable, Equatable {
  /// The file name without `.sql`, such as `0001_initial`; ids sort in the order they apply.
  public let id: String
  /// The script, run inside the migration's own transaction.
  public let sql: String

  /// Creates a migration.
  public init(id: String, sql: String) {
    self.id = id
    self.sql = sql
  }
}

/// The logged tables of one connection, read from the schema once, when first needed.
final class ChangeLogTables {
  private var tables: [ChangeLogSchema.Table]?

  /// The logged tables that have a change log.
  func all(_ database: Database) throws -> [ChangeLogSchema.Table] {
    if let tables { return tables }
    let logs = Set(
      try database.fetch(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'change\\_log\\_%' ESCAPE '\\'"
      ) {
        try $0[0] as String
      })
    let found = try ChangeLogSchema.tables(in: database).filter { logs.contains($0.log) }
    tables = found
    return found
  }
}

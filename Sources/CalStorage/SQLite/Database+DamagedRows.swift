/// Telling which stored values of a row break the table's CHECK constraints.
extension Database {
  /// Runs `update`, a change of row `id` of `table`; when it fails a CHECK constraint that the row as stored
  /// breaks already (edited by another program), says which row and which of its columns, as a `DamagedRow`,
  /// rather than SQLite's words.
  func updatingRow<Value>(of table: String, id: Int64, _ update: () throws -> Value) throws -> Value {
    do {
      return try update()
    } catch let error as DatabaseError where error.resultCode == .constraintCheck {
      let columns = try columnsBreakingChecks(of: table, id: id)
      if columns.isEmpty { throw error }
      throw DamagedRow(table: table, id: id, columns: columns)
    }
  }

  /// The columns of row `id` of `table` whose stored values break a CHECK constraint of the table, in the
  /// table's order; empty when the row passes every check (or is not there). Inside a write transaction.
  ///
  /// SQLite checks a constraint only when a statement sets a column it names, so each column is set to its
  /// own value in turn: the constraints that name it are checked against the row as stored. Nothing changes.
  /// A failed check counts only when it is one of `table`'s own (its text is in the table's definition), not
  /// one of another table that a trigger of `table` writes to.
  func columnsBreakingChecks(of table: String, id: Int64) throws -> [String] {
    let definition = try fetchOne("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", [table]) {
      try $0[0] as String
    }
    guard let definition else { return [] }
    let columns = try fetch("SELECT name FROM pragma_table_info(?) ORDER BY cid", [table]) { try $0[0] as String }
    try execute("SAVEPOINT checking_row")
    defer {
      try? execute("ROLLBACK TO checking_row")
      try? execute("RELEASE checking_row")
    }
    let failed = "CHECK constraint failed: "
    return try columns.filter { column in
      let quoted = "\"\(column.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\""))\""
      do {
        try execute("UPDATE \"\(table)\" SET \(quoted) = \(quoted) WHERE rowid = ?", [id])
        return false
      } catch let error as DatabaseError where error.resultCode == .constraintCheck {
        guard error.message.hasPrefix(failed) else { return false }
        return definition.contains(error.message.dropFirst(failed.count))
      }
    }
  }
}

/// Naming the row a value that cannot be read came from.
extension Row {
  /// Runs `read` on this row of `table`, a value that cannot be read reported as the damaged row it is: the
  /// row's id (its column `id`) and the column, rather than the SQL.
  func reportingDamage<Value>(of table: String, _ read: () throws -> Value) throws -> Value {
    do {
      return try read()
    } catch let error as DatabaseError where error.resultCode == .mismatch && error.column != nil {
      guard let column = error.column, let id = try? self["id"] as Int64 else { throw error }
      throw DamagedRow(table: table, id: id, columns: [column], kind: .unreadable)
    }
  }
}

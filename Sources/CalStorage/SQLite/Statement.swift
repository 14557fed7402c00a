import CSQLite

/// A prepared statement. It finalizes itself when the last reference goes away.
final class Statement {
  let handle: OpaquePointer
  let sql: String
  private let connection: OpaquePointer

  init(connection: OpaquePointer, sql: String) throws(DatabaseError) {
    var handle: OpaquePointer?
    let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
    guard code == SQLITE_OK, let handle else {
      throw DatabaseError(
        extendedResultCode: sqlite3_extended_errcode(connection),
        message: String(cString: sqlite3_errmsg(connection)), sql: sql)
    }
    self.handle = handle
    self.connection = connection
    self.sql = sql
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Resets the statement and binds `values` to its parameters, in order.
  func bind(_ values: [SQLiteValue]) throws(DatabaseError) {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    // A wrong count is a bug in the program, not a condition to recover from.
    precondition(
      Int(sqlite3_bind_parameter_count(handle)) == values.count,
      "\(values.count) values bound to a statement with \(sqlite3_bind_parameter_count(handle)) parameters: \(sql)"
    )
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch value {
      case .null: code = sqlite3_bind_null(handle, index)
      case .integer(let integer): code = sqlite3_bind_int64(handle, index, integer)
      case .real(let real): code = sqlite3_bind_double(handle, index, real)
      case .text(let text): code = sqlite3_bind_text(handle, index, text, Int32(text.utf8.count), transientDestructor)
      }
      guard code == SQLITE_OK else { throw error(code) }
    }
  }

  /// Advances to the next row; `false` once the statement is done.
  func step() throws(DatabaseError) -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let failure = error(code)
      sqlite3_reset(handle)
      throw failure
    }
  }

  /// Lets go of the statement's read position, so a cached statement holds no lock between uses.
  func reset() {
    sqlite3_reset(handle)
  }

  private func error(_ code: Int32) -> DatabaseError {
    DatabaseError(
      extendedResultCode: sqlite3_extended_errcode(connection),
      message: String(cString: sqlite3_errmsg(connection)), sql: sql)
  }
}

/// `SQLITE_TRANSIENT`: SQLite copies bound text before the Swift string's storage can go away.
private let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

import CSQLite

/// A prepared statement: exactly one SQL statement. It finalizes itself when the last reference goes away.
final class Statement {
  let handle: OpaquePointer
  let sql: String
  private let connection: OpaquePointer

  /// Prepares `sql`.
  ///
  /// - Precondition: `sql` holds one statement. `execute("A; B")` would otherwise run A alone and drop B
  ///   without a word; scripts of several statements go through `Database.executeScript`.
  init(connection: OpaquePointer, sql: String) throws(DatabaseError) {
    var handle: OpaquePointer?
    var tailOffset = 0
    let code = sql.withCString { start -> Int32 in
      var tail: UnsafePointer<CChar>?
      let code = sqlite3_prepare_v3(connection, start, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, &tail)
      if let tail { tailOffset = start.distance(to: tail) }
      return code
    }
    guard code == SQLITE_OK, let handle else {
      throw DatabaseError(connection: connection, sql: sql)
    }
    self.handle = handle
    self.connection = connection
    self.sql = sql
    precondition(
      Self.isBlank(sql.utf8.dropFirst(tailOffset), connection: connection),
      "more than one SQL statement in one prepared statement: \(sql)")
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Whether `rest` holds no statement: only spaces, semicolons and comments, which SQLite prepares to
  /// nothing.
  private static func isBlank(_ rest: Substring.UTF8View, connection: OpaquePointer) -> Bool {
    guard rest.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0x3B }) else {
      return true
    }
    var next: OpaquePointer?
    let code = sqlite3_prepare_v2(connection, String(Substring(rest)), -1, &next, nil)
    defer { sqlite3_finalize(next) }
    return code == SQLITE_OK && next == nil
  }

  /// Resets the statement and binds `values` to its parameters, in order.
  func bind(_ values: [any DatabaseValueConvertible]) throws(DatabaseError) {
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
      switch value.databaseValue {
      case .null: code = sqlite3_bind_null(handle, index)
      case .integer(let integer): code = sqlite3_bind_int64(handle, index, integer)
      case .real(let real): code = sqlite3_bind_double(handle, index, real)
      case .text(let text):
        code = sqlite3_bind_text64(
          handle, index, text, sqlite3_uint64(text.utf8.count), transientDestructor, UInt8(SQLITE_UTF8))
      case .blob(let bytes):
        code = bytes.withUnsafeBytes {
          sqlite3_bind_blob64(handle, index, $0.baseAddress, sqlite3_uint64($0.count), transientDestructor)
        }
      }
      guard code == SQLITE_OK else { throw error() }
    }
  }

  /// Binds `value` to the parameter at `index` (from 1), without boxing it: an import binds millions. The
  /// statement must be reset first.
  func bind(_ value: Int64?, at index: Int32) throws(DatabaseError) {
    let code = value.map { sqlite3_bind_int64(handle, index, $0) } ?? sqlite3_bind_null(handle, index)
    guard code == SQLITE_OK else { throw error() }
  }

  /// Binds the text `value` (SQLite copies it) to the parameter at `index` (from 1).
  func bind(_ value: String?, at index: Int32) throws(DatabaseError) {
    guard var text = value else {
      guard sqlite3_bind_null(handle, index) == SQLITE_OK else { throw error() }
      return
    }
    let code = text.withUTF8 { bytes in
      guard let start = bytes.baseAddress, !bytes.isEmpty else {
        return sqlite3_bind_text64(handle, index, "", 0, transientDestructor, UInt8(SQLITE_UTF8))
      }
      return sqlite3_bind_text64(
        handle, index, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self), sqlite3_uint64(bytes.count),
        transientDestructor, UInt8(SQLITE_UTF8))
    }
    guard code == SQLITE_OK else { throw error() }
  }

  /// Binds the text `value` to the parameter at `index` (from 1) as a copy in `arena`, which SQLite reads in
  /// place: `arena` must keep it until the statement has run.
  func bind(_ value: String?, at index: Int32, keptIn arena: TextArena) throws(DatabaseError) {
    let code: Int32
    if var text = value {
      code = text.withUTF8 { bytes in
        guard !bytes.isEmpty else {
          return sqlite3_bind_text64(handle, index, "", 0, transientDestructor, UInt8(SQLITE_UTF8))
        }
        return sqlite3_bind_text64(
          handle, index, arena.store(bytes), sqlite3_uint64(bytes.count), nil, UInt8(SQLITE_UTF8))
      }
    } else {
      code = sqlite3_bind_null(handle, index)
    }
    guard code == SQLITE_OK else { throw error() }
  }

  /// Advances to the next row; `false` once the statement is done.
  func step() throws(DatabaseError) -> Bool {
    let code = StopSignal.step(handle, of: connection)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let failure = error()
      sqlite3_reset(handle)
      throw failure
    }
  }

  /// Lets go of the statement's read position, so a cached statement holds no lock between uses.
  func reset() {
    sqlite3_reset(handle)
  }

  /// The position of the result column called `name`, or `nil`.
  func columnIndex(named name: String) -> Int32? {
    for index in 0..<sqlite3_column_count(handle) where String(cString: sqlite3_column_name(handle, index)) == name {
      return index
    }
    return nil
  }

  func error() -> DatabaseError {
    DatabaseError(connection: connection, sql: sql)
  }
}

/// `SQLITE_TRANSIENT`: SQLite copies bound text before the Swift string's storage can go away.
private let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

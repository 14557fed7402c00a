import CSQLite

/// A recording of what changes on some tables of a connection, from SQLite's session extension: once
/// created, every row inserted, updated or deleted in those tables (by any statement, trigger or foreign key
/// action) is kept, and `changeset()` writes it out. Nothing is recorded, and nothing costs anything, while no
/// session exists.
final class Session {
  private let handle: OpaquePointer

  /// Starts recording the changes to `tables` of `database` (those that do not exist are ignored).
  init(_ database: Database, tables: [String]) throws(DatabaseError) {
    var handle: OpaquePointer?
    let code = sqlite3session_create(database.connection, "main", &handle)
    guard code == SQLITE_OK, let handle else {
      throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot start recording changes")
    }
    self.handle = handle
    for table in tables {
      let code = sqlite3session_attach(handle, table)
      guard code == SQLITE_OK else {
        throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot record changes to \(table)")
      }
    }
  }

  deinit {
    sqlite3session_delete(handle)
  }

  /// Whether changes are recorded: while not, SQLite still calls the session for every row written, which
  /// then returns at once instead of looking the table up among those it records.
  var isEnabled: Bool {
    get { sqlite3session_enable(handle, -1) != 0 }
    set { _ = sqlite3session_enable(handle, newValue ? 1 : 0) }
  }

  /// Whether nothing has been recorded.
  var isEmpty: Bool { sqlite3session_isempty(handle) != 0 }

  /// The memory the recording holds, in bytes.
  var memoryUsed: Int64 { sqlite3session_memory_used(handle) }

  /// What was recorded, as a changeset; empty when nothing changed (a row inserted and deleted again, or
  /// updated back to what it was, is no change).
  func changeset() throws(DatabaseError) -> [UInt8] {
    var size: Int32 = 0
    var bytes: UnsafeMutableRawPointer?
    let code = sqlite3session_changeset(handle, &size, &bytes)
    defer { sqlite3_free(bytes) }
    guard code == SQLITE_OK else {
      throw DatabaseError(resultCode: ResultCode(rawValue: code), message: "cannot write out the recorded changes")
    }
    guard let bytes, size > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: bytes, count: Int(size)))
  }
}

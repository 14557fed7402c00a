import CSQLite
import Glibc

/// Applying changesets that a `Session` recorded, forwards (redo) or inverted (undo).
extension Database {
  /// A row that stood in the way of a changeset: its table, its primary key's first value, and why.
  struct ChangesetConflict: Error {
    /// The table of the row.
    let table: String
    /// The first primary key column's value of the row.
    let key: DatabaseValue
    /// Whether no row is to blame but the table: it is missing, or has not the key the changeset was
    /// recorded with (a table replaced by hand).
    var isTableMismatch = false
  }

  /// A changeset that cannot be read: not one SQLite wrote, or cut short.
  struct UnreadableChangeset: Error {}

  /// Applies `changeset` (its inverse when `inverted`) inside the open transaction, all or nothing.
  ///
  /// A row to delete that is gone already is no conflict (a foreign key's cascade took it along). Any other
  /// conflict (a row to change or delete that is not as the changeset expects, a row to insert that exists, a
  /// constraint or foreign key it would break) undoes what this call applied.
  ///
  /// A table the changeset names that the database has not as it was recorded (missing, or with other key
  /// columns) is refused before anything is applied: SQLite would skip its rows without a word.
  ///
  /// - Throws: `ChangesetConflict` for the first such row or table; `UnreadableChangeset` when the changeset
  ///   cannot be read (it is read whole before anything is applied); `DatabaseError` when SQLite fails
  ///   otherwise.
  func apply(_ changeset: [UInt8], inverted: Bool) throws {
    var bytes = changeset
    var invertedBytes: UnsafeMutableRawPointer?
    defer { sqlite3_free(invertedBytes) }
    var size = Int32(bytes.count)
    // Read whole first: SQLite 3.40's invert loops for ever on a changeset cut short inside a table's header.
    if let table = try bytes.withUnsafeBytes({ try mismatchedTable(in: $0) }) {
      throw ChangesetConflict(table: table, key: .null, isTableMismatch: true)
    }
    if inverted {
      var invertedSize: Int32 = 0
      let code = bytes.withUnsafeMutableBytes {
        sqlite3changeset_invert(Int32($0.count), $0.baseAddress, &invertedSize, &invertedBytes)
      }
      guard code == SQLITE_OK else {
        if code == SQLITE_NOMEM { throw DatabaseError(resultCode: .noMemory, message: "out of memory") }
        throw UnreadableChangeset()
      }
      size = invertedSize
    }
    let context = ConflictHandler()
    let code = withExtendedLifetime(context) {
      bytes.withUnsafeMutableBytes { buffer in
        sqlite3changeset_apply(
          connection, size, invertedBytes ?? buffer.baseAddress, nil,
          { context, kind, iterator in
            guard let context, let iterator else { return SQLITE_CHANGESET_ABORT }
            let box = Unmanaged<ConflictHandler>.fromOpaque(context).takeUnretainedValue()
            return box.decide(kind, iterator)
          }, Unmanaged.passUnretained(context).toOpaque())
      }
    }
    if let conflict = context.conflict { throw conflict }
    guard code == SQLITE_OK else {
      // Applying rolls back a savepoint of its own when it fails, which can leave the connection's error at
      // SQLITE_OK ("not an error", for a read-only file): then the code returned is all that says why.
      let extended = sqlite3_extended_errcode(connection)
      throw DatabaseError(
        resultCode: ResultCode(rawValue: extended == SQLITE_OK ? code : extended),
        message: String(cString: extended == SQLITE_OK ? sqlite3_errstr(code) : sqlite3_errmsg(connection)))
    }
  }

  /// The first table `changeset` changes that this database has not as the changeset was recorded: missing,
  /// with fewer columns, or with its primary key in other columns (what SQLite's apply checks); `nil` when
  /// every table matches.
  ///
  /// - Throws: `UnreadableChangeset` when the bytes are not a whole changeset (see ``ChangesetLayout``).
  private func mismatchedTable(in changeset: UnsafeRawBufferPointer) throws -> String? {
    guard let layout = ChangesetLayout(changeset) else { throw UnreadableChangeset() }
    var checked: Set<String> = []
    for table in layout.tables where checked.insert(table.name).inserted {
      let found = try fetch("SELECT pk FROM pragma_table_info(?) ORDER BY cid", [table.name]) { try $0[0] as Int64 }
      guard found.count >= table.primaryKey.count,
        zip(found, table.primaryKey).allSatisfy({ ($0 != 0) == $1 })
      else { return table.name }
    }
    return nil
  }

  /// What the conflict handler of one `apply` found.
  private final class ConflictHandler {
    var conflict: ChangesetConflict?

    /// Omits the deletion of a row that is gone already; aborts on anything else, remembering the row.
    func decide(_ kind: Int32, _ iterator: OpaquePointer) -> Int32 {
      guard kind != SQLITE_CHANGESET_FOREIGN_KEY else {
        // Reported once, after every row: no row to name.
        conflict = ChangesetConflict(table: "", key: .null)
        return SQLITE_CHANGESET_ABORT
      }
      var table: UnsafePointer<CChar>?
      var columns: Int32 = 0
      var operation: Int32 = 0
      var indirect: Int32 = 0
      sqlite3changeset_op(iterator, &table, &columns, &operation, &indirect)
      if kind == SQLITE_CHANGESET_NOTFOUND && operation == SQLITE_DELETE { return SQLITE_CHANGESET_OMIT }
      // A foreign key's action (ON DELETE SET NULL) may have made the change already, as the row it is part of
      // was deleted: a row already as the change would leave it is no conflict.
      if kind == SQLITE_CHANGESET_DATA && operation == SQLITE_UPDATE && Self.isDone(iterator, columns: columns) {
        return SQLITE_CHANGESET_OMIT
      }
      var key: DatabaseValue = .null
      var value: OpaquePointer?
      let read = operation == SQLITE_INSERT ? sqlite3changeset_new : sqlite3changeset_old
      if read(iterator, 0, &value) == SQLITE_OK, let value, sqlite3_value_type(value) == SQLITE_INTEGER {
        key = .integer(sqlite3_value_int64(value))
      }
      conflict = ChangesetConflict(table: table.map { String(cString: $0) } ?? "", key: key)
      return SQLITE_CHANGESET_ABORT
    }

    /// Whether every column the update changes already holds its new value in the conflicting row.
    private static func isDone(_ iterator: OpaquePointer, columns: Int32) -> Bool {
      for column in 0..<columns {
        var new: OpaquePointer?
        var current: OpaquePointer?
        guard sqlite3changeset_new(iterator, column, &new) == SQLITE_OK else { return false }
        guard let new else { continue }  // not changed by the update
        guard sqlite3changeset_conflict(iterator, column, &current) == SQLITE_OK, let current,
          same(new, current)
        else { return false }
      }
      return true
    }

    /// Whether two values are the same, type and content.
    private static func same(_ left: OpaquePointer, _ right: OpaquePointer) -> Bool {
      let type = sqlite3_value_type(left)
      guard type == sqlite3_value_type(right) else { return false }
      switch type {
      case SQLITE_NULL: return true
      case SQLITE_INTEGER: return sqlite3_value_int64(left) == sqlite3_value_int64(right)
      case SQLITE_FLOAT: return sqlite3_value_double(left) == sqlite3_value_double(right)
      default:
        let count = sqlite3_value_bytes(left)
        guard count == sqlite3_value_bytes(right) else { return false }
        guard count > 0 else { return true }
        return memcmp(sqlite3_value_blob(left), sqlite3_value_blob(right), Int(count)) == 0
      }
    }
  }
}

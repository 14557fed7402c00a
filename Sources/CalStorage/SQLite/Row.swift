import CSQLite
import Glibc

/// The current row of a running query. Valid only inside the closure it is handed to: the next step
/// of the statement replaces what it reads.
public struct Row {
  private let statement: Statement

  /// The statement, for reading a column where SQLite keeps it.
  var handle: OpaquePointer { statement.handle }

  init(statement: Statement) {
    self.statement = statement
  }

  /// The value of `column`, converted to the type asked for.
  ///
  /// - Throws: `DatabaseError` with `.mismatch` when the stored value is not one of that type (a file
  ///   edited by hand, or damaged): reported, never trusted.
  public subscript<Value: DatabaseValueConvertible, Column: ColumnList>(_ column: Column) -> Value {
    get throws(DatabaseError) {
      assert(
        String(cString: sqlite3_column_name(statement.handle, column.rawValue)) == column.name,
        "column \(column.rawValue) of `\(statement.sql)` is not \(column.name)")
      return try value(at: column.rawValue, name: column.name)
    }
  }

  /// The value of the column called `name`, for queries without a column list of their own.
  public subscript<Value: DatabaseValueConvertible>(_ name: String) -> Value {
    get throws(DatabaseError) {
      guard let index = statement.columnIndex(named: name) else {
        preconditionFailure("no column \(name) in `\(statement.sql)`")
      }
      return try value(at: index, name: name)
    }
  }

  /// The value of the column at `index` (0-based).
  public subscript<Value: DatabaseValueConvertible>(_ index: Int32) -> Value {
    get throws(DatabaseError) { try value(at: index, name: nil) }
  }

  /// The value at `index`; an error names the column `name`, or the name SQLite gives it.
  private func value<Value: DatabaseValueConvertible>(at index: Int32, name: String?) throws(DatabaseError) -> Value {
    guard let value = Value.fromColumn(at: index, of: self) else {
      let name = name ?? String(cString: sqlite3_column_name(statement.handle, index))
      throw DatabaseError(
        resultCode: .mismatch, message: "the column \(name) holds a value that cannot be read as \(Value.self)",
        sql: statement.sql, column: name)
    }
    return value
  }

  /// Whether the column at `index` holds the text `expected` (`nil`: NULL), compared byte for byte where it
  /// lies, without making a string of it.
  func holds(_ expected: String?, at index: Int32) -> Bool {
    let handle = statement.handle
    guard var expected else { return sqlite3_column_type(handle, index) == SQLITE_NULL }
    guard sqlite3_column_type(handle, index) == SQLITE_TEXT, let bytes = sqlite3_column_text(handle, index) else {
      return false
    }
    let count = Int(sqlite3_column_bytes(handle, index))
    return expected.withUTF8 { utf8 in
      utf8.count == count && (count == 0 || memcmp(bytes, utf8.baseAddress!, count) == 0)
    }
  }

  /// Whether the column at `index` holds the integer `expected` (`nil`: NULL).
  func holds(_ expected: Int64?, at index: Int32) -> Bool {
    let handle = statement.handle
    guard let expected else { return sqlite3_column_type(handle, index) == SQLITE_NULL }
    return sqlite3_column_type(handle, index) == SQLITE_INTEGER && sqlite3_column_int64(handle, index) == expected
  }

  /// The raw value of the column at `index`.
  public func databaseValue(at index: Int32) -> DatabaseValue {
    let handle = statement.handle
    switch sqlite3_column_type(handle, index) {
    case SQLITE_NULL: return .null
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
    case SQLITE_BLOB:
      let count = Int(sqlite3_column_bytes(handle, index))
      guard let bytes = sqlite3_column_blob(handle, index), count > 0 else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default:
      // Text, whole even when it holds NUL characters.
      guard let bytes = sqlite3_column_text(handle, index) else { return .null }
      let count = Int(sqlite3_column_bytes(handle, index))
      return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
    }
  }
}

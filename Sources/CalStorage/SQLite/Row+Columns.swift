import CSQLite
public import CalCore

// Reading a column where SQLite keeps it, for the types a listing reads in every row (GRDB's
// `StatementColumnConvertible`): no `DatabaseValue`, and for a date no string, is made on the way. These
// read exactly what their `fromDatabaseValue` reads.

extension Row {
  /// Whether the column at `index` is NULL.
  func isNull(at index: Int32) -> Bool {
    sqlite3_column_type(handle, index) == SQLITE_NULL
  }

  /// The integer in the column at `index`, or `nil` when it holds no integer.
  func integer(at index: Int32) -> Int64? {
    sqlite3_column_type(handle, index) == SQLITE_INTEGER ? sqlite3_column_int64(handle, index) : nil
  }

  /// The bytes of the text in the column at `index` (of a blob too, when `orBlob`), where SQLite keeps
  /// them: valid until the statement steps or is reset.
  func textBytes(at index: Int32, orBlob: Bool = false) -> UnsafeBufferPointer<UInt8>? {
    switch sqlite3_column_type(handle, index) {
    case SQLITE_TEXT:
      // The pointer first, then the count, as SQLite asks.
      guard let bytes = sqlite3_column_text(handle, index) else { return nil }  // out of memory
      return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, index)))
    case SQLITE_BLOB where orBlob:
      // An empty blob has no pointer.
      guard let bytes = sqlite3_column_blob(handle, index)?.assumingMemoryBound(to: UInt8.self) else {
        return UnsafeBufferPointer(start: nil, count: 0)
      }
      return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, index)))
    default:
      return nil
    }
  }
}

extension Int64 {
  /// An integer column's value.
  public static func fromColumn(at index: Int32, of row: Row) -> Int64? { row.integer(at: index) }
}

extension Int {
  /// An integer column's value, when it fits.
  public static func fromColumn(at index: Int32, of row: Row) -> Int? {
    row.integer(at: index).flatMap(Int.init(exactly:))
  }
}

extension Bool {
  /// Any integer: not zero is true.
  public static func fromColumn(at index: Int32, of row: Row) -> Bool? { row.integer(at: index).map { $0 != 0 } }
}

extension String {
  /// A text column's value; a blob is read as the text it holds.
  public static func fromColumn(at index: Int32, of row: Row) -> String? {
    row.textBytes(at: index, orBlob: true).map { String(decoding: $0, as: UTF8.self) }
  }
}

extension CivilDate {
  /// A valid `YYYY-MM-DD` text.
  public static func fromColumn(at index: Int32, of row: Row) -> CivilDate? {
    // Anything but exactly YYYY-MM-DD (a file edited by hand) is read as the parser reads it.
    row.textBytes(at: index).flatMap(CivilDate.init(isoBytes:)) ?? fromDatabaseValue(row.databaseValue(at: index))
  }
}

extension TimeOfDay {
  /// Minutes after midnight within a day.
  public static func fromColumn(at index: Int32, of row: Row) -> TimeOfDay? {
    row.integer(at: index).flatMap { Int(exactly: $0) }.flatMap(TimeOfDay.init(minutes:))
  }
}

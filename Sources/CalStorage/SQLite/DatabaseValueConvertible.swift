/// A value that says how it becomes a column value and how it is read back, as GRDB's protocol of the same
/// name: records hold dates, months and rules, and only this layer knows how SQLite stores them.
public protocol DatabaseValueConvertible {
  /// The value as stored.
  var databaseValue: DatabaseValue { get }
  /// The value read from a column; `nil` when the column holds something this type cannot be made from.
  static func fromDatabaseValue(_ value: DatabaseValue) -> Self?
  /// The value of the column at `index` of `row`, or `nil` as `fromDatabaseValue` says. The types read by
  /// the thousand read it where SQLite keeps it, without a `DatabaseValue` (or, for a date, a string) on the
  /// way, as GRDB's `StatementColumnConvertible` does; the others take the default, through
  /// `fromDatabaseValue`.
  static func fromColumn(at index: Int32, of row: Row) -> Self?
}

extension DatabaseValueConvertible {
  /// Through `fromDatabaseValue`.
  public static func fromColumn(at index: Int32, of row: Row) -> Self? {
    fromDatabaseValue(row.databaseValue(at: index))
  }
}

extension Int64: DatabaseValueConvertible {
  /// An integer column.
  public var databaseValue: DatabaseValue { .integer(self) }

  /// An integer column's value.
  public static func fromDatabaseValue(_ value: DatabaseValue) -> Int64? {
    guard case .integer(let integer) = value else { return nil }
    return integer
  }
}

extension Int: DatabaseValueConvertible {
  /// An integer column.
  public var databaseValue: DatabaseValue { .integer(Int64(self)) }

  /// An integer column's value.
  public static func fromDatabaseValue(_ value: DatabaseValue) -> Int? {
    guard case .integer(let integer) = value else { return nil }
    return Int(exactly: integer)
  }
}

extension Bool: DatabaseValueConvertible {
  /// 1 or 0.
  public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }

  /// Any integer: not zero is true.
  public static func fromDatabaseValue(_ value: DatabaseValue) -> Bool? {
    guard case .integer(let integer) = value else { return nil }
    return integer != 0
  }
}

extension String: DatabaseValueConvertible {
  /// A text column.
  public var databaseValue: DatabaseValue { .text(self) }

  /// A text column's value; a blob (a file edited by hand) is read as the text it holds.
  public static func fromDatabaseValue(_ value: DatabaseValue) -> String? {
    switch value {
    case .text(let text): return text
    case .blob(let bytes): return String(decoding: bytes, as: UTF8.self)
    default: return nil
    }
  }
}

extension [UInt8]: DatabaseValueConvertible {
  /// A blob column.
  public var databaseValue: DatabaseValue { .blob(self) }

  /// A blob column's bytes.
  public static func fromDatabaseValue(_ value: DatabaseValue) -> [UInt8]? {
    guard case .blob(let bytes) = value else { return nil }
    return bytes
  }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
  /// `NULL` for `nil`.
  public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }

  /// `nil` for `NULL`; otherwise the wrapped type's reading, which may fail.
  public static func fromDatabaseValue(_ value: DatabaseValue) -> Wrapped?? {
    if case .null = value { return .some(nil) }
    return Wrapped.fromDatabaseValue(value).map { .some($0) }
  }

  /// `nil` for `NULL`; otherwise the wrapped type's reading of the column.
  public static func fromColumn(at index: Int32, of row: Row) -> Wrapped?? {
    if row.isNull(at: index) { return .some(nil) }
    return Wrapped.fromColumn(at: index, of: row).map { .some($0) }
  }
}

/// A value as SQLite stores it: what a statement parameter is bound to and what a column holds.
public enum DatabaseValue: Equatable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])
}

extension DatabaseValue: ExpressibleByIntegerLiteral {
  /// An integer literal binds as an integer.
  public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension DatabaseValue: ExpressibleByStringLiteral {
  /// A string literal binds as text.
  public init(stringLiteral value: String) { self = .text(value) }
}

extension DatabaseValue: ExpressibleByNilLiteral {
  /// `nil` binds as `NULL`.
  public init(nilLiteral: ()) { self = .null }
}

extension DatabaseValue: DatabaseValueConvertible {
  /// Itself.
  public var databaseValue: DatabaseValue { self }

  /// Any value.
  public static func fromDatabaseValue(_ value: DatabaseValue) -> DatabaseValue? { value }
}

/// A value bound to a statement parameter.
public enum SQLiteValue: Equatable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)

  /// An integer, or `NULL` when absent.
  public static func optionalInteger(_ value: Int?) -> SQLiteValue {
    value.map { .integer(Int64($0)) } ?? .null
  }

  /// Text, or `NULL` when the string is absent.
  public static func optionalText(_ string: String?) -> SQLiteValue {
    string.map(SQLiteValue.text) ?? .null
  }
}

extension SQLiteValue: ExpressibleByIntegerLiteral {
  /// An integer literal binds as an integer.
  public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension SQLiteValue: ExpressibleByStringLiteral {
  /// A string literal binds as text.
  public init(stringLiteral value: String) { self = .text(value) }
}

extension SQLiteValue: ExpressibleByNilLiteral {
  /// `nil` binds as `NULL`.
  public init(nilLiteral: ()) { self = .null }
}

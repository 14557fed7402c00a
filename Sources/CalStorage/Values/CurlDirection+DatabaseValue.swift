public import CalCore

extension CurlDirection: DatabaseValueConvertible {
  /// `up-left`, `up-right`, `down-right` or `down-left`.
  public var databaseValue: DatabaseValue { .text(rawValue) }

  /// One of the four directions.
  public static func fromDatabaseValue(_ value: DatabaseValue) -> CurlDirection? {
    guard case .text(let text) = value else { return nil }
    return CurlDirection(rawValue: text)
  }
}

extension CurlDirection.Curl: DatabaseValueConvertible {
  /// `curl` or `uncurl`.
  public var databaseValue: DatabaseValue { .text(rawValue) }

  /// `curl` or `uncurl`.
  public static func fromDatabaseValue(_ value: DatabaseValue) -> CurlDirection.Curl? {
    guard case .text(let text) = value else { return nil }
    return CurlDirection.Curl(rawValue: text)
  }
}

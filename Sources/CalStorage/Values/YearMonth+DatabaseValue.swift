public import CalCore

extension YearMonth: DatabaseValueConvertible {
  /// `YYYY-MM` text.
  public var databaseValue: DatabaseValue { .text(description) }

  /// A valid `YYYY-MM` month.
  public static func fromDatabaseValue(_ value: DatabaseValue) -> YearMonth? {
    guard case .text(let text) = value else { return nil }
    return try? YearMonth(parsing: text)
  }
}

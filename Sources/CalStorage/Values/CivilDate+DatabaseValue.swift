public import CalCore

extension CivilDate: DatabaseValueConvertible {
  /// `YYYY-MM-DD` text, which sorts as the dates do.
  public var databaseValue: DatabaseValue { .text(description) }

  /// A valid `YYYY-MM-DD` date; anything else is not one.
  public static func fromDatabaseValue(_ value: DatabaseValue) -> CivilDate? {
    guard case .text(let text) = value else { return nil }
    return try? CivilDate(parsing: text)
  }
}

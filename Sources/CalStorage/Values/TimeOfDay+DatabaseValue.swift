public import CalCore

extension TimeOfDay: DatabaseValueConvertible {
  /// Minutes after midnight, 0 to 1439.
  public var databaseValue: DatabaseValue { .integer(Int64(minutes)) }

  /// Minutes after midnight within a day.
  public static func fromDatabaseValue(_ value: DatabaseValue) -> TimeOfDay? {
    guard case .integer(let minutes) = value, let minutes = Int(exactly: minutes) else { return nil }
    return TimeOfDay(minutes: minutes)
  }
}

public import CalCore

extension RecurrenceID: DatabaseValueConvertible {
  /// Its RFC 5545 parameter and value, `TZID=Europe/Berlin:20240527T200000`.
  public var databaseValue: DatabaseValue { .text(description) }

  /// A RECURRENCE-ID in the form it is written in.
  public static func fromDatabaseValue(_ value: DatabaseValue) -> RecurrenceID? {
    guard case .text(let text) = value else { return nil }
    return RecurrenceID(parsing: text)
  }
}

public import CalCore

extension RecurrenceRule: DatabaseValueConvertible {
  /// The RFC 5545 RRULE text.
  public var databaseValue: DatabaseValue { .text(description) }

  /// A rule the parser accepts: the same rules on the way out as on the way in.
  public static func fromDatabaseValue(_ value: DatabaseValue) -> RecurrenceRule? {
    guard case .text(let text) = value else { return nil }
    return try? RecurrenceRule(parsing: text)
  }
}

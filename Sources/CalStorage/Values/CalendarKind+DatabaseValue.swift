public import CalCore

extension CalendarKind: DatabaseValueConvertible {
  /// `local`, `caldav` or `subscription`.
  public var databaseValue: DatabaseValue { .text(rawValue) }

  /// One of the three kinds.
  public static func fromDatabaseValue(_ value: DatabaseValue) -> CalendarKind? {
    guard case .text(let text) = value else { return nil }
    return CalendarKind(rawValue: text)
  }
}

extension CalendarColor: DatabaseValueConvertible {
  /// `blue` or `#3366cc`.
  public var databaseValue: DatabaseValue { .text(description) }

  /// A colour as `CalendarColor` reads it.
  public static func fromDatabaseValue(_ value: DatabaseValue) -> CalendarColor? {
    guard case .text(let text) = value else { return nil }
    return CalendarColor(text)
  }
}

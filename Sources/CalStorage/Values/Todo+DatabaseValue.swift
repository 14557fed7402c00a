public import CalCore

extension TodoStatus: DatabaseValueConvertible {
  /// `open`, `started`, `done` or `cancelled`.
  public var databaseValue: DatabaseValue { .text(rawValue) }

  /// One of the four statuses.
  public static func fromDatabaseValue(_ value: DatabaseValue) -> TodoStatus? {
    guard case .text(let text) = value else { return nil }
    return TodoStatus(rawValue: text)
  }
}

extension TodoPriority: DatabaseValueConvertible {
  /// 0 to 9.
  public var databaseValue: DatabaseValue { .integer(Int64(value)) }

  /// A number 0 to 9.
  public static func fromDatabaseValue(_ value: DatabaseValue) -> TodoPriority? {
    guard case .integer(let number) = value, let number = Int(exactly: number) else { return nil }
    return TodoPriority(number)
  }
}

/// A row that could not be added because its table has given out every id: another program gave a row the
/// largest id there is, and a table whose ids are never reused (AUTOINCREMENT) then has none left. SQLite
/// says "database or disk is full" for it, which is not so.
public struct NoIDLeft: Error, Equatable, Sendable {
  /// The table.
  public let table: String
}

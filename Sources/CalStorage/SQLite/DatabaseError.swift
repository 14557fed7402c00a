/// A failure reported by SQLite: the extended result code, SQLite's own message, and the SQL that failed.
///
/// Bound values are deliberately absent: they are the user's private data and must not reach logs or
/// terminals through an error message.
public struct DatabaseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The extended result code, such as 2067 (`SQLITE_CONSTRAINT_UNIQUE`).
  public let extendedResultCode: Int32
  /// The message from `sqlite3_errmsg`.
  public let message: String
  /// The statement that failed, when there was one.
  public let sql: String?

  /// Creates an error from its parts.
  public init(extendedResultCode: Int32, message: String, sql: String? = nil) {
    self.extendedResultCode = extendedResultCode
    self.message = message
    self.sql = sql
  }

  /// The primary result code, such as 19 (`SQLITE_CONSTRAINT`) for every kind of constraint failure.
  public var primaryResultCode: Int32 { extendedResultCode & 0xFF }

  /// Reads like `SQLite error 19: UNIQUE constraint failed: events.uid - while executing `INSERT ...``.
  public var description: String {
    var text = "SQLite error \(primaryResultCode): \(message)"
    if let sql { text += " - while executing `\(sql)`" }
    return text
  }
}

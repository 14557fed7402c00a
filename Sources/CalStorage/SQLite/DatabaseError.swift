/// A failure reported by SQLite: the result code, SQLite's own message, and the SQL that failed.
///
/// Bound values are deliberately absent: they are the user's private data and must not reach logs or
/// terminals through an error message.
public struct DatabaseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The extended result code, such as `.constraintUnique`.
  public let resultCode: ResultCode
  /// The message from `sqlite3_errmsg`.
  public let message: String
  /// The statement that failed, when there was one.
  public let sql: String?
  /// The system's error number (`errno`) of the file operation that failed, such as `EMFILE` when the
  /// process may open no more files; 0 when none is known. Meaningful for `.cannotOpen` and `.ioError`.
  public let systemErrorNumber: Int32
  /// The column whose stored value could not be read, for `.mismatch`; `nil` when not one column's.
  public var column: String?

  /// Creates an error from its parts.
  public init(
    resultCode: ResultCode, message: String, sql: String? = nil, systemErrorNumber: Int32 = 0, column: String? = nil
  ) {
    self.resultCode = resultCode
    self.message = message
    self.sql = sql
    self.systemErrorNumber = systemErrorNumber
    self.column = column
  }

  /// Reads like `SQLite error 19: UNIQUE constraint failed: events.uid - while executing `INSERT ...``.
  public var description: String {
    var text = "SQLite error \(resultCode.primary.rawValue): \(message)"
    if let sql { text += " - while executing `\(sql)`" }
    return text
  }
}

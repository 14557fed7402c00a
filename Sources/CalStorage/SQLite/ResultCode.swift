import CSQLite

/// A SQLite result code, primary or extended, matched by name: `error.resultCode.primary == .busy`.
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The number SQLite uses, such as 2067 for `SQLITE_CONSTRAINT_UNIQUE`.
  public let rawValue: Int32

  /// A code from SQLite's number.
  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// The primary code of an extended one (`.constraintUnique.primary == .constraint`); a primary code is its
  /// own primary.
  public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

  /// SQLite's English text for the code, such as "database is locked".
  public var description: String { String(cString: sqlite3_errstr(rawValue)) }

  /// Success.
  public static let ok = ResultCode(rawValue: SQLITE_OK)
  /// A generic error, such as an SQL syntax error.
  public static let error = ResultCode(rawValue: SQLITE_ERROR)
  /// An internal malfunction of SQLite.
  public static let `internal` = ResultCode(rawValue: SQLITE_INTERNAL)
  /// The file's permissions forbid the access.
  public static let permission = ResultCode(rawValue: SQLITE_PERM)
  /// Interrupted.
  public static let interrupt = ResultCode(rawValue: SQLITE_INTERRUPT)
  /// Another connection holds a lock for longer than the busy timeout.
  public static let busy = ResultCode(rawValue: SQLITE_BUSY)
  /// A lock conflict within one connection.
  public static let locked = ResultCode(rawValue: SQLITE_LOCKED)
  /// Out of memory.
  public static let noMemory = ResultCode(rawValue: SQLITE_NOMEM)
  /// The file, or its folder, cannot be written.
  public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
  /// The operating system reported an input/output error.
  public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
  /// The file is damaged.
  public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
  /// The disk is full.
  public static let full = ResultCode(rawValue: SQLITE_FULL)
  /// The file cannot be opened.
  public static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
  /// The schema changed under a prepared statement.
  public static let schema = ResultCode(rawValue: SQLITE_SCHEMA)
  /// A string or blob is too big.
  public static let tooBig = ResultCode(rawValue: SQLITE_TOOBIG)
  /// A constraint (CHECK, UNIQUE, NOT NULL, FOREIGN KEY) was violated.
  public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
  /// A value of the wrong type.
  public static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
  /// The library was used wrongly.
  public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
  /// The file is not a database.
  public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
  /// A CHECK constraint failed.
  public static let constraintCheck = ResultCode(rawValue: SQLITE_CONSTRAINT | (1 << 8))
  /// A read-only connection cannot make the shared-memory index of a write-ahead log (its folder cannot be
  /// written).
  public static let readOnlyCannotInit = ResultCode(rawValue: SQLITE_READONLY | (5 << 8))
  /// A read-only connection cannot make the files of a write-ahead log: its folder cannot be written.
  public static let readOnlyDirectory = ResultCode(rawValue: SQLITE_READONLY | (6 << 8))
  /// A UNIQUE constraint failed.
  public static let constraintUnique = ResultCode(rawValue: SQLITE_CONSTRAINT | (8 << 8))
  /// A NOT NULL constraint failed.
  public static let constraintNotNull = ResultCode(rawValue: SQLITE_CONSTRAINT | (5 << 8))
  /// A FOREIGN KEY constraint failed.
  public static let constraintForeignKey = ResultCode(rawValue: SQLITE_CONSTRAINT | (3 << 8))
}

import CSQLite
import CSQLiteMemory
import Glibc

/// One connection to a SQLite database file.
///
/// Opening turns on extended result codes, foreign keys and a busy timeout, and reads `sqlite_master` at
/// once, so that a file that is not a database fails here, before anything could write to it.
public final class Database {
  /// Whether opening may create the file.
  public enum OpenMode: Sendable {
    /// Create the file when it is missing.
    case create
    /// Open only a file that exists.
    case existing
  }

  let connection: OpaquePointer
  /// Whether the connection reads the file immutable although the file could be written: its folder cannot
  /// be, and a write needs to make the `-wal` and `-shm` files there.
  let isImmutableForItsFolder: Bool
  private var statementCache: [String: Statement] = [:]
  /// `cal_text_matches`, once a query has used it.
  var textPredicate: TextPredicateFunction?
  private(set) var isClosed = false
  /// The path the connection was opened with.
  public let path: String

  /// Opens the database at `path`.
  ///
  /// - Parameter busyTimeoutMilliseconds: how long a statement waits for another process's lock
  ///   before it fails with `.busy`.
  public init(path: String, mode: OpenMode = .create, busyTimeoutMilliseconds: Int32 = 5_000) throws(DatabaseError) {
    _ = Self.configured
    _ = StopSignal.installed
    (connection, isImmutableForItsFolder) = try Self.openReadable(
      path, flags: SQLITE_OPEN_READWRITE | (mode == .create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX,
      busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    self.path = path
    do {
      try execute("PRAGMA foreign_keys = ON")
    } catch {
      close()
      throw error
    }
  }

  /// A connection to `path` that has read the file once, and whether it reads the file immutable although
  /// the file itself could be written (its folder cannot: see `readsImmutable`).
  ///
  /// A file that cannot be read only because SQLite cannot make its `-wal` or `-shm` file beside it (a
  /// calendar on a read-only disk, or in someone else's folder) is opened again immutable: read without locks
  /// and without its `-shm` file, provided no `-wal` file holds changes the file itself does not have yet.
  /// A file that reads at once costs nothing more.
  private static func openReadable(_ path: String, flags: Int32, busyTimeoutMilliseconds: Int32) throws(DatabaseError)
    -> (OpaquePointer, isImmutableForItsFolder: Bool)
  {
    let connection = try open(path, flags: flags, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    guard let failure = firstRead(connection) else { return (connection, false) }
    let fileCanBeWritten = sqlite3_db_readonly(connection, "main") == 0
    sqlite3_close_v2(connection)
    guard readsImmutable(after: failure, path: path) else { throw failure }
    let immutable = try open(
      immutableURI(path), flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX,
      busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    if let failure = firstRead(immutable) {
      sqlite3_close_v2(immutable)
      throw failure
    }
    return (immutable, fileCanBeWritten)
  }

  /// Reads `sqlite_master` once: what fails with `.notADatabase` for a file that is not a database, before
  /// anything could write to it. The error, or nil when the read worked.
  private static func firstRead(_ connection: OpaquePointer) -> DatabaseError? {
    let sql = "SELECT count(*) FROM sqlite_master"
    guard sqlite3_exec(connection, sql, nil, nil, nil) != SQLITE_OK else { return nil }
    return DatabaseError(connection: connection, sql: sql)
  }

  /// A connection to `path` (a file name, or a URI with `SQLITE_OPEN_URI`), with extended result codes and
  /// the busy timeout on.
  private static func open(_ path: String, flags: Int32, busyTimeoutMilliseconds: Int32) throws(DatabaseError)
    -> OpaquePointer
  {
    var connection: OpaquePointer?
    let code = sqlite3_open_v2(path, &connection, flags, nil)
    guard code == SQLITE_OK, let connection else {
      let error =
        connection.map { DatabaseError(connection: $0, sql: nil) }
        ?? DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errstr(code)))
      sqlite3_close_v2(connection)
      throw error
    }
    sqlite3_extended_result_codes(connection, 1)
    StopSignal.waitForLocks(on: connection, milliseconds: busyTimeoutMilliseconds)
    return connection
  }

  /// Whether a file whose first read failed with `failure` can be read immutable: it failed because a calendar
  /// in write-ahead-log mode needs its `-shm` file and the folder forbids making one, and no `-wal` file holds
  /// changes that reading the file alone would miss.
  private static func readsImmutable(after failure: DatabaseError, path: String) -> Bool {
    guard failure.resultCode == .readOnlyCannotInit || failure.resultCode == .readOnlyDirectory else { return false }
    var status = stat()
    return stat(path + "-wal", &status) != 0 ? errno == ENOENT : status.st_size == 0
  }

  /// `path` as a URI that opens it immutable: read without locks and without its `-shm` file.
  private static func immutableURI(_ path: String) -> String {
    var uri = Array((path.hasPrefix("/") ? "file://" : "file:").utf8)
    let digits = Array("0123456789ABCDEF".utf8)
    for byte in path.utf8 {
      // What a URI's path cannot hold as it is: %, ?, # (and the rest SQLite decodes anyway).
      if byte == UInt8(ascii: "%") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || byte < 0x21
        || byte >= 0x7F
      {
        uri += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
      } else {
        uri.append(byte)
      }
    }
    return String(decoding: uri, as: UTF8.self) + "?immutable=1"
  }

  deinit {
    guard staysOpenUnlessWritten && !hasWritten else { return close() }
    // The process ends: its statements are left for the exit too (finalizing each frees its program).
    for statement in statementCache.values { _ = Unmanaged.passRetained(statement) }
  }

  /// Whether releasing the connection leaves it open when it wrote nothing; see
  /// ``CalendarStore/leaveOpenUntilExit()``.
  var staysOpenUnlessWritten = false
  /// Whether a write transaction began on this connection.
  var hasWritten = false

  /// SQLite's process-wide settings, made once before the first connection opens.
  private static let configured: Void = {
    _ = cal_sqlite3_use_small_block_allocator()
    _ = cal_sqlite3_disable_memory_statistics()
    _ = cal_sqlite3_disable_initial_page_cache()
  }()

  /// Finalizes every cached statement, then closes the connection. Safe to call twice.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    statementCache.removeAll()
    sqlite3_close_v2(connection)
  }

  /// Runs one statement to completion.
  public func execute(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws(DatabaseError) {
    let statement = try cachedStatement(sql)
    defer { statement.reset() }
    try statement.bind(arguments)
    while try statement.step() {}
  }

  /// Runs a script of several statements, such as a migration. Takes no arguments.
  public func executeScript(_ sql: String) throws(DatabaseError) {
    var errorMessage: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(connection, sql, nil, nil, &errorMessage)
    guard code == SQLITE_OK else {
      let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
      sqlite3_free(errorMessage)
      throw DatabaseError(
        resultCode: ResultCode(rawValue: sqlite3_extended_errcode(connection)), message: message, sql: sql,
        systemErrorNumber: sqlite3_system_errno(connection))
    }
  }

  /// Runs a query and turns each row into a value.
  public func fetch<Value>(
    _ sql: String, _ arguments: [any DatabaseValueConvertible] = [], _ read: (Row) throws -> Value
  ) throws -> [Value] {
    var values: [Value] = []
    try forEach(sql, arguments) { row in
      values.append(try read(row))
      return true
    }
    return values
  }

  /// Runs a query and hands each row to `body` as it is read; stops early when `body` returns false, so
  /// rows nobody needs are never read.
  public func forEach(
    _ sql: String, _ arguments: [any DatabaseValueConvertible] = [], _ body: (Row) throws -> Bool
  ) throws {
    let statement = try cachedStatement(sql)
    defer { statement.reset() }
    try statement.bind(arguments)
    let row = Row(statement: statement)
    while try statement.step() {
      guard try body(row) else { return }
    }
  }

  /// Runs a query and turns its first row into a value; `nil` when there is no row.
  public func fetchOne<Value>(
    _ sql: String, _ arguments: [any DatabaseValueConvertible] = [], _ read: (Row) throws -> Value
  ) throws -> Value? {
    let statement = try cachedStatement(sql)
    defer { statement.reset() }
    try statement.bind(arguments)
    guard try statement.step() else { return nil }
    return try read(Row(statement: statement))
  }

  /// The rowid of the last row this connection inserted.
  public var lastInsertedRowID: Int64 {
    sqlite3_last_insert_rowid(connection)
  }

  /// How many rows the last INSERT, UPDATE or DELETE changed.
  public var changedRowCount: Int {
    Int(sqlite3_changes64(connection))
  }

  /// Whether the connection is inside a transaction.
  public var isInTransaction: Bool {
    sqlite3_get_autocommit(connection) == 0
  }

  /// Whether the main database's file is no longer at the path it was opened at (removed, or another file
  /// renamed over it): what this connection reads and writes then, no other program will see.
  public var hasMoved: Bool {
    guard !isClosed else { return false }
    var moved: Int32 = 0
    guard sqlite3_file_control(connection, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK else { return false }
    return moved != 0
  }

  /// Sets an integer file control of the main database, such as `SQLITE_FCNTL_PERSIST_WAL`.
  func setFileControl(_ operation: Int32, _ value: Int32) {
    var value = value
    sqlite3_file_control(connection, "main", operation, &value)
  }

  /// A statement of its own, for code that keeps it and runs it many times (an import): no cache lookup,
  /// which hashes the whole SQL text, on each run.
  func prepare(_ sql: String) throws(DatabaseError) -> Statement {
    precondition(!isClosed, "statement prepared on a closed database: \(sql)")
    return try Statement(connection: connection, sql: sql)
  }

  private func cachedStatement(_ sql: String) throws(DatabaseError) -> Statement {
    precondition(!isClosed, "statement run on a closed database: \(sql)")
    if let statement = statementCache[sql] { return statement }
    let statement = try Statement(connection: connection, sql: sql)
    statementCache[sql] = statement
    return statement
  }
}

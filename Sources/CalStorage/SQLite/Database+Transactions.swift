import CSQLite
import Glibc

/// Transactions and connection-wide settings.
extension Database {
  /// Runs `body` in a `BEGIN IMMEDIATE` transaction: commits when it returns, rolls back when it throws.
  ///
  /// Immediate, because a deferred transaction that reads first and writes later can fail with
  /// `SQLITE_BUSY` that no busy timeout cures; an immediate one waits for the write lock up front.
  public func writeTransaction<Value>(_ body: () throws -> Value) throws -> Value {
    precondition(!isInTransaction, "write transactions do not nest")
    hasWritten = true
    do {
      try execute("BEGIN IMMEDIATE")
      let value: Value
      do {
        value = try body()
      } catch let error as DatabaseError where error.resultCode == .interrupt {
        // SQLite rolls back a transaction whose writing statement it interrupted, but not one interrupted
        // while it read.
        if isInTransaction { try? execute("ROLLBACK") }
        throw DatabaseError(resultCode: .interrupt, message: "interrupted; rolled back", sql: error.sql)
      } catch {
        try? execute("ROLLBACK")
        throw error
      }
      do {
        try execute("COMMIT")
      } catch {
        try? execute("ROLLBACK")
        throw error
      }
      return value
    } catch let error as DatabaseError where error.resultCode == .readOnly && isImmutableForItsFolder {
      // A file read immutable for its folder is refused any write as read-only: the folder is the reason (a
      // migration writes before the switch to WAL, which says so itself).
      throw DatabaseError(resultCode: .readOnlyDirectory, message: error.message, sql: error.sql)
    } catch let error as DatabaseError where error.resultCode.primary == .full {
      throw try tableWithoutIDs().map(NoIDLeft.init) ?? error
    }
  }

  /// A table whose ids are never reused that has given out the largest there is, if any: what makes an
  /// insertion fail as "full" on a disk with room to spare.
  private func tableWithoutIDs() throws -> String? {
    let hasSequences = try fetchOne("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'") { _ in true }
    guard hasSequences == true else { return nil }
    return try fetchOne("SELECT name FROM sqlite_sequence WHERE seq >= 9223372036854775807") { try $0[0] as String }
  }

  /// Runs `body` in one read transaction: every query in it sees the same snapshot, and the file is locked
  /// once rather than for each statement.
  public func readTransaction<Value>(_ body: () throws -> Value) throws -> Value {
    precondition(!isInTransaction, "transactions do not nest")
    try execute("BEGIN DEFERRED")
    defer { try? execute("COMMIT") }
    return try body()
  }

  /// Switches the file to write-ahead logging and checks that SQLite really did.
  ///
  /// - Throws: `DatabaseError` when the journal mode stays something else (a file system without shared
  ///   memory, for example): concurrent readers and writers rely on WAL.
  public func enableWriteAheadLog() throws {
    // Switching a new file to WAL needs a lock that SQLite does not wait for (the busy handler is not
    // called), so concurrent first starts retry here, for as long as the busy timeout would have waited.
    var mode: String?
    var waited: UInt32 = 0
    while true {
      do {
        mode = try fetchOne("PRAGMA journal_mode = WAL") { try $0[0] }
        break
      } catch let error as DatabaseError where error.resultCode.primary == .busy && waited < 5_000_000 {
        usleep(2_000)
        waited += 2_000
      }
    }
    guard mode?.lowercased() == "wal" else {
      // A file opened immutable, since it could only be read (see `Database.init`), stays as it was.
      // The folder is the reason when the file itself could be written: SQLite cannot make the log there.
      if sqlite3_db_readonly(connection, "main") == 1 {
        throw DatabaseError(
          resultCode: isImmutableForItsFolder ? .readOnlyDirectory : .readOnly,
          message: "attempt to write a readonly database", sql: "PRAGMA journal_mode = WAL")
      }
      throw DatabaseError(
        resultCode: .error,
        message: "could not switch to WAL journal mode (still \(mode ?? "unknown"))",
        sql: "PRAGMA journal_mode = WAL")
    }
  }

  /// Keeps the `-wal` and `-shm` files when the last connection closes, so that the next start of `cal`
  /// does not create, size and then delete them again (a measurable share of a 2 ms command), but empties
  /// the log after each checkpoint, so that the next start has nothing to recover.
  public func keepWriteAheadLogFiles() throws {
    setFileControl(SQLITE_FCNTL_PERSIST_WAL, 1)
    _ = try fetchOne("PRAGMA journal_size_limit = 0") { try $0[0] as Int64 }
  }

  /// Makes every commit durable: with WAL, `synchronous = FULL` syncs the log at each commit, so a committed
  /// change survives a power cut (`NORMAL` would only survive a crash of the program).
  public func requireDurableCommits() throws(DatabaseError) {
    try execute("PRAGMA synchronous = FULL")
  }
}

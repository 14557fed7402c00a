import Glibc

/// The calendar's file: one connection, up-to-date schema, and the repositories that read and write it.
public final class CalendarStore {
  /// The open connection.
  public let database: Database
  /// The events.
  public let events: EventRepository
  /// The month on view.
  public let viewedMonth: ViewedMonthRepository
  /// The history of page turns and jumps.
  public let transitions: TransitionRepository

  /// Opens the calendar at `path`, creating its folders (mode 0700) and the file (mode 0600) when missing,
  /// and applies pending migrations.
  ///
  /// A file that is not a SQLite database, a database of something else, or one written by a newer `cal`
  /// is refused before anything is written to it.
  public init(path: String, now milliseconds: Int64, migrator: Migrator = Migrator(migrations: BundledMigrations.all))
    throws
  {
    try Self.createFileIfMissing(path)
    let database = try Database(path: path)
    let pending = try migrator.checkCompatibility(of: database)
    try database.enableWriteAheadLog()
    try database.keepWriteAheadLogFiles()
    try database.requireDurableCommits()
    // Every start but the first after an upgrade has nothing to migrate, and skips the second look.
    if !pending.isEmpty { try migrator.migrate(database, now: milliseconds) }
    self.database = database
    self.events = EventRepository(database: database)
    self.viewedMonth = ViewedMonthRepository(database: database)
    self.transitions = TransitionRepository(database: database)
  }

  /// Runs `body` in one write transaction: all of it is stored, or none of it.
  public func write<Value>(_ body: () throws -> Value) throws -> Value {
    try database.writeTransaction(body)
  }

  /// Creates the missing folders of `path` and an empty file there, private to the user. SQLite gives its
  /// `-wal` and `-shm` files the main file's mode, so they stay private too.
  private static func createFileIfMissing(_ path: String) throws {
    if access(path, F_OK) == 0 { return }
    var folder = ""
    let components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    for (index, component) in components.enumerated() {
      folder += (index == 0 ? "" : "/") + component
      guard !folder.isEmpty, !component.isEmpty, component != "." else { continue }
      if mkdir(folder, 0o700) != 0 && errno != EEXIST {
        throw StorageError.cannotCreate(path: folder, reason: String(cString: strerror(errno)))
      }
    }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if descriptor >= 0 {
      close(descriptor)
    } else if errno != EEXIST {  // another process may have created it a moment ago
      throw StorageError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
  }
}

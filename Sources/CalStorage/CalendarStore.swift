import CSQLite
import Glibc

/// The calendar's file: one connection, up-to-date schema, and the repositories that read and write it.
public final class CalendarStore {
  /// The open connection; SQL stays inside this module.
  let database: Database
  /// What opening created (the file first, then its new folders, innermost first): empty for a calendar that
  /// was there.
  private let created: [String]
  /// The events.
  public let events: EventRepository
  /// The month on view.
  public let viewedMonth: ViewedMonthRepository
  /// The history of page turns and jumps.
  public let transitions: TransitionRepository
  /// The calendars events belong to.
  public let calendars: CalendarRepository
  /// What the last sync of each CalDAV calendar left each item as.
  public let syncItems: SyncItemRepository
  /// Reminders due and delivered.
  public let reminders: ReminderRepository
  /// The change log: what `undo`, `redo` and `log` read.
  public let changes: ChangeLogRepository
  /// The to-dos.
  public let todos: TodoRepository

  /// The file's path.
  public var path: String { database.path }

  /// Opens the calendar at `path` and applies pending migrations. With `.create`, missing folders (mode
  /// 0700) and the file (mode 0600) are created; with `.existing`, a missing file is an error.
  ///
  /// A file that is not a SQLite database, a database of something else, or one written by a newer `cal`
  /// is refused before anything is written to it.
  public convenience init(
    path: String, mode: Database.OpenMode = .create, now milliseconds: Int64,
    migrator: Migrator = Migrator(migrations: BundledMigrations.all, applicationID: BundledMigrations.applicationID)
  ) throws {
    var created: [String] = []
    var adopted: mode_t?
    switch mode {
    case .create:
      created = try Self.createFileIfMissing(path)
      var status = stat()
      if created.isEmpty && stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG && status.st_size == 0 {
        adopted = status.st_mode & 0o7777
      }
    case .existing:
      var status = stat()
      guard stat(path, &status) == 0 else {
        // A folder on the way that may not be searched, or a loop of links, hides whether a calendar is
        // there: say so, not that there is none.
        guard errno != ENOENT && errno != ENOTDIR else { throw StorageError.noCalendar(path: path) }
        throw StorageError.cannotRead(path: path, reason: String(cString: strerror(errno)))
      }
      // An empty file is no calendar yet, and a command that may not create one leaves it as it is.
      if (status.st_mode & S_IFMT) == S_IFREG && status.st_size == 0 { throw StorageError.noCalendar(path: path) }
    }
    let database: Database
    do {
      database = try Self.connect(path, now: milliseconds, migrator: migrator)
    } catch {
      // A calendar this run began to create and could not finish (a full disk, say) leaves nothing behind.
      Self.remove(created)
      throw error
    }
    self.init(database: database, created: created, isInMemory: false)
    adoptedEmptyFile = adopted
  }

  /// The mode an empty file had before opening made it a calendar, or `nil` when it was not one.
  private var adoptedEmptyFile: mode_t?

  /// An empty calendar in memory with the schema of a new file, gone when closed: what a command that reads,
  /// or that changes what is there (which is nothing), sees where no calendar file exists yet, so that it
  /// creates none (`cal` alone, put ahead of cal(1), must leave no database behind). What is written to it is
  /// dropped with it.
  public convenience init(
    inMemoryAt milliseconds: Int64,
    migrator: Migrator = Migrator(migrations: BundledMigrations.all, applicationID: BundledMigrations.applicationID)
  ) throws {
    let database = try Database(path: ":memory:", mode: .create)
    try migrator.migrate(database, now: milliseconds)
    try EventTriggers.install(EventTriggers.all, on: database)
    self.init(database: database, created: [], isInMemory: true)
  }

  private init(database: Database, created: [String], isInMemory: Bool) {
    self.database = database
    self.created = created
    self.isInMemory = isInMemory
    // Memory has no write-ahead log to switch to.
    self.isPreparedForWriting = isInMemory
    self.events = EventRepository(database: database)
    self.viewedMonth = ViewedMonthRepository(database: database)
    self.transitions = TransitionRepository(database: database)
    self.calendars = CalendarRepository(database: database)
    self.syncItems = SyncItemRepository(database: database)
    self.reminders = ReminderRepository(database: database)
    self.changes = ChangeLogRepository(database: database, recording: ChangeRecording())
    self.todos = TodoRepository(database: database)
  }

  /// Whether this calendar is in memory (``init(inMemoryAt:migrator:)``), not a file.
  public let isInMemory: Bool

  /// Whether nothing at all is at `path` (not even a dangling link): nothing has its name, or a folder on
  /// its way is a file (`HOME` naming a file), so that nothing can. `nil` when that cannot be told (a folder
  /// the user may not search, a loop of links), for a calendar may be there: opening it says why it cannot
  /// be reached.
  public static func isMissing(_ path: String) -> Bool? {
    var status = stat()
    guard lstat(path, &status) != 0 else { return false }
    return errno == ENOENT || errno == ENOTDIR ? true : nil
  }

  /// The connection to the calendar at `path`, its schema brought up to date.
  private static func connect(_ path: String, now milliseconds: Int64, migrator: Migrator) throws -> Database {
    // A calendar is a regular file: SQLite would happily open a FIFO or a device (and its journal would be
    // made beside it), and a folder fails later with a vaguer message.
    var status = stat()
    if stat(path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG {
      throw StorageError.notARegularFile(path: path, isFolder: (status.st_mode & S_IFMT) == S_IFDIR)
    }
    if status.st_nlink > 1 { throw StorageError.severalNames(path: path, count: Int(status.st_nlink)) }
    let database = try Database(path: path, mode: .existing)
    let pending = try migrator.checkCompatibility(of: database)
    if pending.count == migrator.migrations.count {
      // A new calendar (or an empty file adopted as one) is private, whatever the umask and however the
      // path reached it (a symlink, say); the -wal and -shm files SQLite makes next take the same mode.
      try makePrivate(path)
    }
    // Every start but the first after an upgrade has nothing to migrate, and skips the second look; the
    // settings for writing wait for the first write, so that a command that only reads does not pay for
    // them. The migrations run before the switch to WAL, which rewrites the header: a file refused on the
    // way is left exactly as it was.
    if !pending.isEmpty {
      do {
        try migrator.migrate(database, now: milliseconds)
      } catch let error as DatabaseError where error.resultCode == .error {
        // A migration's SQL that does not fit the tables found (no such column, no such table) means the
        // file holds someone else's tables under cal's names; the failed step was rolled back.
        throw SchemaError.notACalendar(path: path)
      }
      try Self.prepareForWriting(database)
    }
    return database
  }

  /// Runs `body` in one write transaction: all of it is stored, or none of it, durably, in write-ahead
  /// logging.
  public func write<Value>(_ body: () throws -> Value) throws -> Value {
    try prepareForWriting()
    let value = try database.writeTransaction(body)
    hasCommitted = true
    return value
  }

  /// Whether a write transaction of this store committed: a calendar that holds a change is never discarded.
  public private(set) var hasCommitted = false

  /// Whether the connection is set up for writing (outside a transaction, where the settings take).
  private var isPreparedForWriting = false

  /// Sets the connection up for writing, once.
  private func prepareForWriting() throws {
    guard !isPreparedForWriting else { return }
    try Self.prepareForWriting(database)
    isPreparedForWriting = true
  }

  /// Write-ahead logging (checked), its files kept between commands, durable commits, and the triggers a
  /// writer keeps (``EventTriggers``).
  private static func prepareForWriting(_ database: Database) throws {
    try database.enableWriteAheadLog()
    try database.keepWriteAheadLogFiles()
    try database.requireDurableCommits()
    try EventTriggers.install(EventTriggers.all, on: database)
  }

  /// Runs `body` in one write transaction recorded in the change log as one change of `kind`: what it does to
  /// the logged tables is kept, so that the change can be undone and redone.
  ///
  /// - Parameters:
  ///   - label: what the front end calls the change (the command line), kept with it.
  ///   - body: does the change and says in words what it did.
  public func write<Value>(
    recording kind: String, label: String?, at milliseconds: Int64, _ body: () throws -> (Value, summary: String)
  ) throws -> Value {
    try prepareForWriting()
    let value = try database.writeTransaction {
      try changes.begin(kind: kind, label: label, at: milliseconds)
      defer { changes.recording.end() }
      let (value, summary) = try body()
      try changes.finish(summary: summary)
      return value
    }
    hasCommitted = true
    return value
  }

  /// Leaves the connection open when the store is released, for a process that ends right after: closing
  /// frees the parsed schema and every statement, work the exit does for nothing (a tenth of a short
  /// command). Only when it wrote nothing (migrations included): a connection that wrote closes, so that the
  /// last one out copies the log into the file.
  public func leaveOpenUntilExit() {
    database.staysOpenUnlessWritten = true
  }

  /// Whether the file this store has open is no longer the one at its path (removed, or replaced by a
  /// rename); always false in memory.
  public var hasMoved: Bool { !isInMemory && database.hasMoved }

  /// For a file that moved (`hasMoved`): copies what the write-ahead log holds into the file this store
  /// has open and empties the log. The `-wal` and `-shm` files go by the path, so the file now there would
  /// otherwise read this file's changes from them as its own.
  public func emptyLogOfMovedFile() {
    _ = try? database.fetchOne("PRAGMA wal_checkpoint(TRUNCATE)") { try $0[0] as Int64 }
  }

  /// Whether opening created the calendar file, or made an empty file one.
  public var isNew: Bool { !created.isEmpty || adoptedEmptyFile != nil }

  /// Undoes what opening did to the file, when it created it or made an empty file a calendar and nothing
  /// was committed since: a command that failed leaves nothing behind (a new file and its folders removed,
  /// an empty one empty again with its mode). A calendar that was there, or that holds a change, is left.
  public func discardIfNew() {
    guard isNew, !hasCommitted else { return }
    database.close()
    Self.remove(created)
    if let mode = adoptedEmptyFile {
      for suffix in ["-wal", "-shm", "-journal"] { unlink(path + suffix) }
      _ = truncate(path, 0)
      _ = chmod(path, mode)
    }
  }

  /// Removes `created`: the calendar file with its `-wal`, `-shm` and `-journal`, then the folders.
  private static func remove(_ created: [String]) {
    guard let file = created.first else { return }
    for suffix in ["-wal", "-shm", "-journal", ""] { unlink(file + suffix) }
    for folder in created.dropFirst() { rmdir(folder) }
  }

  /// Runs `body` in one read transaction: every query in it sees the same snapshot.
  public func read<Value>(_ body: () throws -> Value) throws -> Value {
    try database.readTransaction(body)
  }

  /// Lets a large write keep up to 32 MiB of pages in memory (SQLite's default is 2 MiB, which spills
  /// pages to the log over and over); beyond that, uncommitted pages go to the log, so that an import of any
  /// size runs in bounded memory and stays all-or-nothing. A statement's own journal (the pages one
  /// statement of many rows changes, to undo it alone) stays in memory too, instead of a temporary file
  /// written page by page.
  public func prepareForBulkWrite() throws {
    try database.execute("PRAGMA cache_size = -32768")
    try database.execute("PRAGMA temp_store = MEMORY")
  }

  /// Runs `body` with at most 32 pages of the file kept in memory (SQLite's default is 2 MiB), then puts
  /// the cache back as it was. A read that meets each page once (a month's rows lie all over the file) gets
  /// a fresh buffer for every page from a cache that grows, and each new buffer costs a page fault, more than
  /// reading the page again: a small cache reuses its buffers. 32 pages hold what every query here keeps
  /// going back to (the indexes' and the table's upper pages), so nothing is read twice.
  public func withSmallPageCache<Value>(_ body: () throws -> Value) throws -> Value {
    let previous = try database.fetchOne("PRAGMA cache_size") { try $0[0] as Int64 } ?? -2000
    try database.execute("PRAGMA cache_size = 32")
    defer { try? database.execute("PRAGMA cache_size = \(previous)") }
    return try body()
  }

  /// Creates the missing folders of `path` and an empty file there, private to the user.
  ///
  /// - Returns: what this call created: the file first, then the folders, innermost first; empty when the
  ///   file was there already (or another process created it a moment ago).
  private static func createFileIfMissing(_ path: String) throws -> [String] {
    var status = stat()
    if stat(path, &status) == 0 { return [] }
    if path.hasSuffix("/") { throw StorageError.notARegularFile(path: path, isFolder: true) }
    var folders: [String] = []
    var folder = ""
    let components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    for (index, component) in components.enumerated() {
      folder += (index == 0 ? "" : "/") + component
      guard !folder.isEmpty, !component.isEmpty, component != "." else { continue }
      if mkdir(folder, 0o700) == 0 {
        folders.insert(folder, at: 0)
      } else if errno != EEXIST {
        let reason = String(cString: strerror(errno))
        for made in folders { rmdir(made) }
        throw StorageError.cannotCreate(path: folder, reason: reason)
      }
    }
    var descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if descriptor < 0 && errno == EEXIST {
      // Another process created it a moment ago, or the path is a dangling symlink, which O_EXCL refuses:
      // the file it points to is created through it.
      guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK, stat(path, &status) != 0 else {
        return []
      }
      descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
    }
    guard descriptor >= 0 else {
      let reason = String(cString: strerror(errno))
      for made in folders { rmdir(made) }
      throw StorageError.cannotCreate(path: path, reason: reason)
    }
    close(descriptor)
    return [path] + folders
  }

  /// Mode 0600 for the file and any `-wal` and `-shm` beside it.
  private static func makePrivate(_ path: String) throws {
    guard chmod(path, 0o600) == 0 else {
      throw StorageError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
    }
    for suffix in ["-wal", "-shm", "-journal"] { _ = chmod(path + suffix, 0o600) }
  }
}

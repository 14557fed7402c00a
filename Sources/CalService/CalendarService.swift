import CalCore
import CalStorage
import Glibc

/// What `cal` does, for every front end: page-flip navigation, the agenda, editing, import and export,
/// over one calendar file, with the clock and the zones taken from the environment it is given.
public final class CalendarService {
  /// Whether a call may create the calendar file.
  public enum Access: Sendable {
    /// Reading only: a file named by the user must exist (a typo must not look like an empty calendar);
    /// a missing one at the default location reads as an empty calendar, and is not created.
    case read
    /// Writing: the file and its folders are created when missing.
    case write
    /// Changing what is there (an event by id, the last change): like reading, a file named by the user
    /// must exist, for a missing one holds nothing to change, and a missing default one is not created.
    case modify
  }

  let store: CalendarStore
  /// The clock, the user's zone and the zone loader.
  public let environment: ServiceEnvironment
  /// What the front end calls the changes it makes through this service (the command line as typed), kept
  /// with each in the change log; `nil` for none. The service names and records the changes themselves.
  public var changeLabel: String?

  /// The calendar file's path.
  public var path: String { store.path }

  /// Whether this is the empty calendar in memory that stands for a default calendar not made yet.
  public var isInMemory: Bool { store.isInMemory }

  /// Leaves the calendar open when the service is released, for a front end whose process ends right after
  /// (a command that only read): the exit frees what closing would.
  public func leaveOpenUntilExit() {
    store.leaveOpenUntilExit()
  }

  /// Undoes what opening did to the calendar file when it created it (and its folders) or made an empty file
  /// a calendar, and nothing was committed since: for a command that failed, so that it leaves nothing behind.
  public func discardIfNew() {
    store.discardIfNew()
  }

  /// Whether a change was stored through this calendar since it was opened.
  public var hasChanged: Bool { store.hasCommitted }

  init(store: CalendarStore, environment: ServiceEnvironment) {
    self.store = store
    self.environment = environment
  }

  /// Opens the calendar at `location`, creating it when `access` (or the default location) allows, and
  /// bringing its schema up to date.
  public static func open(_ location: CalendarLocation, for access: Access, environment: ServiceEnvironment) throws
    -> CalendarService
  {
    var mode: Database.OpenMode = access == .write || location.isDefault ? .create : .existing
    do {
      // Reading the default calendar before it exists, or changing what is in it, reads an empty one and
      // creates nothing (there is nothing to change: the command says so). One that may be there but cannot
      // be reached is opened as it is, which says why, rather than created (`cannot create ~/.local`).
      if access != .write && location.isDefault {
        switch CalendarStore.isMissing(location.path) {
        case true?:
          return CalendarService(store: try CalendarStore(inMemoryAt: environment.now()), environment: environment)
        case nil: mode = .existing
        case false?: break
        }
      }
      let store = try CalendarStore(path: location.path, mode: mode, now: environment.now())
      return CalendarService(store: store, environment: environment)
    } catch {
      throw Self.translated(error, path: location.path)
    }
  }

  /// Whether the calendar file this service has open is no longer the one at its path: removed, or replaced
  /// by another file renamed over it (a sync tool, a restored backup). Changes made through it then reach no
  /// other program and are lost, and another `cal`'s are not seen: a front end that stays open checks this
  /// before it reads or writes.
  public var fileHasMoved: Bool { store.hasMoved }

  /// Once `fileHasMoved`: leaves the file now at the path as it is, by emptying the log beside it, which
  /// still holds this calendar's last changes (they go into the file this service has open). Use nothing of
  /// the service after this.
  public func letGoOfMovedFile() {
    store.emptyLogOfMovedFile()
  }

  /// Runs `body`, turning storage failures into service errors; other errors (a front end's own, thrown
  /// from a closure it handed in) pass through unchanged.
  func perform<Value>(_ body: () throws -> Value) throws -> Value {
    do {
      return try body()
    } catch {
      throw Self.translated(error, path: store.path)
    }
  }

  /// Runs `body` in one write transaction, with storage failures translated.
  func write<Value>(_ body: () throws -> Value) throws -> Value {
    try perform { try store.write(body) }
  }

  /// Runs `body` in one write transaction that the change log records as one change of `kind`, so that it can
  /// be undone; `body` returns its result and what it did, in words.
  func write<Value>(recording kind: String, _ body: () throws -> (Value, summary: String)) throws -> Value {
    try perform { try store.write(recording: kind, label: changeLabel, at: environment.now(), body) }
  }

  /// The service error for a storage failure at `path`, in words; anything else unchanged.
  static func translated(_ error: any Error, path: String) -> any Error {
    switch error {
    case let error as StorageError:
      return ServiceError(.storage, error.description)
    case let error as SchemaError:
      return ServiceError(.storage, error.description)
    case let error as NoIDLeft:
      return ServiceError(
        .storage,
        "the calendar file has no new id left in its table \(error.table): another program gave a row the largest "
          + "id there is; nothing was changed")
    case let row as DamagedRow:
      let name =
        switch row.table {
        case "events": "event #\(row.id)"
        case "calendars": "calendar #\(row.id)"
        case "reminders": "reminder #\(row.id)"
        default: "row \(row.id) of \(row.table)"
        }
      let columns = row.columns.concatenated(separator: " or ")
      return ServiceError(
        .storage,
        row.kind == .unreadable
          ? "the calendar file has a damaged row: \(name) (its \(columns) holds a value cal cannot read, from "
            + "another program)"
          : "the calendar file has a damaged row: \(name) (its \(columns) holds a value cal never writes, from "
            + "another program); nothing was changed")
    case let error as DatabaseError where error.resultCode == .interrupt:
      let signal = StopSignal.stoppedBy ?? SIGINT
      let name = signal == SIGTERM ? "SIGTERM" : signal == SIGINT ? "SIGINT" : "signal \(signal)"
      let rolledBack = error.message.hasSuffix("rolled back") ? ": the change was rolled back, nothing was changed" : ""
      return ServiceError(.stopped(signal: signal), "stopped by \(name)\(rolledBack)", detail: error.description)
    case let error as DatabaseError:
      let busy = error.resultCode.primary == .busy || error.resultCode.primary == .locked
      return ServiceError(busy ? .busy : .storage, describe(error, path: path), detail: error.description)
    default:
      return error
    }
  }

  /// One line for a SQLite failure, by its result code.
  private static func describe(_ error: DatabaseError, path: String) -> String {
    switch error.resultCode.primary {
    case .notADatabase: return "the calendar file is not a SQLite database (it was left untouched)"
    case .busy, .locked: return "the calendar file is busy: another cal kept it locked for too long; try again"
    case .cannotOpen:
      var status = stat()
      let exists = stat(path, &status) == 0
      if exists && (status.st_mode & S_IFMT) == S_IFDIR {
        return "cannot open the calendar file \(path): it is a folder"
      }
      // The system's reason, unless it is about another file: SQLite's last try may have been its -shm
      // (in a folder that cannot be written), whose absence is no news about the calendar file itself.
      let aboutAnotherFile = error.systemErrorNumber == ENOENT && exists
      guard error.systemErrorNumber != 0, !aboutAnotherFile else { return "cannot open the calendar file \(path)" }
      return "cannot open the calendar file \(path): \(String(cString: strerror(error.systemErrorNumber)))"
    case .readOnly where error.resultCode == .readOnlyDirectory:
      let (folder, name) = folderAndName(of: path)
      return "cannot change the calendar file \(path): its folder \(folder) cannot be written, and SQLite needs "
        + "to make \(name)-wal and \(name)-shm there"
    case .readOnly: return "the calendar file \(path) is read-only"
    case .full: return "no space left on the device for the calendar file \(path)"
    case .ioError:
      return sqlite3SystemErrorIsNoSpace(error)
        ? "no space left on the device for the calendar file \(path)"
        : "the calendar file \(path) could not be read or written (input/output error)"
    case .corrupt: return "the calendar file \(path) is damaged"
    case .permission: return "no permission to use the calendar file \(path)"
    case .noMemory: return "out of memory"
    case .mismatch: return "the calendar file holds a value that cannot be read (\(error.message))"
    case .constraint where error.resultCode == .constraintCheck:
      // What cal writes passes the file's checks: a row another program damaged stands in the way (a count
      // of simple_days a trigger carries on, say), which no row of the request can be blamed for.
      return "the calendar file refused the change: a row in it breaks the file's own checks (a value cal "
        + "never writes, from another program); nothing was changed"
    case .constraint: return "the calendar file refused the change (\(error.message))"
    case .error where error.message.hasPrefix("no such column: ") || error.message.hasPrefix("no such table: "):
      // The file's own schema lacks what cal made (a byte of it changed, or another program's tables).
      let what = error.message.hasPrefix("no such column: ") ? "column" : "table"
      let name = error.message.dropFirst("no such \(what): ".count)
      return "the calendar file \(path) is damaged or another program's: it has no \(what) \(name), which cal "
        + "made; nothing was changed"
    default: return "the calendar file \(path) cannot be used: \(error.message)"
    }
  }

  /// The folder that holds the file at `path`, as the path names it, and the file's name in it.
  private static func folderAndName(of path: String) -> (folder: Substring, name: Substring) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path[...]) }
    let name = path[path.index(after: slash)...]
    return (slash == path.startIndex ? "/" : path[..<slash], name)
  }

  private static func sqlite3SystemErrorIsNoSpace(_ error: DatabaseError) -> Bool {
    error.message.contains("disk is full") || error.message.contains("No space")
  }
}

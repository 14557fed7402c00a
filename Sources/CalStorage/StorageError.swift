/// A problem with the file system around the database.
public enum StorageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A folder or the database file could not be created.
  case cannotCreate(path: String, reason: String)
  /// Whether a calendar file is at the path cannot be told: a folder on the way may not be searched, or
  /// its links loop.
  case cannotRead(path: String, reason: String)
  /// No calendar file at the path, and the command may not create one.
  case noCalendar(path: String)
  /// The path names a folder, a FIFO or a device, not a file.
  case notARegularFile(path: String, isFolder: Bool)
  /// The database file has more than one name (hard links): SQLite keeps the write-ahead log beside the name
  /// a program opened, so programs using different names neither see each other's changes nor keep the file
  /// whole.
  case severalNames(path: String, count: Int)

  /// One line for the user.
  public var description: String {
    switch self {
    case .cannotCreate(let path, let reason): return "cannot create \(path): \(reason)"
    case .cannotRead(let path, let reason): return "cannot read \(path): \(reason)"
    case .noCalendar(let path): return "no calendar at \(path)"
    case .notARegularFile(let path, let isFolder):
      return "\(path) is \(isFolder ? "a folder" : "not a regular file"), not a calendar file"
    case .severalNames(let path, let count):
      return "the calendar file \(path) has \(count) names (hard links): SQLite keeps its log beside each name, "
        + "so changes made through one are not seen through another and can damage the file; remove the other "
        + "names (a symbolic link is fine)"
    }
  }
}

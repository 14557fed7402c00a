/// A problem with the file system around the database.
public enum StorageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A folder or the database file could not be created.
  case cannotCreate(path: String, reason: String)
  /// No calendar file at the path, and the command may not create one.
  case noCalendar(path: String)
  /// The path names a folder, a FIFO or a device, not a file.
  case notARegularFile(path: String, isFolder: Bool)

  /// One line for the user.
  public var description: String {
    switch self {
    case .cannotCreate(let path, let reason): return "cannot create \(path): \(reason)"
    case .noCalendar(let path): return "no calendar at \(path)"
    case .notARegularFile(let path, let isFolder):
      return "\(path) is \(isFolder ? "a folder" : "not a regular file"), not a calendar file"
    }
  }
}

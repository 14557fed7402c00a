import CalCore

/// A database file that this version of `cal` must not use.
public enum SchemaError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file records migrations this binary does not know: a newer `cal` wrote it.
  case newerThanProgram(path: String, unknownMigrations: [String])
  /// The file is a SQLite database with tables of its own, but not one of `cal`'s.
  case notACalendar(path: String)

  /// One line for the user.
  public var description: String {
    switch self {
    case .newerThanProgram(let path, let unknown):
      return
        "the database \(path) was written by a newer version of cal (schema \(unknown.concatenated(separator: ", ")));"
        + " upgrade cal to use it (the file was left untouched)"
    case .notACalendar(let path):
      return "\(path) is a SQLite database, but not a cal calendar (the file was left untouched)"
    }
  }
}

/// A failure of a service call, in words a user can act on, and of a kind a front end maps to its own
/// outcome (the command line: exit status 64 with the usage line for a request that cannot be done as
/// asked, 1 for the rest).
public struct ServiceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong, broadly.
  public enum Kind: Equatable, Sendable {
    /// The request cannot be carried out as asked (a day a series does not have, a range that runs
    /// backwards): the asker should change it.
    case invalidRequest
    /// What the request names does not exist (an event id).
    case notFound
    /// The calendar file cannot be used (missing, read-only, damaged, full, another program's).
    case storage
    /// Another program (another `cal`) held the calendar file's lock for longer than a change waits: the same
    /// request can work a moment later.
    case busy
    /// The input (an iCalendar file) cannot be read.
    case unreadableInput
    /// A server cannot be reached, or refused the request (CalDAV, a feed).
    case remote
    /// The request clashes with a change made since (an undo of a row that something else changed).
    case conflict
    /// A signal (SIGTERM, SIGINT) stopped the command in the middle of its work, which was rolled back.
    case stopped(signal: Int32)
  }

  /// The kind of failure.
  public let kind: Kind
  /// One line naming the problem, without an `Error:` prefix.
  public let message: String
  /// What a user does not normally need: the SQL that failed, SQLite's own words.
  public let detail: String?

  /// An error of `kind`.
  public init(_ kind: Kind, _ message: String, detail: String? = nil) {
    self.kind = kind
    self.message = message
    self.detail = detail
  }

  /// The message.
  public var description: String { message }
}

public import CalCore

/// What an import did: how many events it added and updated, and what it could not keep, with the reason.
public struct ImportReport: Sendable {
  /// Events that were new.
  public var added = 0
  /// Events whose UID was already in the calendar.
  public var updated = 0
  /// What was left out, each with where and why: `("VTODO", 40, "to-dos are not events")`.
  public var skipped: [(what: String, line: Int?, reason: String)] = []
  /// Events kept, but not exactly: `(line, what was approximated)`.
  public var approximations: [(line: Int, note: String)] = []
}

/// An iCalendar file that cannot be imported.
public struct ImportFailure: Error, Sendable, CustomStringConvertible {
  /// Where and what.
  public let error: ICSError
  /// Whether only some events are at fault, so that importing the others (skipping the invalid ones) is
  /// possible; `false` when the file as a whole cannot be read.
  public let isEventError: Bool

  /// `line 28: DTSTART '20240732' is not a date or a date-time`.
  public var description: String { error.description }
}

/// An iCalendar file read into events, ready to be saved into a calendar.
public struct PreparedImport: Sendable {
  let result: ImportResult

  /// How many events it holds (edited occurrences inside their series).
  public var eventCount: Int { result.events.count }
}

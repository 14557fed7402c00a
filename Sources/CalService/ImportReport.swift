public import CalCore

/// What an import did: how many events it added, updated and left as they were, and what it could not
/// keep, with the reason.
public struct ImportReport: Sendable {
  /// Events that were new.
  public var added = 0
  /// Events whose UID was already in the calendar, changed by the file.
  public var updated = 0
  /// Events whose UID was already in the calendar, with everything the file says: left as they were.
  public var unchanged = 0
  /// To-dos that were new.
  public var addedTodos = 0
  /// To-dos whose UID was already in the calendar, changed by the file.
  public var updatedTodos = 0
  /// To-dos whose UID was already in the calendar, with everything the file says: left as they were.
  public var unchangedTodos = 0
  /// Whether the import kept to-dos (added, updated or unchanged): then what it says counts them apart from
  /// the events.
  public var keptTodos: Bool { addedTodos > 0 || updatedTodos > 0 || unchangedTodos > 0 }
  /// What was left out or approximated.
  public var notes = ImportNotes()

  /// What was left out, each with where and why: `("VTODO", 40, "to-dos are not events")`; at most
  /// ``ImportNotes/maximumKept``.
  public var skipped: [(what: String, line: Int?, reason: String)] { notes.skipped }
  /// How many things were left out in all.
  public var skippedCount: Int { notes.skippedCount }
  /// Events kept, but not exactly: `(line, what was approximated)`; at most ``ImportNotes/maximumKept``.
  public var approximations: [(line: Int, note: String)] { notes.approximations }
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

/// An iCalendar file read into events in memory, ready to be saved into a calendar: its events alone, as a
/// subscription keeps its feed's (its to-dos are left out and named).
public struct PreparedImport: Sendable {
  let result: ImportResult

  /// How many events it holds (edited occurrences inside their series).
  public var eventCount: Int { result.events.count }
}

/// An iCalendar file checked by a first pass (its structure, encoding and size), ready to be read and saved
/// in a second one, event by event.
public struct ImportPlan: Sendable {
  let scan: ICSScan

  /// How many VEVENTs the file holds (edited occurrences counted on their own), for a progress bar.
  public var eventCount: Int { scan.eventCount }
}

public import CalCore
import CalStorage

/// Undo, redo and the change log: every change made through the service (add, edit, remove, import, flip,
/// goto) is recorded with the rows it touched, and can be reverted and made again.
extension CalendarService {
  /// Undoes the newest `count` changes still in effect, newest first, in one transaction.
  ///
  /// - Throws: `ServiceError.notFound` when there are fewer than `count`; `.conflict` when a row one of them
  ///   touched was changed since by something that is not undone with it (a sync, another program). Nothing
  ///   is undone then.
  public func undo(count: Int = 1) throws -> [ChangeRecord] {
    try replay(count: count, verb: "undo", nothing: "there is nothing to undo") { try store.changes.undo(count: $0) }
  }

  /// Makes again the oldest `count` changes undone since the newest change in effect, oldest first.
  ///
  /// - Throws: as `undo`, for changes to redo.
  public func redo(count: Int = 1) throws -> [ChangeRecord] {
    try replay(count: count, verb: "redo", nothing: "there is nothing to redo (a change made after an undo ends redo)")
    {
      try store.changes.redo(count: $0)
    }
  }

  /// The changes, newest first; all that are kept when `limit` is `nil`.
  public func changes(limit: Int? = nil) throws -> [ChangeRecord] {
    try perform { try store.changes.newestFirst(limit: limit) }
  }

  private func replay(count: Int, verb: String, nothing: String, _ body: (Int) throws -> [ChangeRecord]) throws
    -> [ChangeRecord]
  {
    guard count > 0 else { throw ServiceError(.invalidRequest, "the number of changes to \(verb) must be at least 1") }
    do {
      return try store.write {
        let changes = try body(count)
        guard changes.count == count else {
          let only = changes.count == 1 ? "is only 1 change" : "are only \(changes.count) changes"
          throw ServiceError(.notFound, changes.isEmpty ? nothing : "there \(only) to \(verb); nothing was done")
        }
        return changes
      }
    } catch let conflict as ChangeConflict where conflict.cause == .record {
      throw ServiceError(
        .conflict,
        "cannot \(verb) change \(conflict.change.id) (\(conflict.change.summary)): its record in the calendar file is "
          + "missing or damaged (another program changed the change log); nothing was done")
    } catch let conflict as ChangeConflict where conflict.cause == .table {
      throw ServiceError(
        .conflict,
        "cannot \(verb) change \(conflict.change.id) (\(conflict.change.summary)): the table \(conflict.table) of the "
          + "calendar file was replaced by another program (it no longer has the key the change was recorded "
          + "with); nothing was done")
    } catch let conflict as ChangeConflict {
      throw ServiceError(
        .conflict,
        "cannot \(verb) change \(conflict.change.id) (\(conflict.change.summary)): \(Self.describe(conflict)) was "
          + "changed since by something that cannot be undone with it (a sync or another program); nothing was done")
    } catch let error as DatabaseError where error.resultCode.primary == .constraint {
      throw ServiceError(
        .conflict, "cannot \(verb): later changes stand in the way (\(error.message)); nothing was done",
        detail: error.description)
    } catch {
      throw Self.translated(error, path: store.path)
    }
  }

  /// `event #3`, `the month on view`: the row a conflict names, in words.
  private static func describe(_ conflict: ChangeConflict) -> String {
    var id: Int64?
    if case .integer(let number) = conflict.key { id = number }
    switch conflict.table {
    case "events": return id.map { "event #\($0)" } ?? "an event"
    case "event_exceptions": return id.map { "a removed occurrence of event #\($0)" } ?? "a removed occurrence"
    case "reminders": return "a reminder"
    case "viewed_month": return "the month on view"
    case "transitions": return "the page history"
    case "": return "an event another one depends on"
    default: return "a row of \(conflict.table)"
    }
  }
}

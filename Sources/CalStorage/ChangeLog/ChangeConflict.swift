public import CalCore

/// An undo or redo refused because a row the change touched was changed since by something the change log
/// did not record (a sync, another program), or a row that something else now stands where it would go.
public struct ChangeConflict: Error, Sendable {
  /// The change that could not be undone or redone.
  public let change: ChangeRecord
  /// The table of the row.
  public let table: String
  /// The first value of the row's primary key (an event's id).
  public let key: DatabaseValue
  /// What stands in the way.
  public var cause = Cause.row

  /// What stands in the way of an undo or redo.
  public enum Cause: Equatable, Sendable {
    /// A row, changed since.
    case row
    /// The table itself: it is missing, or another program replaced it with one whose key is not the one
    /// the change was recorded with.
    case table
    /// The change's own record in the log: missing or unreadable.
    case record
  }
}

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
  /// Whether the table itself is to blame, not a row: it is missing, or another program replaced it with one
  /// whose key is not the one the change was recorded with.
  public var isTableMismatch = false
}

public import CalCore

/// An undo or redo refused because a row the change touched was changed since by something the change log
/// did not record (a sync, another program).
public struct ChangeConflict: Error, Sendable {
  /// The change that could not be undone or redone.
  public let change: ChangeRecord
  /// The table of the row.
  public let table: String
  /// The row's primary key.
  public let key: [DatabaseValue]
}

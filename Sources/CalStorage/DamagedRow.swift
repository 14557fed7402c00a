/// A row of the calendar file that breaks the file's own checks (a value cal never writes, put there by
/// another program, or by hand with the checks turned off), found when a change to it was refused.
public struct DamagedRow: Error, Equatable, Sendable {
  /// The table of the row.
  public let table: String
  /// The row's id.
  public let id: Int64
  /// The columns whose values break a check, in the table's order: one of them at least was changed.
  public let columns: [String]
}

/// A row of the calendar file holding what cal never writes (put there by another program, or by hand with
/// the checks turned off): a value that cannot be read, or values that break the file's own checks, found
/// when a change to the row was refused.
public struct DamagedRow: Error, Equatable, Sendable {
  /// How the row is damaged.
  public enum Kind: Equatable, Sendable {
    /// A value of the columns cannot be read as what the column holds.
    case unreadable
    /// The values of the columns break a CHECK constraint of the table.
    case breaksChecks
  }

  /// The table of the row.
  public let table: String
  /// The row's id.
  public let id: Int64
  /// The damaged columns, in the table's order: for broken checks, one of them at least was changed.
  public let columns: [String]
  /// How the row is damaged.
  public var kind = Kind.breaksChecks
}

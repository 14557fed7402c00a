/// What a wall-clock reading means in a zone: one instant, none (a clock change skips it), or two (a clock
/// change repeats it). Instants are Unix seconds.
public enum WallClockResolution: Equatable, Sendable {
  /// The reading happens once, at this instant.
  case unique(Int64)
  /// Spring forward: the clocks jump over the reading. `utc` is the reading taken with the offset from
  /// before the change, as RFC 5545 reads it; the clocks show that instant as the reading plus `shiftedBy`
  /// seconds (02:30 becomes 03:30 where the change is an hour).
  case skipped(utc: Int64, shiftedBy: Int)
  /// Fall back: the reading happens twice, first with the offset from before the change, then, later by the
  /// size of the change, with the offset after it.
  case repeated(first: Int64, second: Int64)

  /// The instant RFC 5545 means: the only one, the one read with the offset from before a skip, or the first
  /// of two.
  public var utc: Int64 {
    switch self {
    case .unique(let instant), .skipped(let instant, _), .repeated(let instant, _): return instant
    }
  }
}

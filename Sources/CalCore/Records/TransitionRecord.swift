/// One page turn or jump as stored.
public struct TransitionRecord: Equatable, Sendable {
  /// What moved the page.
  public enum Kind: String, Sendable {
    /// A page turned from a corner.
    case flip
    /// A jump straight to a month.
    case goto
  }

  /// The id; ids grow in the order the transitions happened.
  public let id: Int64
  /// When it happened, in Unix milliseconds.
  public let at: Int64
  /// The corner a flip turned from; `nil` for a jump.
  public let direction: CurlDirection?
  /// The month before.
  public let from: YearMonth
  /// The month after.
  public let to: YearMonth

  /// Creates a record from its fields.
  public init(id: Int64, at: Int64, direction: CurlDirection?, from: YearMonth, to: YearMonth) {
    self.id = id
    self.at = at
    self.direction = direction
    self.from = from
    self.to = to
  }

  /// Whether the page was flipped or jumped.
  public var kind: Kind { direction == nil ? .goto : .flip }
}

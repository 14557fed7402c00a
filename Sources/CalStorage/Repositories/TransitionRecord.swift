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
  /// Whether the page was flipped or jumped.
  public let kind: Kind
  /// The corner a flip turned from, such as `up-left`; `nil` for a jump.
  public let direction: String?
  /// `curl` or `uncurl` for a flip; `nil` for a jump.
  public let curl: String?
  /// The month before, `YYYY-MM`.
  public let fromMonth: String
  /// The month after, `YYYY-MM`.
  public let toMonth: String

  /// Creates a record from its fields.
  public init(
    id: Int64, at: Int64, kind: Kind, direction: String?, curl: String?, fromMonth: String, toMonth: String
  ) {
    self.id = id
    self.at = at
    self.kind = kind
    self.direction = direction
    self.curl = curl
    self.fromMonth = fromMonth
    self.toMonth = toMonth
  }
}

/// One change to the calendar as the change log keeps it: what did it, when, what it did, and whether it
/// has been undone.
public struct ChangeRecord: Equatable, Sendable {
  /// Whether the change is in effect.
  public enum State: String, Sendable {
    /// In effect; `cal undo` reverts the newest of these.
    case done
    /// Undone; `cal redo` brings back the oldest of those newer than the newest change in effect (one made
    /// after an undo ends redo, until it is undone itself).
    case undone
  }

  /// The id; ids grow in the order the changes were made.
  public let id: Int64
  /// When it was made, Unix milliseconds.
  public let at: Int64
  /// What kind of change: `add`, `edit`, `remove`, `import`, `flip`, `goto`, `calendar`.
  public let kind: String
  /// What it did, in words: `added #3 dentist on 2024-05-12`.
  public let summary: String
  /// What the front end called it, such as the command line that made it; `nil` when it named none.
  public let label: String?
  /// Whether it is in effect.
  public let state: State

  /// A record from its fields.
  public init(id: Int64, at: Int64, kind: String, summary: String, label: String?, state: State) {
    self.id = id
    self.at = at
    self.kind = kind
    self.summary = summary
    self.label = label
    self.state = state
  }
}

/// A to-do read from an iCalendar file (a VTODO), in `cal`'s terms.
public struct ImportedTodo: Equatable, Sendable {
  /// What it holds; its UID is always set (made from its content, and numbered, when it had none).
  public var fields: TodoFields
  /// The line of its BEGIN:VTODO.
  public var line: Int

  /// A to-do read from a file.
  public init(fields: TodoFields, line: Int) {
    self.fields = fields
    self.line = line
  }
}

extension ICSImporter {
  /// What a reading does with the to-dos (VTODO) of a file.
  public enum TodoReading: Equatable, Sendable {
    /// Reads them into to-dos.
    case read
    /// Leaves each out, naming it with `reason`.
    case skip(reason: String)

    /// What a reading of events alone does (a CalDAV server's resources, a subscription's feed).
    public static let eventsOnly = TodoReading.skip(reason: "to-dos are not events")
  }
}

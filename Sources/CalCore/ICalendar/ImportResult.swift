/// What an import of components already in memory found: the events, and everything it could not keep,
/// with the reason.
public struct ImportResult: Sendable {
  /// The events, in file order (overrides inside their series; a series with edited occurrences where the
  /// file ends), each UID once.
  public var events: [ImportedEvent] = []
  /// The to-dos, in file order, when the reading read them (``ICSImporter/TodoReading/read``).
  public var todos: [ImportedTodo] = []
  /// What was left out and what was approximated.
  public var notes = ImportNotes()

  /// What was left out, each with where and why: `("VTODO", 40, "to-dos are not events")`.
  public var skipped: [(what: String, line: Int?, reason: String)] { notes.skipped }
  /// Events kept, but not exactly: `(line, what was approximated)`.
  public var approximations: [(line: Int, note: String)] { notes.approximations }
}

import CalCore

/// How a change of the change log is printed: a log line, or a JSON object
/// `{"id", "at", "kind", "summary", "command", "state"}`.
enum ChangePresenter {
  static func json(_ change: ChangeRecord, context: CommandContext) -> JSONValue {
    .object([
      ("id", .integer(change.id)),
      ("at", .string(context.localTimestamp(change.at))),
      ("kind", .string(change.kind)),
      ("summary", .string(change.summary)),
      ("command", .optional(change.label)),
      ("state", .string(change.state.rawValue)),
    ])
  }

  /// `  7  2024-05-12T10:00:00+02:00  add       added #3 dentist on 2024-05-12`, and `(undone)` after a change
  /// that is undone.
  static func logLine(_ change: ChangeRecord, context: CommandContext, idWidth: Int) -> String {
    let id = String(change.id)
    return String(repeating: " ", count: max(0, idWidth - id.count)) + id + "  "
      + context.localTimestamp(change.at) + "  " + DisplayWidth.padded(change.kind, to: 8) + "  "
      + TerminalText.sanitized(change.summary) + (change.state == .done ? "" : " (undone)")
  }

  /// `Undid change 7: added #3 dentist on 2024-05-12`.
  static func replayed(_ verb: String, _ change: ChangeRecord) -> String {
    "\(verb) change \(change.id): \(TerminalText.sanitized(change.summary))"
  }
}

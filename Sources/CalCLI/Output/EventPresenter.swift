import CalStorage

/// How an event is printed: one text line, or a JSON object `{"id", "date", "title", "note"}`.
enum EventPresenter {
  static func json(_ event: EventRecord) -> JSONValue {
    .object([
      ("id", .integer(event.id)), ("date", .string(event.day)), ("title", .string(event.title)),
      ("note", .optional(event.note)),
    ])
  }

  /// `2024-05-12  #3  dentist`, then the note indented on the next line when there is one.
  static func line(_ event: EventRecord) -> String {
    var line = "\(event.day)  #\(event.id)  \(TerminalText.sanitized(event.title))"
    if let note = event.note, !note.isEmpty {
      line += "\n" + String(repeating: " ", count: 12) + TerminalText.sanitized(note)
    }
    return line
  }
}

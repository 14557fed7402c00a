import CalCore
import CalService

/// How to-dos are printed: one line each, as todoman lists them, or JSON objects with the documented fields.
enum TodoPresenter {
  /// `[ ] 2024-05-31        !!!  #1  file taxes @ the office (overdue)`: the status box (`[ ]` open, `[~]`
  /// started, `[x]` done, `[-]` cancelled), when it is due on the user's clock (a column as wide as a date
  /// and a time), the priority's marks, the id, the title and the place, and what the reader should know:
  /// overdue, due today, when it was done.
  static func line(_ item: TodoItem, context: CommandContext) -> String {
    let record = item.record
    let clock = context.locale.clock
    let dueWidth = 11 + clock.widestTime
    var due = ""
    if let day = item.dueDay {
      due = day.description
      if let time = item.dueTime { due += " " + time.description(on: clock) }
    }
    due += String(repeating: " ", count: max(0, dueWidth - due.count))
    if item.isOverdue && context.stylesOutput { due = "\u{1B}[31m" + due + "\u{1B}[0m" }
    let marks = record.fields.priority.marks
    var line = box(record.status) + " " + due + " " + marks + String(repeating: " ", count: 3 - marks.count)
    line += "  #\(record.id)  " + TerminalText.sanitized(record.title)
    if let location = record.fields.location { line += " @ " + TerminalText.sanitized(location) }
    if item.isOverdue {
      line += " (overdue)"
    } else if item.isDueToday {
      line += " (due today)"
    }
    if record.status == .done, let completed = record.fields.completedAt,
      let done = context.localZone.wallClock(atUTC: completed.floorDivided(by: 1000))
    {
      line += " (done \(done.date))"
    }
    return line
  }

  /// The note's lines, each indented under the to-do.
  static func noteLines(_ item: TodoItem) -> [String] {
    guard let note = item.record.fields.note, !note.isEmpty else { return [] }
    return TerminalText.sanitizedLines(note).map { "    " + $0 }
  }

  /// `[ ]`, `[~]`, `[x]` or `[-]`.
  static func box(_ status: TodoStatus) -> String {
    switch status {
    case .open: return "[ ]"
    case .started: return "[~]"
    case .done: return "[x]"
    case .cancelled: return "[-]"
    }
  }

  /// `{"id", "title", "note", "location", "due", "timeZone", "priority", "status", "completed", "overdue",
  /// "calendar"}`: `due` is a date for a day, a timestamp on the user's clock for a time, or null;
  /// `priority` RFC 5545's number (1 highest, 9 lowest, 0 none); `status` open, started, done or
  /// cancelled; `completed` when it was done, or null.
  static func json(_ item: TodoItem, context: CommandContext) -> JSONValue {
    let record = item.record
    let due: JSONValue
    if let instant = item.dueInstant, item.dueTime != nil {
      due = .string(context.localTimestamp(instant))
    } else {
      due = .optional(item.dueDay?.description)
    }
    return .object([
      ("id", .integer(record.id)), ("title", .string(record.title)), ("note", .optional(record.fields.note)),
      ("location", .optional(record.fields.location)), ("due", due),
      ("timeZone", .optional(record.fields.due?.timeZone)), ("priority", .integer(Int64(record.fields.priority.value))),
      ("status", .string(record.status.rawValue)),
      ("completed", .optional(record.fields.completedAt.map(context.localTimestamp))),
      ("overdue", .bool(item.isOverdue)), ("calendar", .string(item.calendarName)),
    ])
  }

  /// What a command did to `item`: `Added: [ ] ...`, or its JSON object.
  static func report(_ verb: String, _ item: TodoItem, asJSON: Bool, context: CommandContext) -> [String] {
    if asJSON { return [json(item, context: context).serialized] }
    return ["\(verb): " + line(item, context: context)]
  }
}

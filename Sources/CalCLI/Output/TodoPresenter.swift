import CalCore
import CalService

/// How to-dos are printed: one line each, as todoman lists them, or JSON objects with the documented fields.
enum TodoPresenter {
  /// The widths of a listing's columns: of when to-dos are due (0: none is) and of their priority's marks
  /// (0: none has one), so that the titles of a listing line up and no column is there that all leave empty.
  struct Layout {
    let dueWidth: Int
    let marksWidth: Int

    /// The columns `items` need.
    init(_ items: [TodoItem], context: CommandContext) {
      dueWidth = items.map { $0.dueText(on: context.locale.clock).count }.max() ?? 0
      marksWidth = items.map { $0.record.fields.priority.marks.count }.max() ?? 0
    }
  }

  /// `[ ] 2024-05-31 17:00  !!!  #1  file taxes @ the office (overdue)`: the status box (`[ ]` open, `[~]`
  /// started, `[x]` done, `[-]` cancelled), when it is due on the user's clock, the priority's marks (`!!!`
  /// high, `!!` medium, `!` low, as todoman writes them), the id, the title and the place, and what the
  /// reader should know: overdue, due today, when it was done. The columns are as wide as `layout` says
  /// (by default, as this to-do needs).
  static func line(_ item: TodoItem, context: CommandContext, layout: Layout? = nil) -> String {
    let layout = layout ?? Layout([item], context: context)
    let record = item.record
    var line = record.status.box
    if layout.dueWidth > 0 {
      var due = item.dueText(on: context.locale.clock)
      due += String(repeating: " ", count: max(0, layout.dueWidth - due.count))
      if item.isOverdue && context.stylesOutput { due = "\u{1B}[31m" + due + "\u{1B}[0m" }
      line += " " + due + " "
    }
    if layout.marksWidth > 0 {
      let marks = record.fields.priority.marks
      line += " " + marks + String(repeating: " ", count: max(0, layout.marksWidth - marks.count)) + " "
    }
    line += " #\(record.id)  " + TerminalText.sanitized(record.title)
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

  /// What a command did to `item`: `Added: [ ] ...`, or its JSON object. With `clockNote` (`add` and
  /// `edit`, which set the time), a due time the clocks skip or show twice that day is said on the next line
  /// (see ``ClockChangeNote``); with `placed` (the command put it in its calendar), that it stays on this
  /// machine when that calendar's server takes no to-dos.
  static func report(
    _ verb: String, _ item: TodoItem, asJSON: Bool, clockNote: Bool = false, placed: Bool = false,
    context: CommandContext
  ) -> [String] {
    if asJSON { return [json(item, context: context).serialized] }
    var lines = ["\(verb): " + line(item, context: context)]
    if clockNote, let due = item.record.fields.due, let time = due.time,
      let note = ClockChangeNote.note(
        time, on: due.day, zoneName: due.timeZone, outcome: "it is due at", repeated: true, context: context)
    {
      lines.append("    " + note)
    }
    if placed, let note = stayNote(item) { lines.append("    " + note) }
    return lines
  }

  /// For a to-do put in a CalDAV calendar whose collection takes no to-dos: that it stays on this machine, as
  /// each sync will say too.
  static func stayNote(_ item: TodoItem) -> String? {
    guard item.staysHere else { return nil }
    let held = (item.calendarComponents ?? []).concatenated(separator: ", ")
    return "the calendar '\(TerminalText.sanitized(item.calendarName))' takes no to-dos on its server (it holds "
      + "\(TerminalText.sanitized(held)) only): this one stays on this machine"
  }
}

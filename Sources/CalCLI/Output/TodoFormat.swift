import CalCore
import CalService

/// A line of the user's own making for each to-do of `cal todo list --format '{box} {title} {due}'`, as
/// calcurse's `--format-todo` makes them: for status bars and scripts that want text, not JSON.
struct TodoFormat: Equatable {
  /// What a field in braces stands for.
  enum Field: String, CaseIterable {
    case id, title, status, box, due
    case dueDate = "due-date"
    case dueTime = "due-time"
    case priority, marks, note, location, calendar, overdue

    /// What it gives, for help.
    var meaning: String {
      switch self {
      case .id: return "the to-do's id (3)"
      case .title, .note, .location, .calendar: return "the to-do's \(rawValue)"
      case .status: return "open, started, done or cancelled"
      case .box: return "its status as the list shows it: [ ], [~], [x] or [-]"
      case .due: return "when it is due on your clock (2024-05-31 17:00, 2024-05-31, or empty)"
      case .dueDate: return "the day it is due (2024-05-31, or empty)"
      case .dueTime: return "the time it is due that day (17:00, or empty)"
      case .priority: return "high, medium, low, or empty for none"
      case .marks: return "the priority as the list marks it: !!!, !!, ! or empty"
      case .overdue: return "overdue, due today, or empty"
      }
    }
  }

  let pieces: [FormatTemplate<Field>.Piece]

  /// The option, for the command's spec.
  static let option = OptionSpec(
    "format", value: "format",
    help: "list: print each to-do as this text, its fields in braces ({box} {due} {title}; see cal help todo).")

  /// `{id}, {title}, ...`: every field, for help.
  static let fieldList = FormatTemplate<Field>.fieldList

  /// Reads a format, as ``EventFormat`` reads one.
  init(_ template: String) throws(UsageError) {
    pieces = try FormatTemplate<Field>.pieces(of: template)
  }

  /// `item`'s line, without its end. The format's own text is written as it was given; the fields never carry a
  /// control character.
  func line(_ item: TodoItem, context: CommandContext) -> String {
    var line = ""
    for piece in pieces {
      switch piece {
      case .text(let text): line += text
      case .field(let field): line += Self.text(of: field, item, context: context)
      }
    }
    return line
  }

  private static func text(of field: Field, _ item: TodoItem, context: CommandContext) -> String {
    let record = item.record
    let priority = record.fields.priority
    switch field {
    case .id: return String(record.id)
    case .title: return TerminalText.sanitized(record.title)
    case .status: return record.status.rawValue
    case .box: return record.status.box
    case .due: return item.dueText(on: context.locale.clock)
    case .dueDate: return item.dueDay?.description ?? ""
    case .dueTime: return item.dueTime?.description(on: context.locale.clock) ?? ""
    case .priority: return priority.value == 0 ? "" : priority.word
    case .marks: return priority.marks
    case .note: return FormatTemplate<Field>.lines(record.fields.note)
    case .location: return FormatTemplate<Field>.lines(record.fields.location)
    case .calendar: return TerminalText.sanitized(item.calendarName)
    case .overdue: return item.isOverdue ? "overdue" : item.isDueToday ? "due today" : ""
    }
  }
}

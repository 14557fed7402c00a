import CalCore
import CalService

/// A line of the user's own making for each event of a listing (`--format '{start-time} {title}'`), as khal's
/// `--format` and calcurse's `--format-apt` make them: for status bars and scripts that want text, not JSON.
struct EventFormat: Equatable {
  /// What a field in braces stands for.
  enum Field: String, CaseIterable {
    case date, weekday, time
    case startTime = "start-time"
    case endTime = "end-time"
    case start, end, title, note, location, calendar, id, handle, `repeat`, running

    /// What it gives, for help and error messages.
    var meaning: String {
      switch self {
      case .date: return "the day listed (2024-05-12)"
      case .weekday: return "its weekday, in the locale's language"
      case .time: return "the time as listings show it (all day, 14:30-15:15)"
      case .startTime: return "the start on your clock (14:30; empty all day)"
      case .endTime: return "the end (15:15; empty all day)"
      case .start: return "the start as JSON gives it (2024-05-12T14:30:00+02:00, or the first day)"
      case .end: return "the end as JSON gives it"
      case .title, .note, .location, .calendar: return "the event's \(rawValue)"
      case .id: return "the event's id (5)"
      case .handle: return "what rm and edit take for this occurrence (5@2024-05-13, or 5)"
      case .repeat: return "the series' rule (FREQ=WEEKLY), or empty"
      case .running: return "* while the event is under way, else empty"
      }
    }
  }

  /// Literal text and fields, in order.
  typealias Piece = FormatTemplate<Field>.Piece

  let pieces: [Piece]

  /// The option, for command specs.
  static let option = OptionSpec(
    "format", value: "format",
    help: "Print each event as this text, its fields in braces ({date} {time} {title}; see cal help list).")

  /// `{date}, {weekday}, ...`: every field, for messages.
  static let fieldList = FormatTemplate<Field>.fieldList

  /// khal's names for what a field here gives, or how to write it: a khal user's format is refused naming
  /// what to write instead.
  private static let khalNames = [
    "description": "khal's {description} is {note}", "start-long": "khal's {start-long} is {start}",
    "end-long": "khal's {end-long} is {end}", "start-date": "{date} is the day listed, {start} the event's start",
    "tab": "write \\t for a tab", "nl": "write \\n for a line break",
  ]

  /// Reads a format: text with fields in braces, `{{` and `}}` for braces themselves, and `\n`, `\t`, `\\`
  /// for a line break, a tab and a backslash (for formats kept where a shell cannot write them).
  init(_ template: String) throws(UsageError) {
    pieces = try FormatTemplate<Field>.pieces(of: template, hints: Self.khalNames)
  }

  /// Appends `item`'s line, ended. The format's own text is written as it was given (it may hold a
  /// terminal's colour codes, as a printf format may); the fields never carry a control character.
  /// `lines` gives the time and clock texts as listings write them.
  func write(
    _ item: AgendaItem, context: CommandContext, now: Int64, lines: inout EventLineWriter,
    into buffer: inout TextBuffer
  ) {
    for piece in pieces {
      switch piece {
      case .text(let text): buffer.append(text)
      case .field(let field): write(field, of: item, context: context, now: now, lines: &lines, into: &buffer)
      }
    }
    buffer.append(byte: UInt8(ascii: "\n"))
  }

  private func write(
    _ field: Field, of item: AgendaItem, context: CommandContext, now: Int64, lines: inout EventLineWriter,
    into buffer: inout TextBuffer
  ) {
    switch field {
    case .date: buffer.append(item.day.description)
    case .weekday: buffer.append(context.locale.weekdayFullNames[item.day.weekday.rawValue])
    case .time: lines.writeTime(item, into: &buffer)
    case .startTime: if let start = item.occurrence.startInstant { lines.writeClock(start, into: &buffer) }
    case .endTime: if let end = item.occurrence.endInstant { lines.writeClock(end, into: &buffer) }
    case .start: buffer.append(EventPresenter.bound(item, end: false, context: context))
    case .end: buffer.append(EventPresenter.bound(item, end: true, context: context))
    case .title: buffer.append(TerminalText.sanitized(item.title))
    case .note: buffer.append(FormatTemplate<Field>.lines(item.note))
    case .location: buffer.append(FormatTemplate<Field>.lines(item.location))
    case .calendar: buffer.append(TerminalText.sanitized(item.calendar?.name ?? ""))
    case .id: buffer.append(digits: item.id)
    case .handle:
      buffer.append(digits: item.id)
      if item.repeats { buffer.append("@\(item.occurrence.occurrenceDay)") }
    case .repeat: buffer.append(item.ruleText ?? "")
    case .running: if item.isRunning(at: now) { buffer.append(byte: UInt8(ascii: "*")) }
    }
  }
}

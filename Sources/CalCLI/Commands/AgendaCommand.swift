import CalCore
import CalService

/// `cal agenda [DAYS|RANGE] [--json]`, also `cal next`: what is next, by day.
struct AgendaCommand: Command {
  static let spec = CommandSpec(
    name: "agenda", aliases: ["next"], abstract: "List what is next: the events from now on, by day.",
    discussion: """
      Lists the events of the next 7 days (today and six more) under a heading for each day: Today, \
      Tomorrow, the weekday for the rest of the week, then the date. Timed events that already ended today \
      are left out; those under way are marked with *. A range that starts before today starts now.
      """,
    arguments: [
      ArgumentSpec(
        "days",
        help:
          "How far ahead: a number of days (30), of days, weeks, months or years (10d, 2w, 1m, 1y), or a range "
          + "(2024-05-20..2024-05-31, today..fri); see cal help dates.",
        isOptional: true, takesRest: true)
    ],
    options: [JSONOption.option, StoreOptions.option])

  /// How many days the agenda covers without an argument.
  static let defaultDays = 7

  let first: CivilDate
  let last: CivilDate
  let json: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    let today = context.today
    if let text = arguments.positional(0) {
      (first, last) = try DateReader(context).days(text)
      guard last >= today else {
        throw UsageError(
          "\(first)..\(last) is over: cal agenda shows what is next; cal list \(first)..\(last) shows those days")
      }
    } else {
      (first, last) = (today, today.adding(days: Self.defaultDays - 1) ?? .last)
    }
    json = arguments.flag(JSONOption.option)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context, for: .read)
    let now = context.now()
    // A window that starts later has nothing over yet; one that starts today or before starts now.
    let items =
      first > context.today
      ? try calendar.agenda(from: first, through: last) : try calendar.upcoming(from: now, through: last)
    var days: [(day: CivilDate, items: [AgendaItem])] = []
    for item in items {
      if days.last?.day == item.day {
        days[days.count - 1].items.append(item)
      } else {
        days.append((item.day, [item]))
      }
    }
    if json {
      context.print(
        JSONValue.array(
          days.map { day, items in
            .object([
              ("date", .string(day.description)), ("heading", .string(heading(day, today: context.today))),
              ("events", .array(items.map { event($0, now: now, context: context) })),
            ])
          }
        ).serialized)
      return
    }
    guard !days.isEmpty else {
      context.print(
        first > context.today ? "No events from \(first) to \(last)." : "No events from now through \(last).")
      return
    }
    var buffer = TextBuffer(capacity: 1 << 12)
    for (day, items) in days {
      buffer.append(headingLine(day, today: context.today))
      buffer.append(byte: UInt8(ascii: "\n"))
      for item in items {
        buffer.append(literal: item.isRunning(at: now) ? "* " : "  ")
        EventPresenter.write(
          item, context: context, withNote: true, withDate: false, continuation: Self.continuation, into: &buffer)
        buffer.append(byte: UInt8(ascii: "\n"))
      }
    }
    context.write(buffer.text)
  }

  /// Where an item's continued lines (its note, a location of several lines) start: under its id.
  static let continuation = String(repeating: " ", count: 15)

  /// The event as `list --json` gives it, and whether it is under way.
  private func event(_ item: AgendaItem, now: Int64, context: CommandContext) -> JSONValue {
    guard case .object(var members) = EventPresenter.json(item, context: context) else { return .null }
    members.append(("running", .bool(item.isRunning(at: now))))
    return .object(members)
  }

  /// `Today`, `Tomorrow`, a weekday's name within the week, or the date beyond it.
  private func heading(_ day: CivilDate, today: CivilDate) -> String {
    switch day.daysSince1970 - today.daysSince1970 {
    case 0: return "Today"
    case 1: return "Tomorrow"
    case 2...6: return Self.weekdayNames[day.weekday.rawValue]
    default: return day.description
    }
  }

  /// `Today (2024-05-12)`, `Tuesday (2024-05-14)`, `2024-05-20 (Monday)`.
  private func headingLine(_ day: CivilDate, today: CivilDate) -> String {
    let label = heading(day, today: today)
    let weekday = Self.weekdayNames[day.weekday.rawValue]
    return label == day.description ? "\(day) (\(weekday))" : "\(label) (\(day))"
  }

  /// Headings are English, as the rest of what cal says.
  static let weekdayNames = CalendarLocale.english.weekdayFullNames
}

import CalCore
import CalStorage

/// `cal list [DAY|MONTH]`
struct ListCommand: Command {
  static let spec = CommandSpec(
    name: "list", abstract: "List events, in date order.",
    discussion: "Without an argument, lists the events of the month on view.",
    arguments: [
      ArgumentSpec(
        "day-or-month", help: "A day (2024-05-12, today, tomorrow, yesterday) or a month (2024-05).",
        isOptional: true)
    ],
    options: [JSONOption.option, StoreOptions.option])

  let range: DayExpression.DayOrMonth?
  let json: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    if let text = arguments.positional(0) {
      do {
        range = try DayExpression.dayOrMonth(text, today: context.today)
      } catch {
        throw UsageError(error.description)
      }
    } else {
      range = nil
    }
    json = arguments.flag(JSONOption.option.long)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context)
    let first: CivilDate
    let last: CivilDate
    let emptyMessage: String
    switch range {
    case .day(let day):
      (first, last, emptyMessage) = (day, day, "No events on \(day).")
    case .month(let month):
      (first, last, emptyMessage) = (month.firstDay, month.lastDay, "No events in \(month.englishName).")
    case nil:
      let month = try Navigator(store: calendar, context: context).viewedMonth()
      (first, last, emptyMessage) = (month.firstDay, month.lastDay, "No events in \(month.englishName).")
    }
    let events = try calendar.events.events(from: first.description, through: last.description)
    if json {
      context.print(JSONValue.array(events.map(EventPresenter.json)).serialized)
    } else if events.isEmpty {
      context.print(emptyMessage)
    } else {
      context.write(events.map { EventPresenter.line($0) + "\n" }.joined())
    }
  }
}

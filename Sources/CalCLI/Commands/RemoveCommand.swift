import CalCore
import CalService

/// `cal rm ID [--on DATE]`
struct RemoveCommand: Command {
  static let on = OptionSpec("on", value: "date", help: "Delete only the occurrence of the series on this day.")

  static let spec = CommandSpec(
    name: "rm", abstract: "Delete an event, a whole series, or one occurrence of a series.",
    arguments: [ArgumentSpec("id", help: EventHandle.help)],
    options: [on, JSONOption.option, StoreOptions.option])

  let id: Int64
  let occurrence: CivilDate?
  let json: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    let handle = try EventHandle(parsing: arguments.positional(0) ?? "")
    id = handle.id
    occurrence = try handle.occurrence(
      or: arguments.value(Self.on).map { text throws(UsageError) in try DateReader(context).day(text, for: Self.on) })
    json = arguments.flag(JSONOption.option)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context, for: .modify)
    switch try calendar.remove(id: id, occurrence: occurrence) {
    case .removed(let event, let continuations):
      context.print(try EventPresenter.report("Removed", event, asJSON: json, calendar: calendar, context: context))
      if !json {
        for continuation in continuations {
          context.print(
            "            it continues from \(continuation.schedule.startDay) as #\(continuation.id), which stays"
              + " (cal rm \(continuation.id) removes that too)")
        }
      }
    case .removedOccurrence(let series, let day):
      context.print(
        try EventPresenter.report(
          "Removed the \(day) occurrence of", series, on: day, asJSON: json, calendar: calendar, context: context))
    }
  }
}

import CalCore
import CalStorage

/// `cal add DATE TITLE [--note TEXT]`
struct AddCommand: Command {
  static let spec = CommandSpec(
    name: "add", abstract: "Add an event.",
    discussion: "The title may be several words; quote it or not. Put -- before a title that starts with a dash.",
    arguments: [
      ArgumentSpec("date", help: "The day: 2024-05-12, today, tomorrow or yesterday."),
      ArgumentSpec("title", help: "What happens that day.", takesRest: true),
    ],
    options: [
      OptionSpec("note", value: "note", help: "A longer description."),
      JSONOption.option, StoreOptions.option,
    ])

  let day: CivilDate
  let title: String
  let note: String?
  let json: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    day = try parseDay(arguments.positional(0) ?? "", today: context.today)
    title = arguments.positional(1) ?? ""
    if title.allSatisfy(\.isWhitespace) { throw UsageError("The title is empty: give the event a title") }
    note = arguments.value("note")
    json = arguments.flag(JSONOption.option.long)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context)
    let event = try calendar.write {
      try calendar.events.insert(day: day.description, title: title, note: note, at: context.nowMilliseconds)
    }
    context.print(
      json
        ? EventPresenter.json(event).serialized
        : "Added event #\(event.id) on \(event.day): \(TerminalText.sanitized(event.title))")
  }
}

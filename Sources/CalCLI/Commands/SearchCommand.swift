import CalCore
import CalStorage

/// `cal search TEXT [--from DATE --to DATE]`
struct SearchCommand: Command {
  static let spec = CommandSpec(
    name: "search", abstract: "Find events by title, note or location.",
    discussion: """
      Matches ignore case in every script (Müller finds müller). Newest first. With --from and --to, \
      lists the matching occurrences in that range; otherwise each matching event once, on its first day.
      """,
    arguments: [ArgumentSpec("text", help: "What to look for.", takesRest: true)],
    options: [RangeOptions.from, RangeOptions.to, JSONOption.option, StoreOptions.option])

  let needle: String
  let range: (CivilDate, CivilDate)?
  let json: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    let text = arguments.positional(0) ?? ""
    guard !text.allSatisfy(\.isWhitespace) else { throw UsageError("Give some text to search for") }
    needle = Self.folded(text)
    range = try RangeOptions.parse(arguments, today: context.today)
    json = arguments.flag(JSONOption.option.long)
    store = try StoreOptions(arguments)
  }

  /// Text compared without regard to case, in every script.
  static func folded(_ text: String) -> String { text.lowercased() }

  func matches(_ event: EventRecord) -> Bool {
    [event.title, event.note ?? "", event.location ?? ""].contains { Self.folded($0).contains(needle) }
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context)
    let items: [Agenda.Item]
    if let (first, last) = range {
      items = try Agenda(store: calendar, context: context).items(from: first, through: last)
        .filter { matches($0.event) }.reversed()
    } else {
      items = try calendar.events.all().filter(matches).compactMap { try EventPresenter.item($0, context: context) }
    }
    if json {
      context.print(JSONValue.array(items.map { EventPresenter.json($0, context: context) }).serialized)
    } else if items.isEmpty {
      context.print("No events match.")
    } else {
      context.write(EventPresenter.lines(items, context: context))
    }
  }
}

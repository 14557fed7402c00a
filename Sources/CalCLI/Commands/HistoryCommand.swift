import CalCore
import CalService

/// `cal history [--limit N]`
struct HistoryCommand: Command {
  static let limit = OptionSpec("limit", short: "n", value: "n", help: "Show only the newest N.")

  static let spec = CommandSpec(
    name: "history", abstract: "Show the page turns and jumps, newest first.",
    options: [limit, JSONOption.option, StoreOptions.option])

  let limit: Int?
  let json: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    limit = try Self.limit(arguments, Self.limit)
    json = arguments.flag(JSONOption.option)
    store = try StoreOptions(arguments)
  }

  /// `--limit N` (or another option's `N`): a positive whole number, or `nil` when not given.
  static func limit(_ arguments: ParsedArguments, _ option: OptionSpec) throws(UsageError) -> Int? {
    guard let text = arguments.value(option) else { return nil }
    guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let limit = Int(text), limit > 0 else {
      throw UsageError("'\(text)' is not a valid limit: expected a positive whole number")
    }
    return limit
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context, for: .read)
    context.printRecords(
      try calendar.history(limit: limit), asJSON: json, empty: "No page turns yet.", id: \.id,
      json: { TransitionPresenter.json($0, context: context) },
      line: { TransitionPresenter.historyLine($0, context: context, idWidth: $1) })
  }
}

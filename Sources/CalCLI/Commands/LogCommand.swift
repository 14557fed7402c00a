import CalCore
import CalService

/// `cal log [--limit N]`
struct LogCommand: Command {
  static let spec = CommandSpec(
    name: "log", abstract: "Show the changes that cal undo and cal redo work on, newest first.",
    discussion: "Undone changes are marked (undone). The page turns alone are listed by cal history.",
    options: [HistoryCommand.limit, JSONOption.option, StoreOptions.option])

  let limit: Int?
  let json: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    limit = try HistoryCommand.limit(arguments, HistoryCommand.limit)
    json = arguments.flag(JSONOption.option)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context, for: .read)
    context.printRecords(
      try calendar.changes(limit: limit), asJSON: json, empty: "No changes yet.", id: \.id,
      json: { ChangePresenter.json($0, context: context) },
      line: { ChangePresenter.logLine($0, context: context, idWidth: $1) })
  }
}

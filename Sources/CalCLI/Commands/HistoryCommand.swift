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
    if let text = arguments.value(Self.limit) {
      guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let limit = Int(text), limit > 0 else {
        throw UsageError("'\(text)' is not a valid limit: expected a positive whole number")
      }
      self.limit = limit
    } else {
      limit = nil
    }
    json = arguments.flag(JSONOption.option)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context, for: .read)
    let transitions = try calendar.history(limit: limit)
    if json {
      context.print(JSONValue.array(transitions.map { TransitionPresenter.json($0, context: context) }).serialized)
    } else if transitions.isEmpty {
      context.print("No page turns yet.")
    } else {
      let idWidth = String(transitions.map(\.id).max() ?? 0).count
      for transition in transitions {
        context.print(TransitionPresenter.historyLine(transition, context: context, idWidth: idWidth))
      }
    }
  }
}

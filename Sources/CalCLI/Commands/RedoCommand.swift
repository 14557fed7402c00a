import CalService

/// `cal redo [N]`
struct RedoCommand: Command {
  static let spec = CommandSpec(
    name: "redo", abstract: "Make again the last change undone, or the last N.",
    discussion: "Brings back what cal undo reverted, oldest first, until a new change is made.",
    arguments: [ArgumentSpec("count", help: "How many changes to redo (default 1).", isOptional: true)],
    options: [JSONOption.option, StoreOptions.option])

  let count: Int
  let json: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    count = try UndoCommand.count(arguments.positional(0))
    json = arguments.flag(JSONOption.option)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    try UndoCommand.replay(redoing: true, count: count, json: json, store: store, context: context)
  }
}

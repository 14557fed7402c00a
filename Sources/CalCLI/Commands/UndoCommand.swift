import CalCore
import CalService

/// `cal undo [N]` and `cal redo [N]`: one type, two specs, as they differ only in direction.
struct UndoCommand: Command {
  static let spec = CommandSpec(
    name: "undo", abstract: "Undo the last change, or the last N.",
    discussion: """
      Every change is recorded: add, edit, rm, import, flip, goto, and cal calendar add, edit and rm (a \
      calendar removed with --force comes back with its events). cal undo reverts the newest one still \
      in effect (cal undo 3, the newest three), and cal redo makes it again. A change made after an undo \
      ends redo. An undo is refused, and nothing is undone, when a row the change touched was changed since \
      by something that is not undone with it (a sync, another program). cal log lists the changes.
      """,
    arguments: [ArgumentSpec("count", help: "How many changes to undo (default 1).", isOptional: true)],
    options: [JSONOption.option, StoreOptions.option])

  let count: Int
  let json: Bool
  let store: StoreOptions
  /// Whether it redoes instead.
  var redoes: Bool { false }

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    count = try Self.count(arguments.positional(0))
    json = arguments.flag(JSONOption.option)
    store = try StoreOptions(arguments)
  }

  /// A positive whole number of changes; 1 when not given.
  static func count(_ text: String?) throws(UsageError) -> Int {
    guard let text else { return 1 }
    guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(text), count > 0 else {
      throw UsageError("'\(text)' is not a number of changes: expected a positive whole number such as 2")
    }
    return count
  }

  func run(_ context: CommandContext) throws {
    try Self.replay(redoing: redoes, count: count, json: json, store: store, context: context)
  }

  static func replay(redoing: Bool, count: Int, json: Bool, store: StoreOptions, context: CommandContext) throws {
    let calendar = try store.open(context, for: .modify)
    let changes = redoing ? try calendar.redo(count: count) : try calendar.undo(count: count)
    if json {
      context.print(JSONValue.array(changes.map { ChangePresenter.json($0, context: context) }).serialized)
    } else {
      for change in changes { context.print(ChangePresenter.replayed(redoing ? "Redid" : "Undid", change)) }
    }
  }
}

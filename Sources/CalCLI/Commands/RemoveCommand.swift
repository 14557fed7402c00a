import CalStorage

/// `cal rm ID`
struct RemoveCommand: Command {
  static let spec = CommandSpec(
    name: "rm", abstract: "Delete an event.",
    arguments: [ArgumentSpec("id", help: "The event's id, as add and list print it (#3 or 3).")],
    options: [JSONOption.option, StoreOptions.option])

  let id: Int64
  let json: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    let text = arguments.positional(0) ?? ""
    let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int64(digits), id > 0 else {
      throw UsageError("'\(text)' is not an event id: expected a positive whole number such as 3")
    }
    self.id = id
    json = arguments.flag(JSONOption.option.long)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context)
    guard let event = try calendar.write({ try calendar.events.delete(id: id) }) else {
      throw CalError("there is no event #\(id)")
    }
    context.print(
      json
        ? EventPresenter.json(event).serialized
        : "Removed event #\(event.id) on \(event.day): \(TerminalText.sanitized(event.title))")
  }
}

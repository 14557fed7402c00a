import CalCore
import CalService

/// `cal interactive` (or `cal i`): the full-screen page, handed over to the front end `cal` was given.
struct InteractiveCommand: Command {
  static let spec = CommandSpec(
    name: "interactive", aliases: ["i"], abstract: "Open the month as a full-screen page, turned by dragging a corner.",
    discussion: """
      Drag the page with the mouse and it turns the way you drag (the rule of flip --swipe); a click selects \
      a day, the wheel turns pages. Keys: arrows or h j k l move the selected day, n and p (PageDown, PageUp) \
      turn to the next and previous month, N and P the mirrored ways, t today, g go to a month or a day, a add \
      an event, Enter or e edit it (E in your editor), d delete it, Tab the next event of the day, / search, w the week view, \
      u undo the last change and U redo it, ? every key, q or Ctrl-C quit. Every turn is recorded in the history as cal flip records it.
      Standard input and output must be a terminal.
      """,
    options: [PageOptions.monday, PageOptions.sunday, PageOptions.color, FlipCommand.noAnimation, StoreOptions.option])

  let page: PageOptions
  let animates: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    page = try PageOptions(arguments)
    animates = !arguments.flag(FlipCommand.noAnimation) && context.environment["CAL_ANIMATION"] != "off"
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    guard context.outputIsTerminal && context.inputIsTerminal() else {
      throw UsageError("cal interactive needs a terminal: standard input and output must both be one")
    }
    guard context.environment["TERM"] != "dumb" else {
      throw UsageError("cal interactive needs a terminal that can move the cursor, and TERM is dumb")
    }
    guard let frontEnd = context.frontEnds.interactive else {
      throw CalError("this cal was built without the interactive page")
    }
    let calendar = try store.open(context, for: .write)
    try frontEnd(
      FrontEnds.InteractiveRequest(
        calendar: calendar, locale: page.style(context).locale, colors: page.highlights(context), animates: animates,
        monotonic: context.elapsedMilliseconds,
        edit: { fields, words in try EditCommand.change(fields, by: words, context: context) },
        editInEditor: { id, occurrence, fromHere in
          try EditCommand.editInEditor(
            calendar, id: id, occurrence: occurrence, fromHere: fromHere, calendarName: nil, context: context
          ).map { "Changed in the editor: " + TerminalText.sanitized($0.event.fields.title) }
        }))
  }
}

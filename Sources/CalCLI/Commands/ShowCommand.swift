import CalCore
import CalStorage

/// `cal show [MONTH]`
struct ShowCommand: Command {
  static let spec = CommandSpec(
    name: "show", abstract: "Show a month page, as cal(1) prints it.",
    discussion: """
      Without an argument, shows the month on view. On a terminal, today is in reverse video and days with \
      events are bold and underlined; when the output is piped (or NO_COLOR is set) the grid is exactly \
      cal(1)'s and the days with events are named below it. Dates follow the proleptic Gregorian calendar \
      for every year from 1 to 9999.
      """,
    arguments: [ArgumentSpec("month", help: "The month to show: 2024-05 or today.", isOptional: true)],
    options: [StoreOptions.option])

  let month: YearMonth?
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    month = try arguments.positional(0).map { text throws(UsageError) in try parseMonth(text, today: context.today) }
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context)
    let shown = try month ?? Navigator(store: calendar, context: context).viewedMonth()
    context.write(try PageRenderer.render(shown, store: calendar, context: context))
  }
}

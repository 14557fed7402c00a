import CalCore
import CalService

/// `cal goto MONTH|today`
struct GotoCommand: Command {
  static let spec = CommandSpec(
    name: "goto", abstract: "Jump straight to a month.",
    discussion: "The jump is recorded in the history, like a page turn.",
    arguments: [
      ArgumentSpec(
        "month", help: "The month: 2024-05, may, may 2024, next month, +2m, today; see cal help dates.",
        takesRest: true)
    ],
    options: [JSONOption.option] + PageOptions.all + [StoreOptions.option])

  let month: YearMonth
  let json: Bool
  let page: PageOptions
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    month = try DateReader(context).month(arguments.positional(0) ?? "")
    json = arguments.flag(JSONOption.option)
    page = try PageOptions(arguments)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context, for: .write)
    let transition = try calendar.jump(to: month)
    if json {
      context.print(TransitionPresenter.json(transition, context: context).serialized)
      return
    }
    context.print(
      "Jumped " + TransitionPresenter.movement(from: transition.from, to: month, locale: context.locale) + "\n")
    context.write(try PageRenderer.render([month], calendar: calendar, context: context, style: page.style(context)))
    ViewedMonthNotice.write(month, context: context)
  }
}

import CalCore
import CalService

/// `cal show [MONTH|YEAR] [-3|-y|-n N]`
struct ShowCommand: Command {
  static let three = OptionSpec("three", short: "3", help: "Show the previous, this and the next month side by side.")
  static let year = OptionSpec("year", short: "y", help: "Show the whole year, three months a row.")
  static let months = OptionSpec("months", short: "n", value: "n", help: "Show N months, starting with this one.")
  static let agenda = OptionSpec("agenda", short: "a", help: "List the events of the months shown under them.")

  static let spec = CommandSpec(
    name: "show", abstract: "Show month pages, as cal(1) prints them.",
    discussion: """
      Without an argument, shows the month on view. On a terminal, today is in reverse video and days with \
      events are bold, underlined and coloured; when the output is piped, with --color=never, when \
      NO_COLOR is set or on a TERM=dumb terminal, the grid is exactly cal(1)'s and the days with events are named below it. Month \
      and weekday names and the first day of the week come from the locale (LC_ALL, LC_TIME, LANG). Dates \
      follow the proleptic Gregorian calendar for every year from 1 to 9999, like util-linux's \
      cal --reform gregorian: before 1753 Debian's cal(1) follows the 1752 calendar reform and differs.
      """,
    arguments: [
      ArgumentSpec(
        "month",
        help:
          "The month to show: 2024-05, may, may 2024, next month, +2m, today; a year such as 2024 shows the whole year.",
        isOptional: true, takesRest: true)
    ],
    options: [three, year, months, agenda, CalendarOption.filter] + PageOptions.all + [StoreOptions.option])

  enum Span: Equatable {
    /// One month, or `count` months from it.
    case months(count: Int)
    /// The month before, this one and the next.
    case three
    /// The whole year.
    case year
  }

  let month: YearMonth?
  let year: Int?
  let span: Span
  let agenda: Bool
  let calendarName: String?
  let page: PageOptions
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    let text = arguments.positional(0)
    if let text, !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
      guard let year = Int(text), (Gregorian.firstYear...Gregorian.lastYear).contains(year) else {
        throw UsageError("year \(text) is out of range: cal covers the years 1 to 9999")
      }
      self.year = year
      month = nil
    } else {
      year = nil
      month = try text.map { text throws(UsageError) in try DateReader(context).month(text) }
    }
    var spans: [Span] = []
    if arguments.flag(Self.three) { spans.append(.three) }
    if arguments.flag(Self.year) || year != nil { spans.append(.year) }
    if let count = arguments.value(Self.months) {
      guard count.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(count), (1...1200).contains(number)
      else { throw UsageError("'\(count)' is not a number of months: expected a whole number from 1 to 1200") }
      spans.append(.months(count: number))
    }
    guard spans.count <= 1 else { throw UsageError("give only one of -3, -y (or a year) and -n") }
    span = spans.first ?? .months(count: 1)
    agenda = arguments.flag(Self.agenda)
    calendarName = try CalendarOption.parse(arguments)
    page = try PageOptions(arguments)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context, for: .read)
    let anchor = try month ?? year.map { try YearMonth(year: $0, month: 1) } ?? calendar.viewedMonth()
    let shown: [YearMonth]
    switch span {
    case .months(let count): shown = (0..<count).compactMap { anchor.adding(months: $0) }
    case .three: shown = (-1...1).compactMap { anchor.adding(months: $0) }
    case .year: shown = (1...12).compactMap { try? YearMonth(year: anchor.year, month: $0) }
    }
    context.write(
      try PageRenderer.render(
        shown, calendar: calendar, context: context, style: page.style(context), withAgenda: agenda,
        only: calendarName))
    // A month or year named on the line is what was asked for; only the month on view needs saying.
    if month == nil && year == nil { ViewedMonthNotice.write(anchor, context: context) }
  }
}

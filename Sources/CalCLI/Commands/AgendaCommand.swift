import CalCore
import CalService

/// `cal agenda [DAYS|RANGE|DAY|MONTH|WEEK] [--json]`, also `cal next`: what is next, by day.
struct AgendaCommand: Command {
  static let spec = CommandSpec(
    name: "agenda", aliases: ["next"], abstract: "List what is next: the events from now on, by day.",
    discussion: """
      Lists the events of the next 7 days (today and six more) under a heading for each day: Today, \
      Tomorrow, the weekday for the rest of the week (named in the locale's language, as the month pages \
      name it; in English in JSON), then the date. Timed events that already ended today \
      are left out; those under way are marked with *. A range that starts before today starts now. \
      --from and --to give the range as list takes them (--from alone: 7 days; --to alone: from today).
      """,
    arguments: [
      ArgumentSpec(
        "days",
        help:
          "How far ahead: a number of days (30), of days, weeks, months or years (10d, 2w, 1m, 1y), a range "
          + "(2024-05-20..2024-05-31, today..fri), one day or month (tomorrow, fri, june), a week (this or next "
          + "week), or a year (2025, next year; 2025d is that many days); see cal help dates.",
        isOptional: true, takesRest: true)
    ],
    options: RangeOptions.options(days: defaultDays) + [CalendarOption.filter, PageOptions.titleColor]
      + ListingOptions.options + [StoreOptions.option])

  /// How many days the agenda covers without an argument.
  static let defaultDays = 7

  let first: CivilDate
  let last: CivilDate
  let calendarName: String?
  let listing: ListingOptions
  let color: PageOptions.ColorChoice
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    (first, last) = try Self.window(arguments, context: context, refusing: "cal agenda shows what is next")
    calendarName = try CalendarOption.parse(arguments)
    listing = try ListingOptions(arguments)
    color = try PageOptions.ColorChoice(arguments)
    store = try StoreOptions(arguments)
  }

  /// The days the first argument names (`30`, `2w`, `today..fri`, `june` ...), or `--from` and `--to` (see
  /// ``RangeOptions``), 7 from today without either; refused with `why` when they are over.
  static func window(_ arguments: ParsedArguments, context: CommandContext, refusing why: String)
    throws(UsageError) -> (first: CivilDate, last: CivilDate)
  {
    let today = context.today
    let dates = DateReader(context)
    let range = try RangeOptions.parse(arguments, dates: dates, days: Self.defaultDays)
    let text = arguments.positional(0)
    let (first, last): (CivilDate, CivilDate)
    if let text {
      guard range == nil else { throw UsageError("give days, or --from and --to, not both") }
      (first, last) = try dates.days(text)
    } else if let range {
      (first, last) = range
    } else {
      return (today, today.adding(days: Self.defaultDays - 1) ?? .last)
    }
    guard last >= today else {
      let (span, those) =
        first == last
        ? ("\(first)", "that day")
        : first.year == last.year && (first.month, first.day, last.month, last.day) == (1, 1, 12, 31)
          ? ("\(first.year)", "that year") : ("\(first)..\(last)", "those days")
      // A number of four digits reads as a year: say so to whoever meant days.
      let days =
        text.map { $0.allSatisfy(\.isASCII) && Int($0) != nil ? "; for \($0) days from today, \($0)d" : "" } ?? ""
      throw UsageError("\(span) is over: \(why); cal list \(span) shows \(those)\(days)")
    }
    return (first, last)
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context, for: .read)
    let now = context.now()
    var listed = 0
    var lines = AgendaListing(listing, now: now, context: context, styled: color.highlights(context))
    let append = { (item: AgendaItem) in
      lines.append(item)
      return listing.more(after: &listed)
    }
    // A window that starts later has nothing over yet; one that starts today or before starts now.
    if first > context.today {
      try calendar.forEachAgendaItem(from: first, through: last, calendar: calendarName, append)
    } else {
      try calendar.forEachUpcomingItem(from: now, through: last, calendar: calendarName, append)
    }
    lines.finish(
      emptyMessage: first > context.today
        ? "No events from \(first) to \(last)." : "No events from now through \(last).")
  }
}

import CalCore
import CalService

/// `cal list [DAY|MONTH|YEAR|FROM..TO|[next|last] week|year] [--from DATE --to DATE]`
struct ListCommand: Command {
  static let spec = CommandSpec(
    name: "list", abstract: "List events, in date and time order.",
    discussion: """
      Without an argument, lists the events of the month on view. Each line shows the day, the time (or \
      "all day"), the id, and the title; a repeating event's id carries the occurrence's own day \
      (#5@2024-05-13), which rm and edit take as the id.

      With --format, each event is printed as the text given, with its fields in braces: \(EventFormat.fieldList) \
      ({{ and }} write braces, \\n and \\t a line break and a tab); with --limit N, only the first N events. \
      agenda and search take both too: cal next -n 1 --format '{start-time} {title}' for a status bar.
      """,
    arguments: [
      ArgumentSpec(
        "when",
        help:
          "A day (2024-05-12, today, fri, +3d), a month (2024-05, may, may 2024, next month, +2m), a year "
          + "(2024, this, next or last year), a range (2024-05-01..2024-06-15, today..fri) or week (this, next or "
          + "last week); see cal help dates.",
        isOptional: true, takesRest: true)
    ],
    options: RangeOptions.options(days: RangeOptions.listingDays) + [CalendarOption.filter, PageOptions.titleColor]
      + ListingOptions.options + [StoreOptions.option])

  /// What to list.
  enum Window {
    case days(CivilDate, CivilDate)
    case month(YearMonth)
    case year(Int)
    case viewedMonth
  }

  let window: Window
  let calendarName: String?
  let listing: ListingOptions
  let color: PageOptions.ColorChoice
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    let dates = DateReader(context)
    let range = try RangeOptions.parse(arguments, dates: dates, days: RangeOptions.listingDays)
    if let text = arguments.positional(0) {
      guard range == nil else { throw UsageError("Give a day, month or range, or --from and --to, not both") }
      window = try Self.window(text, dates: dates)
    } else if let (first, last) = range {
      window = .days(first, last)
    } else {
      window = .viewedMonth
    }
    calendarName = try CalendarOption.parse(arguments)
    listing = try ListingOptions(arguments)
    color = try PageOptions.ColorChoice(arguments)
    store = try StoreOptions(arguments)
  }

  static func window(_ text: String, dates: DateReader) throws(UsageError) -> Window {
    if let (first, last) = try dates.week(text) { return .days(first, last) }
    if let (first, last) = try dates.range(text) { return .days(first, last) }
    do {
      if let year = try DayExpression.year(text, today: dates.today) { return .year(year) }
    } catch {
      throw UsageError(error.description)
    }
    let found: DayExpression.DayOrMonth
    do {
      found = try DayExpression.dayOrMonth(text, today: dates.today, locale: dates.locale)
    } catch .malformed(let text, _) {
      // khal's `list today 7d`: a number of days is agenda's; list takes them as a range.
      if let last = text.split(separator: " ").last, DateOffset([last], signed: false) != nil {
        throw UsageError(
          "'\(text)': list takes days as a range, not a number of days: write today..+6d for seven days from "
            + "today, or cal agenda 7d (see cal help dates)")
      }
      // list takes more than a day or a month: its message names every form.
      throw UsageError(
        "'\(text)' is not a day, a month, a year, a range or week: write a day as \(DayExpression.dayForms), a "
          + "month as \(DayExpression.monthForms), a year as 2024 or next year, a range as 2024-05-01..2024-06-15 "
          + "or today..fri, or week, next week, last week (see cal help dates)")
    } catch {
      throw UsageError(error.description)
    }
    switch found {
    case .day(let day): return .days(day, day)
    case .month(let month): return .month(month)
    }
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context, for: .read)
    let first: CivilDate
    let last: CivilDate
    let emptyMessage: String
    var viewed: YearMonth?
    switch window {
    case .days(let start, let end):
      (first, last) = (start, end)
      emptyMessage = start == end ? "No events on \(start)." : "No events from \(start) to \(end)."
    case .month(let month):
      (first, last, emptyMessage) = (month.firstDay, month.lastDay, "No events in \(month.englishName).")
    case .year(let year):
      (first, last) = CivilDate.days(ofYear: year)
      emptyMessage = "No events in \(year)."
    case .viewedMonth:
      let month = try calendar.viewedMonth()
      (first, last, emptyMessage) = (month.firstDay, month.lastDay, "No events in \(month.englishName).")
      viewed = month
    }
    var listed = 0
    var lines = EventListing(listing, context: context, styled: color.highlights(context))
    try calendar.forEachAgendaItem(from: first, through: last, calendar: calendarName) { item in
      lines.append(item)
      return listing.more(after: &listed)
    }
    lines.finish(emptyMessage: emptyMessage)
    if let viewed, !listing.json, listing.format == nil { ViewedMonthNotice.write(viewed, context: context) }
  }
}

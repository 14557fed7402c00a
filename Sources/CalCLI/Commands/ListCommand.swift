import CalCore
import CalService

/// `cal list [DAY|MONTH|YEAR|FROM..TO|[next|last] week|year|now|DAY TIME[-TIME]] [--from DATE --to DATE]`
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

      As khal's at, cal list now lists what is under way at this moment: the day's all-day events and the \
      timed ones that have begun and not ended; a day and a time (fri 14:00, tomorrow 9am) what is under way \
      then, and a day and two times (fri 14:00-16:00) what is under way at some moment between them.
      """,
    arguments: [
      ArgumentSpec(
        "when",
        help:
          "A day (2024-05-12, today, fri, +3d), a month (2024-05, may, may 2024, next month, +2m), a year "
          + "(2024, this, next or last year), a range (2024-05-01..2024-06-15, today..fri) or week (this, next or "
          + "last week), now, or a day and a time (fri 14:00, today 9am-noon): what is under way then; see cal "
          + "help dates.",
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
    /// What is under way from `start` up to `end` (Unix milliseconds), told as `label` when nothing is.
    case underWay(start: Int64, end: Int64, label: String)
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
      guard range == nil else { throw UsageError("give a day, month or range, or --from and --to, not both") }
      if let moments = try Self.underWay(text, context: context, dates: dates) {
        window = moments
      } else {
        window = try Self.window(text, dates: dates)
      }
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
      throw DateReader.refusal(error, text: text, is: "a year")
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
      throw DateReader.refusal(error, text: text, is: "a day or a month")
    }
    switch found {
    case .day(let day): return .days(day, day)
    case .month(let month): return .month(month)
    }
  }

  /// The moments `text` names, when it is `now` or a day and a time (`fri 14:00`, `fri 14:00-16:00`); `nil`
  /// for anything else. A last word that is a bare hour (`may 9`) is the day's; one shaped like a time that
  /// is none (`fri 25:00`) is refused when the words before it are a day.
  static func underWay(_ text: String, context: CommandContext, dates: DateReader) throws(UsageError) -> Window? {
    if text.lowercased() == "now" {
      let now = context.now()
      return .underWay(start: now, end: now + 1, label: "now")
    }
    let words = text.split(separator: " ").map(String.init)
    guard words.count >= 2, let last = words.last else { return nil }
    let times: (start: TimeOfDay, end: TimeOfDay?)
    do {
      guard let found = try TimeExpression.leading(last) else { return nil }
      times = found
    } catch .bareHour {
      return nil
    } catch {
      guard (try? dates.day(words.dropLast().joined(separator: " "))) != nil else { return nil }
      throw UsageError(error.description)
    }
    let day = try dates.day(words.dropLast().joined(separator: " "))
    let zone = context.localZone
    let midnight = Int64(day.daysSince1970) * 86_400
    let start = zone.utc(fromLocal: midnight + Int64(times.start.minutes) * 60) * 1000
    // One time is its minute; two, the moments from the first up to the second.
    let end = times.end.map { zone.utc(fromLocal: midnight + Int64($0.minutes) * 60) * 1000 } ?? start + 60_000
    let clock = context.locale.clock
    let (from, to) = (times.start.description(on: clock), times.end?.description(on: clock))
    let moment = to.map { "from \(from) to \($0)" } ?? "at \(from)"
    return .underWay(start: start, end: max(end, start + 1), label: "\(moment) on \(day)")
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
    case .underWay(let start, let end, let label):
      var listed = 0
      var lines = EventListing(listing, context: context, styled: color.highlights(context))
      try calendar.forEachItem(underWayFrom: start, until: end, calendar: calendarName) { item in
        lines.append(item)
        return listing.more(after: &listed)
      }
      lines.finish(emptyMessage: "Nothing under way \(label).")
      return
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

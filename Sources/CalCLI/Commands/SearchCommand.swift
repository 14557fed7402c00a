import CalCore
import CalService

/// `cal search TEXT [--from DATE --to DATE]`
struct SearchCommand: Command {
  static let spec = CommandSpec(
    name: "search", abstract: "Find events by title, note or location.",
    discussion: """
      Matches ignore case in every script (Müller finds müller). Newest first. With --from or --to, \
      lists the matching occurrences in that range (--from alone: 30 days; --to alone: from today); otherwise \
      each matching event once, on its first day.
      """,
    arguments: [ArgumentSpec("text", help: "What to look for.", takesRest: true)],
    options: RangeOptions.options(days: RangeOptions.listingDays) + [CalendarOption.filter, PageOptions.titleColor]
      + ListingOptions.options + [StoreOptions.option])

  let needle: String
  let range: (CivilDate, CivilDate)?
  let calendarName: String?
  let listing: ListingOptions
  let color: PageOptions.ColorChoice
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    let text = arguments.positional(0) ?? ""
    guard !text.allSatisfy(\.isWhitespace) else { throw UsageError("give some text to search for") }
    needle = text
    range = try RangeOptions.parse(arguments, dates: DateReader(context), days: RangeOptions.listingDays)
    calendarName = try CalendarOption.parse(arguments)
    listing = try ListingOptions(arguments)
    color = try PageOptions.ColorChoice(arguments)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context, for: .read)
    var listed = 0
    var lines = EventListing(listing, context: context, styled: color.highlights(context))
    try calendar.search(needle, from: range?.0, through: range?.1, calendar: calendarName) { item in
      lines.append(item)
      return listing.more(after: &listed)
    }
    lines.finish(emptyMessage: "No events match.")
  }
}

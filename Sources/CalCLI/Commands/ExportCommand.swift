import CalCore
import CalService

/// `cal export [--from DATE] [--to DATE] [FILE]`
struct ExportCommand: Command {
  static let spec = CommandSpec(
    name: "export", abstract: "Export events and to-dos as an iCalendar (.ics) file.",
    discussion: """
      Writes RFC 5545: UIDs that stay the same from one export to the next, all-day events as dates, timed \
      ones with their time zone and its VTIMEZONE, repeats as RRULE with EXDATE, RDATE and edited \
      occurrences; then the to-dos as VTODOs, done and cancelled ones too. With --from and --to, only events \
      that happen in that range (a series whole, when one of its occurrences is in it) and to-dos due in it; \
      --from alone, those on that day or later; --to alone, on that day or earlier. To-dos without a due \
      date are written only without --from and --to. Without FILE, to standard output; a FILE is written \
      whole or not at all.
      """,
    arguments: [ArgumentSpec("file", help: "Where to write (default: standard output).", isOptional: true)],
    options: [
      RangeOptions.from.withHelp("The first day (alone: that day on; a month: its first day)."),
      RangeOptions.to.withHelp("The last day (alone: up to that day; a month: its last day)."),
      CalendarOption.filter, StoreOptions.option,
    ])

  let path: String?
  let range: (CivilDate?, CivilDate?)
  let calendarName: String?
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    path = arguments.positional(0).flatMap { $0 == "-" ? nil : $0 }
    if path?.isEmpty == true {
      throw UsageError("the file to export to is an empty name: give a path, or - (or nothing) for standard output")
    }
    let dates = DateReader(context)
    // `cal export may` means May, as `cal list may` does: silently writing a file called may would hide that.
    if let path, !path.contains("/"), !path.contains("."), (try? ListCommand.window(path, dates: dates)) != nil {
      throw UsageError(
        "'\(TerminalText.sanitized(path))' reads as days, not a file: export takes days as --from and --to "
          + "(--from may --to may for May); for a file of that name write ./\(TerminalText.sanitized(path))")
    }
    range = try RangeOptions.bounds(arguments, dates: dates)
    calendarName = try CalendarOption.parse(arguments)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context, for: .read)
    // Written as the events are read: to a file whole or not at all, or to standard output.
    if let path {
      try FileIO.write(to: path) { write in
        try calendar.export(
          from: range.0, through: range.1, calendar: calendarName, product: CalApp.product, to: write)
      }
    } else {
      try calendar.export(from: range.0, through: range.1, calendar: calendarName, product: CalApp.product) {
        (bytes: UnsafeRawBufferPointer) in
        context.output.write(bytes)
      }
    }
  }
}

import CalService

/// `--db <path>`, which every command that touches the calendar accepts.
struct StoreOptions {
  /// The option, for command specs.
  static let option = OptionSpec(
    "db", value: "path",
    help:
      "The calendar file (default: $CAL_DB, else $XDG_DATA_HOME/cal/calendar.db, else ~/.local/share/cal/calendar.db).")

  /// The path given with `--db`, if any.
  let path: String?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    path = arguments.value(Self.option)
    if path?.isEmpty == true { throw UsageError("The option '--db <path>' needs a file path, not an empty string") }
  }

  /// Opens the calendar for `access`, bringing its schema up to date.
  func open(_ context: CommandContext, for access: CalendarService.Access) throws -> CalendarService {
    let location = try CalendarLocation.resolve(option: path, environment: context.environment)
    return try CalendarService.open(location, for: access, environment: context.serviceEnvironment)
  }
}

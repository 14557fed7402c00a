import CalCore
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
    if path?.isEmpty == true { throw UsageError("the option '--db <path>' needs a file path, not an empty string") }
  }

  /// Opens the calendar for `access`, bringing its schema up to date.
  func open(_ context: CommandContext, for access: CalendarService.Access) throws -> CalendarService {
    let location = try CalendarLocation.resolve(option: path, environment: context.environment)
    let calendar = try CalendarService.open(location, for: access, environment: context.serviceEnvironment)
    // A command runs once and its process ends: one that only reads need not close what the exit closes.
    if access == .read { calendar.leaveOpenUntilExit() }
    // Only a command that changes the calendar names its changes; the others need not spell out their line.
    // `edit`, `rm`, `undo` and `redo` open for `.modify`: their changes are named as `add`'s are, and a
    // confirmation that cannot be written says that the change stands (an undo said only that it failed, and
    // undoing again undid a second change).
    if access != .read {
      context.openedCalendars.add(calendar)
      calendar.changeLabel = "cal " + context.arguments.map(Self.shellWord).concatenated(separator: " ")
    }
    return calendar
  }

  /// `word` as a shell would need it typed: as it is when it is plain, else in single quotes.
  static func shellWord(_ word: String) -> String {
    let plain =
      !word.isEmpty
      && word.unicodeScalars.allSatisfy { scalar in
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./:@,+=%#".unicodeScalars.contains(scalar)
      }
    return plain ? word : "'" + word.replacingAll("'", with: "'\\''") + "'"
  }
}

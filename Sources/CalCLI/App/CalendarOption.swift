/// `--calendar <name>`: which calendar a command reads from, or adds to.
enum CalendarOption {
  /// The option as a filter, for commands that read.
  static let filter = OptionSpec(
    "calendar", value: "name", help: "Only the events of this calendar (cal calendar list names them).")
  /// The option as a target, for commands that add events.
  static let target = filter.withHelp("The calendar to add to (default: the first one, normally personal).")
  /// The option as a destination, for `edit`.
  static let destination = filter.withHelp(
    "Move the event (a series with all its occurrences; with --on and --from-here, the following part) to this "
      + "calendar.")

  /// The calendar named, if any.
  static func parse(_ arguments: ParsedArguments) throws(UsageError) -> String? {
    guard let name = arguments.value(filter) else { return nil }
    if name.allSatisfy(\.isWhitespace) {
      throw UsageError("the option '--calendar <name>' needs a calendar's name, not an empty string")
    }
    return name
  }
}

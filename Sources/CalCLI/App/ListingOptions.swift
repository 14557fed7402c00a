/// How a listing of events is printed: as lines, as JSON (`--json`) or in the user's own format
/// (`--format`), and how many events at the most (`--limit`).
struct ListingOptions {
  /// `--limit N`, `-n N`.
  static let limit = OptionSpec(
    "limit", short: "n", value: "n", help: "Show only the first N events (for a status bar: cal next -n 1).")

  /// The options, for command specs.
  static let options = [EventFormat.option, limit, TimeFormat.option, JSONOption.option]

  let json: Bool
  let format: EventFormat?
  let limit: Int?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    json = arguments.flag(JSONOption.option)
    format = try arguments.value(EventFormat.option).map { (text) throws(UsageError) in try EventFormat(text) }
    guard !(json && format != nil) else { throw UsageError("give --json or --format, not both") }
    limit = try HistoryCommand.limit(arguments, Self.limit)
  }

  /// Counts the events listed: whether the listing goes on after one more.
  func more(after listed: inout Int) -> Bool {
    listed += 1
    return limit.map { listed < $0 } ?? true
  }
}

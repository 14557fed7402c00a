import CalCore

/// `--from DATE --to DATE`, for `list`, `search`, `agenda`, `free` and `export`: either may be given alone, as
/// calcurse takes them. Without `--to` the days run on from `--from` for as long as the command looks without
/// being told (`days`); without `--from` they start today. `export`, which writes the whole calendar by
/// default, reads a bound left out as no bound (see ``bounds(_:dates:)``).
enum RangeOptions {
  static let from = OptionSpec(
    "from", value: "date", help: "The first day (a month given to --from or --to: its first or last day).")
  static let to = OptionSpec("to", value: "date", help: "The last day (a month: its last day).")

  /// The days `list` and `search` cover from `--from` alone.
  static let listingDays = 30

  /// `--from` and `--to` for a command that looks `days` days ahead without being told, their help saying so.
  static func options(days: Int) -> [OptionSpec] {
    [
      from.withHelp("The first day (alone: \(days) days from it; a month: its first day)."),
      to.withHelp("The last day (alone: from today; a month: its last day)."),
    ]
  }

  /// The range the options give, or `nil` for neither: `--from` alone covers `days` days (up to 9999-12-31),
  /// `--to` alone the days from today to it, refused when it is past, since the range would run backwards.
  static func parse(_ arguments: ParsedArguments, dates: DateReader, days: Int) throws(UsageError)
    -> (CivilDate, CivilDate)?
  {
    switch try bounds(arguments, dates: dates) {
    case (nil, nil): return nil
    case (let first?, let last?): return (first, last)
    case (let first?, nil): return (first, first.adding(days: days - 1) ?? .last)
    case (nil, let last?):
      guard last >= dates.today else {
        throw UsageError("--to alone runs from today (\(dates.today)), and \(last) is before it: give --from too")
      }
      return (dates.today, last)
    }
  }

  /// The days the options give, either or both, checked to be in order when both are given.
  static func bounds(_ arguments: ParsedArguments, dates: DateReader) throws(UsageError) -> (CivilDate?, CivilDate?) {
    let first = try arguments.value(from).map { text throws(UsageError) in
      try dates.rangeEnd(text, for: from, last: false)
    }
    let last = try arguments.value(to).map { text throws(UsageError) in
      try dates.rangeEnd(text, for: to, last: true, yearlessFrom: first)
    }
    if let first, let last { _ = try dates.checkedRange(first, last) }
    return (first, last)
  }
}

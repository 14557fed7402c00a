import CalCore

/// `--from DATE --to DATE`, for `list`, `search` and `export`.
enum RangeOptions {
  static let from = OptionSpec(
    "from", value: "date", help: "The first day (a month given to --from or --to: its first or last day).")
  static let to = OptionSpec("to", value: "date", help: "The last day (with --from alone: 30 days).")

  /// The range the options give, or `nil` for neither. `--from` alone covers 30 days (up to 9999-12-31);
  /// `--to` needs `--from`.
  static func parse(_ arguments: ParsedArguments, dates: DateReader) throws(UsageError) -> (CivilDate, CivilDate)? {
    switch try bounds(arguments, dates: dates) {
    case (nil, nil): return nil
    case (let first?, let last?): return (first, last)
    case (let first?, nil): return (first, first.adding(days: 29) ?? .last)
    case (nil, _?): throw UsageError("--to needs --from")
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

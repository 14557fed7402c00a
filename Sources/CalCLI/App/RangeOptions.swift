import CalCore

/// `--from DATE --to DATE`, for `list`, `search` and `export`.
enum RangeOptions {
  static let from = OptionSpec(
    "from", value: "date", help: "The first day (a month given to --from or --to: its first or last day).")
  static let to = OptionSpec("to", value: "date", help: "The last day (with --from alone: 30 days).")

  /// The range the options give, or `nil` for neither. `--from` alone covers 30 days when
  /// `fromAlone` allows it; otherwise both are needed.
  static func parse(_ arguments: ParsedArguments, dates: DateReader, fromAlone: Bool = true) throws(UsageError)
    -> (CivilDate, CivilDate)?
  {
    let first = try arguments.value(from).map { text throws(UsageError) in
      try dates.rangeEnd(text, for: from, last: false)
    }
    let last = try arguments.value(to).map { text throws(UsageError) in try dates.rangeEnd(text, for: to, last: true) }
    switch (first, last) {
    case (nil, nil): return nil
    case (let first?, let last?): return try dates.checkedRange(first, last)
    case (let first?, nil) where fromAlone: return (first, first.adding(days: 29) ?? first)
    case (nil, _?) where fromAlone: throw UsageError("--to needs --from")
    default: throw UsageError("Give both --from and --to")
    }
  }
}

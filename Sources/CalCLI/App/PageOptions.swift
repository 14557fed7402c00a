import CalCore

/// How month pages are drawn, for `show`, `flip` and `goto`: the first day of the week, week numbers, and
/// whether to highlight.
struct PageOptions {
  /// When to use colour and highlighting.
  enum ColorChoice: String, CaseIterable {
    case auto, always, never

    /// The choice `text` names, such as the value of `--color`.
    init(parsing text: String) throws(UsageError) {
      guard let choice = Self(rawValue: text) else {
        throw UsageError("unknown color choice '\(text)': use auto, always or never")
      }
      self = choice
    }

    /// The choice `--color` gives on this command line (`auto` without it).
    init(_ arguments: ParsedArguments) throws(UsageError) {
      try self.init(parsing: arguments.value(PageOptions.color) ?? Self.auto.rawValue)
    }

    /// Whether to highlight: `always` and `never` say so; `auto` highlights on a terminal unless `NO_COLOR`
    /// is set (no-color.org lets an explicit option win over the variable) or the terminal is dumb.
    func highlights(_ context: CommandContext) -> Bool {
      switch self {
      case .always: return true
      case .never: return false
      case .auto: return context.stylesOutput
      }
    }
  }

  static let monday = OptionSpec("monday", help: "Start weeks on Monday, whatever the locale says.")
  static let sunday = OptionSpec("sunday", help: "Start weeks on Sunday, whatever the locale says.")
  static let weekNumbers = OptionSpec(
    "week-numbers", short: "w",
    help: "Show week numbers: ISO 8601 weeks when weeks start on Monday; otherwise week 1 is the week of 1 January.")
  static let color = OptionSpec(
    "color", value: "when",
    help: "auto (the default: on a terminal, unless NO_COLOR is set or TERM is dumb), always or never.")

  /// `--color` for the commands that list events, whose titles take their calendars' colours.
  static let titleColor = color.withHelp(
    "Titles in their calendars' colours: auto (the default: on a terminal, unless NO_COLOR is set or TERM is "
      + "dumb), always or never.")

  /// The options, for command specs.
  static let all = [monday, sunday, weekNumbers, color]

  let firstWeekday: Weekday?
  let weekNumbers: Bool
  let color: ColorChoice

  init(_ arguments: ParsedArguments) throws(UsageError) {
    switch (arguments.flag(Self.monday), arguments.flag(Self.sunday)) {
    case (true, true): throw UsageError("give --monday or --sunday, not both")
    case (true, false): firstWeekday = .monday
    case (false, true): firstWeekday = .sunday
    case (false, false): firstWeekday = nil
    }
    weekNumbers = arguments.flag(Self.weekNumbers)
    color = try ColorChoice(arguments)
  }

  /// Whether to highlight, as `--color` says.
  func highlights(_ context: CommandContext) -> Bool {
    color.highlights(context)
  }

  /// The sheet style for this command line.
  func style(_ context: CommandContext) -> MonthSheet.Style {
    let locale = firstWeekday.map { context.locale.startingWeeks(on: $0) } ?? context.locale
    return MonthSheet.Style(locale: locale, weekNumbers: weekNumbers, highlights: highlights(context))
  }
}

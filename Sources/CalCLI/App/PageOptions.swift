import CalCore

/// How month pages are drawn, for `show`, `flip` and `goto`: the first day of the week, week numbers, and
/// whether to highlight.
struct PageOptions {
  /// When to use colour and highlighting.
  enum ColorChoice: String, CaseIterable {
    case auto, always, never
  }

  static let monday = OptionSpec("monday", help: "Start weeks on Monday, whatever the locale says.")
  static let sunday = OptionSpec("sunday", help: "Start weeks on Sunday, whatever the locale says.")
  static let weekNumbers = OptionSpec(
    "week-numbers", short: "w",
    help: "Show week numbers: ISO 8601 weeks when weeks start on Monday; otherwise week 1 is the week of 1 January.")
  static let color = OptionSpec(
    "color", value: "when",
    help: "auto (the default: on a terminal, unless NO_COLOR is set), always or never.")

  /// The options, for command specs.
  static let all = [monday, sunday, weekNumbers, color]

  let firstWeekday: Weekday?
  let weekNumbers: Bool
  let color: ColorChoice

  init(_ arguments: ParsedArguments) throws(UsageError) {
    switch (arguments.flag(Self.monday), arguments.flag(Self.sunday)) {
    case (true, true): throw UsageError("Give --monday or --sunday, not both")
    case (true, false): firstWeekday = .monday
    case (false, true): firstWeekday = .sunday
    case (false, false): firstWeekday = nil
    }
    weekNumbers = arguments.flag(Self.weekNumbers)
    let choice = arguments.value(Self.color) ?? ColorChoice.auto.rawValue
    guard let color = ColorChoice(rawValue: choice) else {
      throw UsageError("Unknown color choice '\(choice)': use auto, always or never")
    }
    self.color = color
  }

  /// Whether to highlight: `always` and `never` say so; `auto` highlights on a terminal unless `NO_COLOR`
  /// is set (no-color.org lets an explicit option win over the variable) or the terminal is dumb.
  func highlights(_ context: CommandContext) -> Bool {
    switch color {
    case .always: return true
    case .never: return false
    case .auto: return context.stylesOutput
    }
  }

  /// The sheet style for this command line.
  func style(_ context: CommandContext) -> MonthSheet.Style {
    let locale = firstWeekday.map { context.locale.startingWeeks(on: $0) } ?? context.locale
    return MonthSheet.Style(locale: locale, weekNumbers: weekNumbers, highlights: highlights(context))
  }
}

import CalCore

/// Which clock times are written on for people: the configuration's `time-format`, and `--time-format` on
/// the commands that list events, which wins over it. JSON and iCalendar are never touched.
enum TimeFormat: String, CaseIterable {
  /// `14:30`: the default, what cal has always printed.
  case twentyFourHour = "24h"
  /// `2:30pm`.
  case twelveHour = "12h"
  /// The clock of the locale's time format (LC_TIME): 12-hour in en_US, 24-hour in en_GB, de_DE and C.
  case locale

  /// The option, for command specs.
  static let option = OptionSpec(
    "time-format", value: "clock", help: "Times as 24h (14:30), 12h (2:30pm) or locale, over the configuration's.")

  /// `24h, 12h or locale`, for messages.
  static let choices = "24h, 12h or locale"

  /// The format `text` names, in any case; `name` (`time-format`, `--time-format`) names where it was given
  /// in the error.
  init(parsing text: String, name: String) throws(UsageError) {
    guard let format = Self(rawValue: text.lowercased()) else {
      throw UsageError("\(name): '\(text)' is not \(Self.choices)")
    }
    self = format
  }

  /// The clock it means for a user of `locale`.
  func clock(for locale: CalendarLocale) -> ClockStyle {
    switch self {
    case .twentyFourHour: return .twentyFourHour
    case .twelveHour: return .twelveHour
    case .locale: return locale.localeClock
    }
  }

  /// `context` with the clock `--time-format` gives on this command line, or `nil` when it is not typed (the
  /// configuration's, else the 24-hour clock, holds then).
  static func typed(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> CommandContext? {
    guard let text = arguments.value(option) else { return nil }
    var clocked = context
    clocked.locale = context.locale.writingTimes(
      on: try TimeFormat(parsing: text, name: "--\(option.long)").clock(for: context.locale))
    return clocked
  }
}

import CalCore

/// A key of the configuration file: a default that a command-line option (or the locale) would otherwise
/// give.
enum ConfigurationKey: String, CaseIterable, Sendable {
  case calendar
  case weekStart = "week-start"
  case length
  case remind
  case remindAllDay = "remind-all-day"
  case format
  case color
  case dates
  case timeFormat = "time-format"

  /// What the key sets, for `cal config --help`, the manual page and completion.
  var meaning: String {
    switch self {
    case .calendar: return "the calendar add and import use without --calendar (default: the first one)"
    case .weekStart: return "the first day of the week: a weekday such as monday, or locale (the default)"
    case .length: return "how long a timed event added without --for or an end lasts: 1h, 45m (default: none)"
    case .remind: return "the reminders of a new timed event without --remind: 15m, or several as 15m, 1d"
    case .remindAllDay: return "the reminders of a new all-day event without --remind: 1d, or several"
    case .format: return "the default --format of list, agenda and search, such as {start-time} {title}"
    case .color: return "the default --color: auto, always or never (it wins over NO_COLOR)"
    case .dates: return "how 5/6 reads: day-first, month-first, or locale (the default: LC_TIME's order)"
    case .timeFormat:
      return "the clock times are written on: 24h (the default, 14:30), 12h (2:30pm), or locale (LC_TIME's)"
    }
  }

  /// What the key's value completes to; `nil` for free text.
  var completion: CompletionScript.ValueKind? {
    switch self {
    case .calendar: return .calendars
    case .weekStart: return .words(Weekday.allCases.map { "\($0)" } + ["locale"])
    case .color: return .words(PageOptions.ColorChoice.allCases.map(\.rawValue))
    case .dates: return .words(["day-first", "month-first", "locale"])
    case .timeFormat: return .words(TimeFormat.allCases.map(\.rawValue))
    case .length, .remind, .remindAllDay, .format: return nil
    }
  }

  /// The value the key has when the file does not give it, as `cal config` prints it.
  var defaultValue: String {
    switch self {
    case .calendar, .format: return ""
    case .weekStart, .dates: return "locale"
    case .length, .remind, .remindAllDay: return "none"
    case .color: return PageOptions.ColorChoice.auto.rawValue
    case .timeFormat: return TimeFormat.twentyFourHour.rawValue
    }
  }

  /// What the key does when the file does not give it and its default is no value, as `cal config` says it.
  var whenNotSet: String {
    switch self {
    case .calendar: return "add and import use the first calendar"
    case .format: return "each command's own layout"
    default: return "the default, \(defaultValue)"
    }
  }

  /// The key `name` names; an unknown one is refused with the nearest known one.
  init(named name: String) throws(UsageError) {
    guard let key = Self(rawValue: name) else {
      let suggestion = EditDistance.closest(to: name, among: Self.allCases.map(\.rawValue))
      throw UsageError(
        "unknown key '\(name)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "") + "; the keys are "
          + Self.allCases.map(\.rawValue).concatenated(separator: ", "))
    }
    self = key
  }
}

import CalCore
import CalService

extension Configuration {
  /// `locale` with the file's first day of the week, order of dates and clock.
  func applied(to locale: CalendarLocale) -> CalendarLocale {
    var locale = locale
    if let firstWeekday { locale = locale.startingWeeks(on: firstWeekday) }
    if entries[.dates] != nil { locale = locale.withDayBeforeMonth(dayBeforeMonth ?? locale.dayBeforeMonth) }
    if let timeFormat { locale = locale.writingTimes(on: timeFormat.clock(for: locale)) }
    return locale
  }

  /// `arguments` with the file's `--color` and `--format` where the command takes them and they were not
  /// typed: the file gives the options' defaults, and what is typed wins.
  func fillingDefaults(_ arguments: ParsedArguments, spec: CommandSpec) -> ParsedArguments {
    var filled = arguments
    func fill(_ option: OptionSpec, _ value: String?) {
      guard let value, !arguments.isGiven(option),
        spec.options.contains(where: { $0.long == option.long && $0.valueName == option.valueName })
      else { return }
      filled.values[option.long] = value
      filled.allValues[option.long] = [value]
    }
    fill(PageOptions.color, color?.rawValue)
    // A format is text for people and scripts; --json asks for the other.
    if !arguments.flag(JSONOption.option) { fill(EventFormat.option, format) }
    return filled
  }

  /// The calendar to add to: the one typed, else the file's.
  func targetCalendar(_ typed: String?) -> String? {
    typed ?? calendar
  }

  /// Runs `body`, which adds to `name`; when the file named that calendar and there is none, says where the
  /// name came from, with the calendars there are.
  func namingCalendarSource<Value>(_ name: String?, typed: String?, _ body: () throws -> Value) throws -> Value {
    do {
      return try body()
    } catch let error as ServiceError where error.kind == .notFound && typed == nil && name == calendar {
      guard let path, let entry = entries[.calendar] else { throw error }
      throw CalError("\(TerminalText.sanitized(path)):\(entry.line): calendar: \(error.message)")
    }
  }
}

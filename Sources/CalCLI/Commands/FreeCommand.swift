import CalCore
import CalService

/// `cal free [DAYS|RANGE|DAY|MONTH|WEEK] [--for LENGTH] [--between TIME-TIME] [--on DAYS]`: when the events
/// leave room, to fit a meeting in.
struct FreeCommand: Command {
  static let between = OptionSpec(
    "between", value: "hours", help: "The hours to look in: 9-17 (the default), 8:30-18:00, 9am-5pm, 18-24.")
  static let length = OptionSpec(
    "for", value: "length", help: "The shortest free time worth listing: 30m (the default), 1h, 1h30, 2h.")
  static let days = OptionSpec(
    "on", value: "days", help: "Only these weekdays: mon-fri, mon,wed,fri (default: every day).")

  static let spec = CommandSpec(
    name: "free", abstract: "Find free time between your events.",
    discussion: """
      Lists the free stretches of the next 7 days (today from now on, and six more), between 9:00 and 17:00 \
      and at least 30 minutes long, under a heading for each day, as agenda does. Timed events of every \
      calendar are busy; all-day events (a birthday, a holiday) and events without a length are not. \
      --from and --to give the days as agenda takes them.
      """,
    arguments: [
      ArgumentSpec(
        "days",
        help:
          "Where to look: a number of days (30), of days, weeks, months or years (10d, 2w, 1m, 1y), a range "
          + "(2024-05-20..2024-05-31, today..fri), one day or month (tomorrow, fri, june), a week (this or "
          + "next week), or a year (2025, next year; 2025d is that many days); see cal help dates.",
        isOptional: true, takesRest: true)
    ],
    options: RangeOptions.options(days: AgendaCommand.defaultDays) + [
      between, length, days, CalendarOption.filter, TimeFormat.option, JSONOption.option, StoreOptions.option,
    ])

  let first: CivilDate
  let last: CivilDate
  let hours: FreeTime.Hours
  let minimumMinutes: Int
  let weekdays: Set<Weekday>
  /// ` on mon-fri`, as `--on` was given, for the sentence that says nothing was found; empty without it.
  let onDays: String
  let calendarName: String?
  let json: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    (first, last) = try AgendaCommand.window(arguments, context: context, refusing: "cal free looks from now on")
    hours = try arguments.value(Self.between).map(Self.hours) ?? .office
    minimumMinutes =
      try arguments.value(Self.length).map { (text) throws(UsageError) in
        try DateReader(context).length(text, for: Self.length)
      } ?? 30
    if let text = arguments.value(Self.days) {
      let (days, _) = try ScheduleOptions.days(text, frequency: .weekly, option: Self.days.long)
      weekdays = Set(days.map(\.weekday))
      onDays = " on " + TerminalText.sanitized(text)
    } else {
      weekdays = Set(Weekday.allCases)
      onDays = ""
    }
    calendarName = try CalendarOption.parse(arguments)
    json = arguments.flag(JSONOption.option)
    store = try StoreOptions(arguments)
  }

  /// `9-17`, `8:30-18:00`, `9am-5pm`: a start and an end on the same day, the end `24`, `24:00` or
  /// `midnight` for the day's end.
  static func hours(_ text: String) throws(UsageError) -> FreeTime.Hours {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    let shape = "--between \(TerminalText.sanitized(text)): give the hours as 9-17, 8:30-18:00 or 9am-5pm"
    guard parts.count == 2, parts.allSatisfy({ !$0.trimmingWhitespace().isEmpty }) else { throw UsageError(shape) }
    let start: TimeOfDay
    var end: Int
    do {
      start = try TimeExpression.time(String(parts[0]))
      let endText = parts[1].trimmingWhitespace().lowercased()
      end = endText == "24" || endText == "24:00" ? 1440 : try TimeExpression.time(endText).minutes
    } catch {
      throw UsageError("--between: \(error)")
    }
    if end == 0 { end = 1440 }
    guard let hours = FreeTime.Hours(start: start.minutes, end: end) else {
      throw UsageError("\(shape): the end comes after the start, on the same day")
    }
    return hours
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context, for: .read)
    // From the next whole minute: free time is told in minutes.
    let notBefore = first > context.today ? Int64.min : (context.now() + 59_999).floorDivided(by: 60_000) * 60
    var buffer = TextBuffer(capacity: 1 << 12)
    let lines = EventLineWriter(context: context)
    var day: CivilDate?
    try calendar.forEachFreeSlot(
      from: first, through: last, hours: hours, weekdays: weekdays, notBefore: notBefore,
      minimumMinutes: minimumMinutes, calendar: calendarName
    ) { slot in
      if json {
        buffer.append(literal: day == nil ? "[{\"date\":" : ",{\"date\":")
        buffer.append(jsonDate: slot.day)
        buffer.append(literal: ",\"start\":")
        buffer.append(jsonTimestamp: slot.start * 1000, zone: context.localZone)
        buffer.append(literal: ",\"end\":")
        buffer.append(jsonTimestamp: slot.end * 1000, zone: context.localZone)
        buffer.append(literal: ",\"minutes\":")
        buffer.append(digits: Int64(slot.minutes))
        buffer.append(byte: UInt8(ascii: "}"))
      } else {
        if day != slot.day {
          buffer.append(AgendaListing.headingLine(slot.day, today: context.today, locale: context.locale))
          buffer.append(byte: UInt8(ascii: "\n"))
        }
        buffer.append(literal: "  ")
        // Free until the day's end is free until 24:00, not 00:00.
        let nextMidnight = context.localZone.utc(fromLocal: Int64(slot.day.daysSince1970 + 1) * 86_400)
        lines.writeSpan(from: slot.start, to: slot.end == nextMidnight ? nil : slot.end, into: &buffer)
        buffer.append(literal: "  ")
        buffer.append(Self.length(slot.minutes))
        buffer.append(byte: UInt8(ascii: "\n"))
      }
      day = slot.day
      if buffer.count >= 1 << 12 {
        buffer.withBytes { context.output.write($0) }
        buffer.removeAll()
      }
      return true
    }
    if json {
      buffer.append(literal: day == nil ? "[]\n" : "]\n")
    } else if day == nil {
      let span = first > context.today ? "from \(first)" : "from now"
      buffer.append(
        "No free time of \(Self.length(minimumMinutes)) or more \(span) through \(last)\(onDays) "
          + "between \(context.locale.clock.text(minutes: hours.start)) and "
          + "\(context.locale.clock.text(minutes: hours.end)).\n")
    }
    buffer.withBytes { context.output.write($0) }
  }

  /// `7h45m`, `24h`, `25h` (on the day the clocks go back): hours, never days, since a stretch lies within a
  /// day's hours.
  private static func length(_ minutes: Int) -> String {
    let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
    return hours == 0 ? "\(rest)m" : rest == 0 ? "\(hours)h" : "\(hours)h\(rest)m"
  }
}

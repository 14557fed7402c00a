import CalCore
import CalService

/// The options that say when an event happens, shared by `add` and `edit`: each is applied to a draft
/// (a new event's, or the stored one's), and the result is checked as a whole.
struct ScheduleOptions {
  static let at = OptionSpec(
    "at", value: "time",
    help: "The start time: 9, 9:30, 9.30, 9h30, 21:30, 9am, 9:30pm, noon; without it the event lasts all day.")
  static let length = OptionSpec(
    "for", value: "length", help: "How long a timed event lasts: 45m, 1h, 1h30m, 1h30, 1.5h, 90 (minutes), 2d.")
  static let end = OptionSpec("end", value: "time", help: "When a timed event ends, the same day: 10:15, 5pm.")
  static let to = OptionSpec("to", value: "date", help: "The last day of an all-day event (inclusive).")
  static let allDay = OptionSpec("all-day", help: "Make a timed event an all-day one.")
  static let timeZone = OptionSpec(
    "tz", value: "zone",
    help: "The event's own time zone, such as Europe/Berlin; it is shown converted to yours (local: none).")
  static let note = OptionSpec("note", value: "note", help: "A longer description (\"\" removes it).")
  static let location = OptionSpec("location", value: "place", help: "Where it happens (\"\" removes it).")
  static let repeats = OptionSpec(
    "repeat", value: "how",
    help:
      "daily, weekdays (Monday to Friday), weekly, monthly or yearly, or in words: every 2 weeks, every other "
      + "month, every tue and thu (none ends the repetition).")
  static let every = OptionSpec("every", value: "n", help: "Repeat every N days, weeks, months or years.")
  static let count = OptionSpec("count", value: "n", help: "Repeat N times in all.")
  static let until = OptionSpec("until", value: "date", help: "Repeat up to this day.")
  static let rrule = rrule(besides: "on")
  /// `--rrule`, whose help names the option that gives a repeat's days in this command (`--on`, `--repeat-on`).
  static func rrule(besides repeatDaysName: String) -> OptionSpec {
    OptionSpec(
      "rrule", value: "rule",
      help: "The whole rule in RFC 5545 terms, such as 'FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU' (instead of --repeat, "
        + "--every and --\(repeatDaysName); --count and --until replace its COUNT or UNTIL).")
  }
  /// `--on` for `add`; `edit` takes the same as `--repeat-on`, since its `--on` picks an occurrence.
  static func repeatDays(_ name: String) -> OptionSpec {
    OptionSpec(
      name, value: "days",
      help: "Weekly: mon,wed,fri. Monthly: 2nd-tue, last-fri, or days of the month such as 1,15 or last.")
  }

  /// The command the options are for: each explains them in its own terms.
  enum Command {
    case add, edit
  }

  /// The options for `command`'s spec, each with that command's help (the same long names, so the
  /// options read the same either way).
  static func all(for command: Command) -> [OptionSpec] {
    switch command {
    case .add:
      return [
        at, length, end, to,
        timeZone.withHelp("The event's own time zone, such as Europe/Berlin; it is shown converted to yours."),
        note.withHelp("A longer description."), location.withHelp("Where it happens."),
        repeats.withHelp(
          "daily, weekdays (Monday to Friday), weekly, monthly or yearly, or in words: every 2 weeks, every other "
            + "month, every tue and thu."), every, count, until,
        repeatDays("on"), rrule,
      ]
    case .edit:
      return [
        at.withHelp(
          "A new start time: 9, 9:30, 9.30, 9h30, 21:30, 9am, 9:30pm, noon (a timed event keeps its length; --all-day "
            + "removes the time)."),
        length.withHelp("A new length for a timed event: 45m, 1h30m, 2d."),
        end.withHelp("A new end time, the same day: 10:15, 5pm."),
        to.withHelp("A new last day for an all-day event (inclusive)."), allDay,
        timeZone.withHelp("A time zone of its own, such as Europe/Berlin; local puts it back on your clock."),
        note.withHelp("A new description; \"\" removes it."), location.withHelp("A new place; \"\" removes it."),
        repeats.withHelp(
          "daily, weekdays, weekly, monthly or yearly, or in words (every 2 weeks, every tue and thu); none makes "
            + "a series a one-off event."), every,
        count,
        until, repeatDays("repeat-on"), rrule(besides: "repeat-on"),
      ]
    }
  }

  let arguments: ParsedArguments
  let dates: DateReader
  /// An end time given otherwise than by `--end` (the words after `add`'s date: `9:00 10:30`), read as
  /// `--end` is.
  var endTime: TimeOfDay?
  /// The length of a timed event given no length or end (the configuration file's `length`, for `add`).
  var defaultLength: String?
  /// What `--repeat` takes besides `none`, in the order help and completion list them.
  static let repeatWords: [(word: String, frequency: RecurrenceRule.Frequency)] = [
    ("daily", .daily), ("weekdays", .weekly), ("weekly", .weekly), ("monthly", .monthly), ("yearly", .yearly),
  ]

  /// The name of the option that gives the days of a weekly or monthly repeat.
  var repeatDaysName = "on"

  /// Whether any option that changes the schedule was given.
  var changesSchedule: Bool {
    [
      Self.at, Self.length, Self.end, Self.to, Self.allDay, Self.timeZone, Self.repeats, Self.every, Self.count,
      Self.until, Self.repeatDays(repeatDaysName), Self.rrule,
    ].contains { arguments.isGiven($0) }
  }

  /// A note or location option: `nil` when not given, `.some(nil)` when given empty (to remove it).
  func text(_ option: OptionSpec) -> String?? {
    guard let value = arguments.value(option) else { return nil }
    return .some(value.isEmpty ? nil : value)
  }

  /// `fields` with the options applied, checked: the title, note and location when given, and the
  /// schedule. `newDay` moves the start (and an all-day span with it).
  func apply(to fields: EventFields, title: String? = nil, newDay: CivilDate?, context: CommandContext)
    throws(UsageError) -> EventFields
  {
    var changed = fields
    if let title { changed.title = title }
    if let note = text(Self.note) { changed.note = note }
    if let location = text(Self.location) { changed.location = location }
    changed.schedule = try apply(to: fields.schedule, newDay: newDay, context: context)
    return changed
  }

  /// `draft` with the schedule options applied, checked.
  private func apply(to draft: EventSchedule, newDay: CivilDate?, context: CommandContext) throws(UsageError)
    -> EventSchedule
  {
    var schedule = draft
    if let newDay {
      if let endDay = schedule.endDay {
        schedule.endDay = endDay.adding(days: newDay.daysSince1970 - schedule.startDay.daysSince1970)
      }
      schedule.startDay = newDay
    }
    if arguments.flag(Self.allDay) {
      if arguments.value(Self.at) != nil { throw UsageError("give --at or --all-day, not both") }
      (schedule.startTime, schedule.lengthMinutes, schedule.lengthDays, schedule.timeZone) = (nil, nil, 0, nil)
    }
    if let text = arguments.value(Self.at) {
      schedule.startTime = try dates.time(text, for: Self.at)
      schedule.endDay = nil
    }
    let wallEndless = endTime == nil && arguments.value(Self.end) == nil
    if arguments.value(Self.length) != nil && arguments.value(Self.end) != nil {
      throw UsageError("give --for or --end, not both")
    }
    if let text = arguments.value(Self.length)
      ?? defaultLength.flatMap({ schedule.startTime != nil && !schedule.hasLength && wallEndless ? $0 : nil })
    {
      // Days are counted on the clock (the same time so many days later), hours and minutes exactly.
      let minutes = try dates.length(text, for: Self.length)
      (schedule.lengthDays, schedule.lengthMinutes) = EventLength.parts(
        minutes: minutes, days: LengthExpression.days(text))
    }
    var wallEnd = endTime
    if let text = arguments.value(Self.end) {
      let end = try dates.time(text, for: Self.end)
      guard let start = schedule.startTime else { throw UsageError("--end needs a start time: give --at too") }
      guard end > start else {
        let clock = context.locale.clock
        throw UsageError("--end \(end.description(on: clock)) is not after the start \(start.description(on: clock))")
      }
      (schedule.lengthDays, schedule.lengthMinutes) = (0, end.minutes - start.minutes)
      wallEnd = end
    }
    if let text = arguments.value(Self.to) {
      guard schedule.startTime == nil else {
        throw UsageError("--to is for all-day events; give a timed event a length with --for, such as --for 2d")
      }
      // A last day without a year is the coming one from the first (fri 12-30 --to 1-2 runs into January).
      let endDay = try dates.day(text, for: Self.to, yearlessFrom: schedule.startDay)
      guard endDay >= schedule.startDay else {
        throw UsageError("--to \(endDay) is before the start \(schedule.startDay)")
      }
      schedule.endDay = endDay == schedule.startDay ? nil : endDay
    }
    if let zone = arguments.value(Self.timeZone) {
      if zone == "local" || zone.isEmpty {
        schedule.timeZone = nil
      } else {
        _ = try Self.zone(zone, context: context)
        schedule.timeZone = zone
      }
    }
    if schedule.startTime == nil {
      if schedule.hasLength {
        throw UsageError("\(arguments.isGiven(Self.end) ? "--end" : "--for") needs a start time: give --at too")
      }
      if schedule.timeZone != nil { throw UsageError("--tz is for events with a time: give --at too") }
    }
    schedule.rule = try rule(for: schedule, context: context)
    // An end time is what the clocks show: on the day they change, a one-off event lasts the time that passes
    // between its start and that end (1:30 to 3:30 is one hour the night they go forward, three the night they
    // go back). A series keeps the length on the clock, right on its other days.
    if let wallEnd, schedule.rule == nil, let start = schedule.startTime {
      let zone =
        try schedule.timeZone.map { name throws(UsageError) in try Self.zone(name, context: context) }
        ?? context.localZone
      let day = Int64(schedule.startDay.daysSince1970) * 86_400
      let elapsed =
        zone.utc(fromLocal: day + Int64(wallEnd.minutes) * 60) - zone.utc(fromLocal: day + Int64(start.minutes) * 60)
      if elapsed > 0 { schedule.lengthMinutes = Int(elapsed / 60) }
    }
    return schedule
  }

  /// The zone called `name`; a name the system does not know is a usage error.
  private static func zone(_ name: String, context: CommandContext) throws(UsageError) -> ZoneInfo {
    do {
      return try context.zones.zone(name)
    } catch {
      throw UsageError(error.description)
    }
  }

  /// A whole number from `range` (the limits `RecurrenceRule` itself checks, so that what is written can be
  /// read back).
  private func number(_ option: OptionSpec, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = arguments.value(option) else { return nil }
    let digits = !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
    guard digits, let value = Int(text), value >= range.lowerBound else {
      // Digits too many for an Int are a number too large, not something other than a number.
      if digits && Int(text) == nil { throw UsageError("--\(option.long) \(text): at most \(range.upperBound)") }
      throw UsageError("--\(option.long) \(text): expected a whole number of at least \(range.lowerBound)")
    }
    guard value <= range.upperBound else {
      throw UsageError("--\(option.long) \(text): at most \(range.upperBound)")
    }
    return value
  }

  /// The recurrence rule after the options, or the draft's own.
  private func rule(for schedule: EventSchedule, context: CommandContext) throws(UsageError) -> RecurrenceRule? {
    let repeats = arguments.value(Self.repeats)
    // A repeat in words (`every 2 weeks`, `every tue and thu`) says what --repeat, --every and --on say: not
    // twice.
    let phrase = try repeats.flatMap { RepeatPhrase.isPhrase($0) ? $0 : nil }.map { text throws(UsageError) in
      do {
        return try RepeatPhrase(parsing: text)
      } catch {
        throw UsageError("--repeat '\(text)': \(error)")
      }
    }
    if let phrase, let text = repeats {
      if phrase.interval != nil, let given = arguments.value(Self.every) {
        throw UsageError("--repeat '\(text)' says how often already: give it without --every \(given)")
      }
      if phrase.days != nil, let given = arguments.value(Self.repeatDays(repeatDaysName)) {
        throw UsageError("--repeat '\(text)' names the days already: give it without --\(repeatDaysName) \(given)")
      }
    }
    var every = phrase?.interval
    if every == nil { every = try number(Self.every, in: RecurrenceRule.intervalRange) }
    let count = try number(Self.count, in: RecurrenceRule.countRange)
    // Without a year, the coming day from the series' first (12-30 --until 1-5 runs into January), or from
    // today for one begun before it: an old series' --until 6-30 is not a June long gone, ending it unseen.
    let until = try arguments.value(Self.until).map { text throws(UsageError) in
      try dates.day(text, for: Self.until, yearlessFrom: max(schedule.startDay, dates.today))
    }
    // `--repeat weekdays` is weekly on Monday to Friday, checked as `--on mon-fri` is.
    let weekdays = repeats == "weekdays" || phrase?.days == "mon-fri"
    if weekdays, let on = arguments.value(Self.repeatDays(repeatDaysName)) {
      throw UsageError(
        "--repeat weekdays is Monday to Friday, without --\(repeatDaysName) \(on): give --repeat weekly --\(repeatDaysName) DAYS"
      )
    }
    let on = weekdays ? "mon-fri" : phrase?.days ?? arguments.value(Self.repeatDays(repeatDaysName))
    var rule = schedule.rule
    if let text = arguments.value(Self.rrule) {
      if repeats != nil || every != nil || on != nil {
        throw UsageError("--rrule is the whole rule: give it without --repeat, --every or --\(repeatDaysName)")
      }
      rule = try Self.rule(parsing: text)
      // A DATE-TIME UNTIL is an instant: the last day is the last one whose occurrence starts by then, on the
      // event's clock (its zone's, or the user's), as an import reads it.
      let zone = try schedule.timeZone.map { name throws(UsageError) in try Self.zone(name, context: context) }
      do {
        if let until = try RecurrenceRule.untilDay(
          in: text, startTime: schedule.startTime, zone: zone ?? context.localZone)
        {
          rule?.until = until
        }
      } catch {
        throw UsageError("--rrule: \(error)")
      }
      // As --until before the start is refused: such a series would never happen (an import keeps one as the
      // file has it). --until or --count given with it replace its end.
      if let end = rule?.until, end < schedule.startDay, until == nil, count == nil {
        throw UsageError(
          "--rrule: its UNTIL, \(end), is before the start \(schedule.startDay): the series would never happen")
      }
    }
    if let text = repeats {
      if text == "none" {
        if every != nil || count != nil || until != nil || on != nil {
          throw UsageError("--repeat none cannot take --every, --count, --until or --\(repeatDaysName)")
        }
        return nil
      }
      guard
        let frequency = phrase?.frequency ?? Self.repeatWords.first(where: { $0.word == text })?.frequency
      else {
        throw UsageError(
          "unknown repeat '\(text)': use daily, weekdays, weekly, monthly, yearly or none, or words such as "
            + "every 2 weeks or every tue and thu")
      }
      rule = RecurrenceRule(frequency: frequency)
    }
    guard var rule else {
      if every != nil || count != nil || until != nil || on != nil {
        throw UsageError("--every, --count, --until and --\(repeatDaysName) need --repeat or --rrule")
      }
      return nil
    }
    if let every { rule.interval = every }
    if count != nil && until != nil { throw UsageError("give --count or --until, not both") }
    if let count { (rule.count, rule.until) = (count, nil) }
    if let until {
      guard until >= schedule.startDay else {
        throw UsageError("--until \(until) is before the start \(schedule.startDay)")
      }
      (rule.until, rule.count) = (until, nil)
    }
    if let on {
      // Days the words name are the words' to answer for: the user gave no --on.
      let subject = phrase?.days != nil ? repeats.map { "--repeat '\($0)': on" } : nil
      (rule.byDay, rule.byMonthDay) = try Self.days(
        on, frequency: rule.frequency, option: repeatDaysName, subject: subject)
    } else if repeats != nil {
      (rule.byDay, rule.byMonthDay) = ([], [])
    }
    // DTSTART must be an occurrence, as RFC 5545 asks; otherwise the series would start on a day it
    // does not repeat on.
    if let on, !Recurrence(start: schedule.startDay, rule: rule).startFollowsRule {
      // The nearest later day the series could start on, so that the fix is one word (years on, for 29
      // February).
      let start = schedule.startDay
      let next = (1...(9 * 366)).lazy.compactMap { start.adding(days: $0) }
        .prefix { day in rule.until.map { day <= $0 } ?? true }
        .first { Recurrence(start: $0, rule: rule).startFollowsRule }
      // The days in the words the user gave: --repeat weekdays names no days.
      let days = weekdays ? "a weekday (Monday to Friday)" : "one of the days '\(on)'"
      throw UsageError(
        "\(start) is not \(days): start the series on a day it repeats on"
          + (next.map { ", such as \($0) (\(CalendarLocale.english.weekdayFullNames[$0.weekday.rawValue]))" } ?? ""))
    }
    return rule
  }

  /// An RRULE value, `RRULE:` before it or not, checked as an imported rule is.
  static func rule(parsing text: String) throws(UsageError) -> RecurrenceRule {
    var value = Substring(text).trimmingWhitespace()
    if value.prefix(6).uppercased() == "RRULE:" { value = value.dropFirst(6) }
    guard !value.isEmpty else { throw UsageError("--rrule needs a rule, such as FREQ=WEEKLY;BYDAY=MO,FR") }
    // The error names the part it stops at: one line, so no line breaks or escapes may be echoed in it.
    guard value.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }) else {
      throw UsageError("--rrule takes one line of RFC 5545 text, such as FREQ=WEEKLY;BYDAY=MO,FR")
    }
    do {
      return try RecurrenceRule(parsing: String(value))
    } catch .unsupported(let part) {
      throw UsageError(
        "--rrule: \(RecurrenceError.unsupported(part)); cal reads FREQ=DAILY, WEEKLY, MONTHLY or YEARLY with "
          + "INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS and WKST, and BYYEARDAY and BYWEEKNO "
          + "with YEARLY")
    } catch {
      throw UsageError("--rrule: \(error)")
    }
  }

  /// `--on` for weekly (weekdays) or monthly (nth weekdays or days of the month) repeats; an error names
  /// `subject` (`--on` when not given).
  static func days(
    _ text: String, frequency: RecurrenceRule.Frequency, option: String, subject: String? = nil
  ) throws(UsageError) -> ([RecurrenceRule.WeekdayOccurrence], [Int]) {
    let option = subject ?? "--\(option)"
    let items = text.lowercased().split(separator: ",").map { $0.trimmingWhitespace() }
    guard !items.isEmpty, items.allSatisfy({ !$0.isEmpty }) else {
      throw UsageError("\(option) needs at least one day")
    }
    switch frequency {
    case .weekly:
      var weekdays: [RecurrenceRule.WeekdayOccurrence] = []
      for item in items {
        if let weekday = RepeatDayWords.weekday(parsing: item, ordinals: false) {
          weekdays.append(weekday)
        } else if let run = RepeatDayWords.weekdayRun(parsing: item) {
          weekdays += run
        } else {
          throw UsageError("\(option) \(item): expected weekdays such as mon,wed,fri or a run such as mon-fri")
        }
      }
      // A day named twice (`mon-fri,wed`) is one day of the rule.
      var seen = Set<Weekday>()
      return (weekdays.filter { seen.insert($0.weekday).inserted }, [])
    case .monthly:
      var weekdays: [RecurrenceRule.WeekdayOccurrence] = []
      var monthDays: [Int] = []
      for item in items {
        if let day = RepeatDayWords.monthDay(parsing: item) {
          monthDays.append(day)
        } else if let weekday = RepeatDayWords.weekday(parsing: item, ordinals: true), weekday.ordinal != nil {
          weekdays.append(weekday)
        } else {
          throw UsageError(
            "\(option) \(item): expected 1st to 5th, last or 2nd-last with a weekday (2nd-tue, last-fri, "
              + "2nd-last-fri), or a day of the month (15, last, 2nd-last)")
        }
      }
      if !weekdays.isEmpty && !monthDays.isEmpty {
        throw UsageError("\(option) takes weekdays such as 2nd-tue or days of the month such as 15, not both")
      }
      return (weekdays, monthDays)
    case .daily, .yearly:
      throw UsageError("\(option) is for weekly and monthly repeats")
    }
  }
}

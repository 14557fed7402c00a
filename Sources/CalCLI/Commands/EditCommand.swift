import CalCore
import CalStorage

/// `cal edit ID [--on DATE [--from-here]] [--title T] [--date D] [--at ...] ...`
struct EditCommand: Command {
  static let title = OptionSpec("title", value: "title", help: "A new title.")
  static let date = OptionSpec("date", value: "date", help: "Move the event (or the occurrence) to this day.")
  static let on = OptionSpec(
    "on", value: "date", help: "Edit only the occurrence of the series on this day, leaving the rest as it is.")
  static let fromHere = OptionSpec(
    "from-here", help: "With --on: edit this and every following occurrence (the series is split in two).")

  static let spec = CommandSpec(
    name: "edit", abstract: "Change an event, a whole series, or one occurrence of a series.",
    discussion: """
      Options not given keep their values. A note or location given as "" is removed; --tz local \
      puts a timed event back on your own clock; --repeat none makes a series a one-off event.
      """,
    arguments: [ArgumentSpec("id", help: "The event's id, as add and list print it (#3 or 3).")],
    options: [title, date, on, fromHere] + ScheduleOptions.all(repeatDays: "repeat-on")
      + [JSONOption.option, StoreOptions.option])

  let id: Int64
  let title: String?
  let newDay: CivilDate?
  let occurrence: CivilDate?
  let fromHere: Bool
  let options: ScheduleOptions
  let json: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    id = try parseEventID(arguments.positional(0) ?? "")
    title = arguments.value(Self.title.long)
    if let title, title.allSatisfy(\.isWhitespace) { throw UsageError("The title is empty: give the event a title") }
    newDay = try arguments.value(Self.date.long).map { text throws(UsageError) in
      try parseDay(text, today: context.today)
    }
    occurrence = try arguments.value(Self.on.long).map { text throws(UsageError) in
      try parseDay(text, today: context.today)
    }
    fromHere = arguments.flag(Self.fromHere.long)
    if fromHere && occurrence == nil { throw UsageError("--from-here needs --on DATE") }
    var options = ScheduleOptions(arguments: arguments, today: context.today)
    options.repeatDaysName = "repeat-on"
    self.options = options
    if occurrence != nil && !fromHere && arguments.value(ScheduleOptions.repeats.long) != nil {
      throw UsageError("one occurrence cannot repeat: use --from-here to change the series from that day on")
    }
    let changes =
      title != nil || newDay != nil || options.changesSchedule
      || options.text(ScheduleOptions.note) != nil || options.text(ScheduleOptions.location) != nil
    guard changes else {
      throw UsageError("Nothing to change: give --title, --date, --at, --note or another option")
    }
    json = arguments.flag(JSONOption.option.long)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context)
    let output = try calendar.write { () throws -> String in
      guard let event = try calendar.events.event(id: id) else { throw CalError("there is no event #\(id)") }
      guard let occurrence else {
        let updated = try update(event.fields, newDay: newDay, context: context)
        let saved = try calendar.events.update(id: id, updated, at: context.nowMilliseconds)!
        return try EventPresenter.report("Changed", saved, asJSON: json, context: context)
      }
      let schedule = try seriesSchedule(of: event, withOccurrenceOn: occurrence, in: calendar, command: "edit")
      return fromHere
        ? try split(event, schedule: schedule, at: occurrence, calendar: calendar, context: context)
        : try editOccurrence(event, on: occurrence, calendar: calendar, context: context)
    }
    context.print(output)
  }

  /// `fields` with the options applied.
  private func update(_ fields: EventFields, newDay: CivilDate?, context: CommandContext) throws -> EventFields {
    let schedule = try options.apply(to: try fields.schedule(), newDay: newDay, context: context)
    var updated = fields.with(schedule: schedule)
    if let title { updated.title = title }
    if let note = options.text(ScheduleOptions.note) { updated.note = note }
    if let location = options.text(ScheduleOptions.location) { updated.location = location }
    return updated
  }

  /// Edits one occurrence: a row of its own that replaces the series' occurrence on that day.
  private func editOccurrence(
    _ event: EventRecord, on day: CivilDate, calendar: CalendarStore, context: CommandContext
  ) throws -> String {
    if let existing = try calendar.events.override(of: id, on: day.description) {
      let updated = try update(existing.fields, newDay: newDay, context: context)
      let saved = try calendar.events.update(id: existing.id, updated, at: context.nowMilliseconds)!
      return try EventPresenter.report(
        "Changed the \(day) occurrence of #\(id), now", saved, asJSON: json, context: context)
    }
    var single = try event.fields.schedule()
    single.endDay = single.endDay?.adding(days: day.daysSince1970 - single.startDay.daysSince1970)
    single.startDay = day
    single.rule = nil
    var fields = event.fields.with(schedule: single)
    fields.parentID = id
    fields.recurrenceDay = day.description
    fields.uid = nil
    let updated = try update(fields, newDay: newDay, context: context)
    let saved = try calendar.events.insert(updated, at: context.nowMilliseconds)
    return try EventPresenter.report(
      "Changed the \(day) occurrence of #\(id), now", saved, asJSON: json, context: context)
  }

  /// Edits this and every following occurrence: the series ends the day before, and a new series with the
  /// changes takes over from `day`, with the exceptions and edited occurrences that fall in it.
  private func split(
    _ event: EventRecord, schedule: EventSchedule, at day: CivilDate, calendar: CalendarStore, context: CommandContext
  ) throws -> String {
    guard let rule = schedule.rule, day > schedule.startDay, let dayBefore = day.adding(days: -1) else {
      let updated = try update(event.fields, newDay: newDay, context: context)
      let saved = try calendar.events.update(id: id, updated, at: context.nowMilliseconds)!
      return try EventPresenter.report("Changed", saved, asJSON: json, context: context)
    }
    let earlier = schedule.recurrence!.occurrences(from: schedule.startDay, through: dayBefore).count
    var ending = schedule
    ending.rule?.count = nil
    ending.rule?.until = dayBefore
    _ = try calendar.events.update(id: id, event.fields.with(schedule: ending), at: context.nowMilliseconds)
    var following = schedule
    following.startDay = day
    if let endDay = schedule.endDay {
      following.endDay = endDay.adding(days: day.daysSince1970 - schedule.startDay.daysSince1970)
    }
    following.rule?.count = rule.count.map { $0 - earlier }
    var fields = event.fields.with(schedule: following)
    fields.uid = nil  // a series of its own, with a UID of its own
    fields = try update(fields, newDay: newDay, context: context)
    let saved = try calendar.events.insert(fields, at: context.nowMilliseconds)
    try calendar.events.moveExceptions(from: id, to: saved.id, onOrAfter: day.description)
    return try EventPresenter.report(
      "Split #\(id) on \(day); from there on it is", saved, asJSON: json, context: context)
  }
}

import CalCore

/// `--remind` (repeatable), `--remind-at` and, for `edit`, `--no-remind`: when `cal remind` tells about an
/// event.
struct ReminderOptions {
  static let remind = OptionSpec(
    "remind", value: "when",
    help: "Remind this long before the start: 15m, 1h, 1d; or +10m, start, end, end-5m, tomorrow 8am. Repeatable.")
  static let remindAt = OptionSpec(
    "remind-at", value: "time", help: "For an all-day event: the time its reminders count from (default 9am).")
  static let noRemind = OptionSpec("no-remind", help: "Remove the event's reminders.")

  /// The options of `add`.
  static let forAdd = [
    remind, noRemind.withHelp("Add no reminders, whatever the configuration file's remind says."), remindAt,
  ]
  /// The options of `edit`: given reminders replace the event's.
  static let forEdit = [remind, noRemind, remindAt]

  /// The reminders given, in order, each once; `nil` when none were given.
  let reminders: [Reminder]?
  /// `--remind-at`.
  let allDayTime: TimeOfDay?
  /// `--no-remind`.
  let removesAll: Bool

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    let texts = arguments.values(Self.remind)
    var reminders: [Reminder] = []
    for text in texts {
      do {
        let reminder = try ReminderExpression.reminder(
          text, today: context.today, locale: context.locale, localZone: context.localZone)
        if !reminders.contains(reminder) { reminders.append(reminder) }
      } catch {
        throw UsageError("--remind: \(error)")
      }
    }
    self.reminders = texts.isEmpty ? nil : reminders
    allDayTime = try arguments.value(Self.remindAt).map { text throws(UsageError) in
      try DateReader(context).time(text, for: Self.remindAt)
    }
    removesAll = arguments.flag(Self.noRemind)
    if removesAll && (self.reminders != nil || allDayTime != nil) {
      throw UsageError("give --no-remind or --remind and --remind-at, not both")
    }
    guard reminders.count <= Reminder.maximumCount else {
      throw UsageError("--remind: at most \(Reminder.maximumCount) reminders")
    }
  }

  /// Whether any of the options was given.
  var changesReminders: Bool { reminders != nil || allDayTime != nil || removesAll }

  /// `fields` with the reminders given (or with `--remind-at` applied to those it has), checked against the
  /// event's schedule as it now is.
  func apply(to fields: EventFields) throws(UsageError) -> EventFields {
    var changed = fields
    if removesAll { changed.reminders = [] }
    if let reminders { changed.reminders = reminders }
    if let allDayTime {
      guard changed.schedule.isAllDay else {
        throw UsageError("--remind-at is for all-day events; a timed event's reminders count from its start")
      }
      guard !changed.reminders.isEmpty else { throw UsageError("--remind-at needs a reminder: give --remind too") }
      for index in changed.reminders.indices where changed.reminders[index].offsetSeconds != nil {
        changed.reminders[index].allDayTime = allDayTime
      }
    }
    return changed
  }
}

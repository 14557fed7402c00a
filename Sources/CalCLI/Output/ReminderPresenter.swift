import CalCore
import CalService

/// How a reminder that is due is told: a line, a JSON object, or the environment of a command run for it.
enum ReminderPresenter {
  /// `Reminder (15m before): 2024-05-12  14:30-15:15  #2  dentist @ Praxis`; late ones say when they were
  /// due, missed ones say they were missed, and one missed many times says how often, from when to when
  /// (`Missed 30 reminders (5m before, due 2024-04-12 08:55 to 2024-05-11 08:55): #3 standup`).
  static func line(_ notice: ReminderNotice, context: CommandContext) -> String {
    let reminder = EventPresenter.reminderText(
      notice.reminder, isAllDay: notice.item.schedule.isAllDay, context: context)
    if notice.count > 1 {
      return "Missed \(notice.count) reminders (\(reminder), due \(clock(notice.due, context: context)) to "
        + "\(clock(notice.lastDue, context: context))): \(name(notice))"
    }
    let event = EventPresenter.line(notice.item, context: context, withNote: false, withReminders: false)
    switch notice.outcome {
    case .onTime: return "Reminder (\(reminder)): \(event)"
    case .late: return "Late reminder (\(reminder), due \(clock(notice.due, context: context))): \(event)"
    case .missed: return "Missed reminder (\(reminder), due \(clock(notice.due, context: context))): \(event)"
    }
  }

  /// `{"outcome", "due", "count", "lastDue", "reminder", "event"}`.
  static func json(_ notice: ReminderNotice, context: CommandContext) -> JSONValue {
    .object([
      ("outcome", .string(notice.outcome.rawValue)),
      ("due", .string(context.localTimestamp(notice.due * 1000))),
      ("count", .integer(Int64(notice.count))),
      ("lastDue", .string(context.localTimestamp(notice.lastDue * 1000))),
      ("reminder", EventPresenter.reminderJSON(notice.reminder, of: notice.item, context: context)),
      ("event", EventPresenter.json(notice.item, context: context)),
    ])
  }

  /// What a command run for the reminder finds in its environment: `CAL_TITLE`, `CAL_START`, `CAL_END`,
  /// `CAL_LOCATION`, `CAL_NOTE`, `CAL_ID`, `CAL_OCCURRENCE`, `CAL_DUE` and `CAL_OUTCOME`, after what `cal`
  /// itself inherited.
  static func environment(_ notice: ReminderNotice, context: CommandContext) -> [String] {
    let (start, end) = EventPresenter.bounds(notice.item, context: context)
    let event = notice.item.event
    let variables = [
      ("CAL_TITLE", event.title), ("CAL_START", start), ("CAL_END", end), ("CAL_LOCATION", event.location ?? ""),
      ("CAL_NOTE", event.note ?? ""), ("CAL_ID", String(event.id)),
      ("CAL_OCCURRENCE", notice.item.occurrence.occurrenceDay.description),
      ("CAL_DUE", context.localTimestamp(notice.due * 1000)), ("CAL_OUTCOME", notice.outcome.rawValue),
    ]
    let names = Set(variables.map { $0.0 + "=" })
    let inherited = context.inheritedEnvironment().filter { entry in
      !names.contains { entry.hasPrefix($0) }
    }
    return inherited + variables.map { "\($0.0)=\($0.1)" }
  }

  /// `Warning: the command run for the reminder of #2 dentist (due 14:15) ended with exit status 3`.
  static func failure(_ notice: ReminderNotice, _ failure: String, context: CommandContext) -> String {
    "Warning: "
      + ErrorMessage.text(
        "the command run for the reminder of \(name(notice)) (due \(clock(notice.due, context: context))) " + failure)
  }

  /// `#2 dentist`.
  private static func name(_ notice: ReminderNotice) -> String {
    "#\(notice.item.event.id) \(TerminalText.sanitized(notice.item.event.title))"
  }

  /// `14:15` today, else `2024-05-11 14:15`, on the user's clock.
  private static func clock(_ instant: Int64, context: CommandContext) -> String {
    guard let local = context.localZone.wallClock(atUTC: instant) else { return String(instant) }
    let time = context.locale.clock.text(minutes: local.secondOfDay / 60)
    return local.date == context.serviceEnvironment.today ? time : "\(local.date) \(time)"
  }
}

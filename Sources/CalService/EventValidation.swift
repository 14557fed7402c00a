public import CalCore

/// The rules every event must meet before it is stored, whichever front end made it: what one command
/// writes, every command must be able to read back.
public enum EventValidation {
  /// Checks `fields`.
  ///
  /// - Throws: `ServiceError.invalidRequest` naming the first problem: an empty title, a time zone this
  ///   system does not know, a recurrence rule outside what `cal` reads back.
  public static func check(_ fields: EventFields, zones: ZoneLoader) throws(ServiceError) {
    if fields.title.allSatisfy(\.isWhitespace) {
      throw ServiceError(.invalidRequest, "The title is empty: give the event a title")
    }
    if let name = fields.schedule.timeZone, name != "UTC" {
      do {
        _ = try zones.zone(name)
      } catch {
        throw ServiceError(.invalidRequest, error.description)
      }
    }
    if let rule = fields.schedule.rule {
      do {
        try rule.validate()
      } catch {
        throw ServiceError(.invalidRequest, error.description)
      }
    }
    let schedule = fields.schedule
    let days = schedule.lengthDays
    if let length = schedule.lengthMinutes, !(1...EventLength.maximumMinutes).contains(length) {
      throw ServiceError(.invalidRequest, "an event lasts at least a minute and at most the calendar's span")
    }
    guard (0...EventLength.maximumMinutes / 1440).contains(days),
      days * 1440 + (schedule.lengthMinutes ?? 0) <= EventLength.maximumMinutes
    else {
      throw ServiceError(.invalidRequest, "an event lasts at least a minute and at most the calendar's span")
    }
    try checkReminders(fields.reminders)
  }

  /// The range of instants a reminder may be at: the calendar's years 1 to 9999, in Unix seconds.
  static let reminderInstants: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

  /// Checks that `reminders` are few enough, each once, and within the calendar's span of their event.
  private static func checkReminders(_ reminders: [Reminder]) throws(ServiceError) {
    guard reminders.count <= Reminder.maximumCount else {
      throw ServiceError(.invalidRequest, "an event has at most \(Reminder.maximumCount) reminders")
    }
    guard Set(reminders).count == reminders.count else {
      throw ServiceError(.invalidRequest, "the same reminder is given twice")
    }
    for reminder in reminders {
      switch reminder.trigger {
      case .start(let offset), .end(let offset):
        guard offset.magnitude <= UInt64(Reminder.maximumOffsetSeconds) else {
          throw ServiceError(.invalidRequest, "a reminder is at most the calendar's span away from its event")
        }
      case .at(let instant):
        guard reminderInstants.contains(instant) else {
          throw ServiceError(.invalidRequest, "a reminder's time must be within the years 1 to 9999")
        }
      }
    }
  }
}

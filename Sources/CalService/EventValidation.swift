public import CalCore

/// The rules every event must meet before it is stored, whichever front end made it: what one command
/// writes, every command must be able to read back.
public enum EventValidation {
  /// Checks `fields`.
  ///
  /// - Throws: `ServiceError.invalidRequest` naming the first problem: an empty title, a time zone this
  ///   system does not know, a recurrence rule outside what `cal` reads back, a rule for an occurrence of a
  ///   series, kept here or elsewhere.
  public static func check(_ fields: EventFields, zones: ZoneLoader) throws(ServiceError) {
    if fields.title.allSatisfy(\.isWhitespace) {
      throw ServiceError(.invalidRequest, "the title is empty: give the event a title")
    }
    if let link = fields.seriesLink, fields.schedule.rule != nil {
      // RFC 5545 gives an edited occurrence (RECURRENCE-ID) no rule of its own; dropping the link instead
      // would turn the invitation into a series of the user's that the inviter's copy no longer matches.
      throw ServiceError(
        .invalidRequest,
        "this event is one occurrence of a series kept elsewhere (UID \(link.uid)), which cannot repeat on "
          + "its own: add a new event that repeats instead")
    }
    if let series = fields.parentID, fields.schedule.rule != nil {
      // An occurrence of a series is written inside it (RECURRENCE-ID, RDATE), where a rule of its own has no
      // place: it would be listed as a series here and lost from every export and sync.
      let what = fields.recurrenceDay.map { "the \($0) occurrence" } ?? "an extra date"
      let fix =
        fields.recurrenceDay.map { "change the series from that day on (cal edit \(series) --on \($0) --from-here)" }
        ?? "change the series (cal edit \(series))"
      throw ServiceError(
        .invalidRequest, "this event is \(what) of the series #\(series), which cannot repeat on its own: \(fix)")
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
      if let problem = fields.schedule.overlapProblem {
        throw ServiceError(.invalidRequest, problem)
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

  /// Checks that `reminders` are few enough, each once, and within the calendar's span of their event.
  private static func checkReminders(_ reminders: [Reminder]) throws(ServiceError) {
    guard reminders.count <= Reminder.maximumCount else {
      throw ServiceError(.invalidRequest, "an event has at most \(Reminder.maximumCount) reminders")
    }
    guard Set(reminders).count == reminders.count else {
      throw ServiceError(.invalidRequest, "the same reminder is given twice")
    }
    for reminder in reminders where !reminder.isWithinBounds {
      switch reminder.trigger {
      case .start, .end:
        throw ServiceError(.invalidRequest, "a reminder is at most the calendar's span away from its event")
      case .at:
        throw ServiceError(.invalidRequest, "a reminder's time must be within the years 1 to 9999")
      }
    }
  }
}

public import CalCore

/// The rules every event must meet before it is stored, whichever front end made it: what one command
/// writes, every command must be able to read back.
public enum EventValidation {
  /// Checks `fields`.
  ///
  /// - Throws: `ServiceError.invalidRequest` naming the first problem: an empty title, a time zone this
  ///   system does not know, a recurrence rule outside what `cal` reads back, a rule for an occurrence of a
  ///   series kept elsewhere.
  public static func check(_ fields: EventFields, zones: ZoneLoader) throws(ServiceError) {
    if fields.title.allSatisfy(\.isWhitespace) {
      throw ServiceError(.invalidRequest, "The title is empty: give the event a title")
    }
    if let link = fields.seriesLink, fields.schedule.rule != nil {
      // RFC 5545 gives an edited occurrence (RECURRENCE-ID) no rule of its own; dropping the link instead
      // would turn the invitation into a series of the user's that the inviter's copy no longer matches.
      throw ServiceError(
        .invalidRequest,
        "this event is one occurrence of a series kept elsewhere (UID \(link.uid)), which cannot repeat on "
          + "its own: add a new event that repeats instead")
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
      // A series whose occurrences each outlast the time to the next would cover every day many times
      // over (a daily all-day event lasting from 1582 to 2024 lists 161,277 times on each day).
      let span = fields.schedule.spanDays
      let gap = fewestDaysBetweenStarts(of: rule, startingOn: fields.schedule.startDay)
      if span > gap {
        throw ServiceError(
          .invalidRequest,
          "each occurrence would last \(span + 1) days, longer than the \(gap) day\(gap == 1 ? "" : "s") from one"
            + " start to the next: shorten it or repeat less often")
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

  /// A lower bound on the days from one occurrence's start to the next's: exact for daily rules and weekly
  /// ones, a safe 1 where BY parts make several occurrences a period possible, 28 or 365 days a period
  /// otherwise.
  static func fewestDaysBetweenStarts(of rule: RecurrenceRule, startingOn start: CivilDate) -> Int {
    let interval = max(1, rule.interval)
    let (product, overflow) = interval.multipliedReportingOverflow(by: 7)
    switch rule.frequency {
    case .daily:
      return interval
    case .weekly:
      let weekdays = Set((rule.byDay.isEmpty ? [start.weekday] : rule.byDay.map(\.weekday)).map { $0.rawValue })
        .sorted()
      guard weekdays.count > 1 else { return overflow ? Int.max : product }
      let within = zip(weekdays, weekdays.dropFirst()).map { $1 - $0 }.min() ?? 7
      let across = overflow ? Int.max : product - (weekdays.last! - weekdays.first!)
      return min(within, across)
    case .monthly:
      let several =
        rule.byDay.count + rule.byMonthDay.count > 1 || rule.bySetPosition.count > 1
        || rule.byDay.contains { $0.ordinal == nil }
      return several ? 1 : 28 * min(interval, 1_000)
    case .yearly:
      let several =
        rule.byMonth.count > 1 || rule.byDay.count + rule.byMonthDay.count > 1
        || rule.bySetPosition.count > 1 || rule.byDay.contains { $0.ordinal == nil }
      return several ? 1 : 365 * min(interval, 1_000)
    }
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

import CalCore
import CalStorage

/// Between stored event fields and the calendar's schedule values.
extension EventFields {
  /// The fields of an event with `schedule`; the derived span and last day are computed here.
  init(schedule: EventSchedule, title: String, note: String?, location: String?) {
    self.init(
      day: schedule.startDay.description, title: title, note: note, location: location,
      startMinute: schedule.startTime?.minutes, lengthMinutes: schedule.lengthMinutes,
      endDay: schedule.endDay?.description, timeZone: schedule.timeZone, rrule: schedule.rule?.description,
      spanDays: schedule.spanDays, lastDay: schedule.lastDay()?.description)
  }

  /// The same fields with a new schedule, the derived ones recomputed.
  func with(schedule: EventSchedule) -> EventFields {
    var fields = EventFields(schedule: schedule, title: title, note: note, location: location)
    fields.parentID = parentID
    fields.recurrenceDay = recurrenceDay
    fields.uid = uid
    return fields
  }

  /// The schedule the fields describe. `rules` remembers rules already read, since many series share one
  /// (every birthday is FREQ=YEARLY).
  func schedule(rules: RuleCache? = nil) throws -> EventSchedule {
    do {
      let rule = try rrule.map { text throws(RecurrenceError) in
        if let known = rules?.rules[text] { return known }
        let parsed = try RecurrenceRule(parsing: text)
        rules?.rules[text] = parsed
        return parsed
      }
      return EventSchedule(
        startDay: try CivilDate(parsing: day), startTime: startMinute.flatMap(TimeOfDay.init(minutes:)),
        lengthMinutes: lengthMinutes, endDay: try endDay.map { text throws(DateError) in try CivilDate(parsing: text) },
        timeZone: timeZone, rule: rule)
    } catch {
      throw CalError("the calendar file holds an event that cannot be read (\(error))")
    }
  }

  /// The last occurrence's start day, for a series with an end.
  func lastOccurrenceDay(of schedule: EventSchedule) -> CivilDate? {
    guard let lastDay, let last = try? CivilDate(parsing: lastDay) else { return nil }
    return last.adding(days: -schedule.spanDays) ?? last
  }
}

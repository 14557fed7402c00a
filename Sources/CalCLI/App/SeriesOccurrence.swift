import CalCore
import CalStorage

/// Checks that `day` is an occurrence of series `event` that has not been removed, for `rm --on` and
/// `edit --on`; returns the series' schedule.
func seriesSchedule(
  of event: EventRecord, withOccurrenceOn day: CivilDate, in calendar: CalendarStore, command: String
) throws -> EventSchedule {
  let schedule = try event.fields.schedule()
  guard schedule.rule != nil else {
    throw UsageError("event #\(event.id) does not repeat: \(command) it without --on")
  }
  guard schedule.hasOccurrence(on: day) else {
    throw UsageError("event #\(event.id) has no occurrence on \(day)")
  }
  if try calendar.events.exceptions(eventID: event.id).contains(day.description) {
    throw CalError("the occurrence of event #\(event.id) on \(day) was already removed")
  }
  return schedule
}

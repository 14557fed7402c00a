public import CalCore
import CalStorage

/// Exporting the calendar as iCalendar.
extension CalendarService {
  /// Writes the calendar as one VCALENDAR (RFC 5545) to `output`: every event, or with a window only the
  /// events that happen in it (a series whole).
  ///
  /// - Parameter product: the PRODID, such as `-//cal//cal 0.1.0//EN`.
  public func export(
    from first: CivilDate? = nil, through last: CivilDate? = nil, product: String, to output: (String) throws -> Void
  ) throws {
    var zones: [String: ZoneInfo] = [:]
    var events: [ExportedEvent] = []
    let (records, allChildren, allExceptions) = try perform {
      try store.read { (try store.events.topLevel(), try store.events.allChildren(), try store.events.allExceptions()) }
    }
    for record in records {
      if let first, let last {
        guard record.schedule.startDay <= last, record.lastDay.map({ $0 >= first }) ?? true else { continue }
      }
      var event = exported(record)
      for child in allChildren[record.id] ?? [] {
        if let day = child.recurrenceDay {
          event.overrides.append((day, exported(child)))
        } else {
          event.additions.append(child.schedule)
        }
      }
      event.exceptions = allExceptions[record.id] ?? []
      let names =
        [event.schedule.timeZone] + event.overrides.map(\.event.schedule.timeZone) + event.additions.map(\.timeZone)
      for name in names {
        if let name, zones[name] == nil, let zone = try? environment.zones.zone(name) { zones[name] = zone }
      }
      events.append(event)
    }
    try output(ICSWriter(product: product, now: environment.now(), zones: zones).calendar(events))
  }

  private func exported(_ record: EventRecord) -> ExportedEvent {
    ExportedEvent(
      uid: record.uid ?? "\(record.id)@cal", title: record.title, note: record.note, location: record.location,
      schedule: record.schedule, alarms: record.fields.reminders.map { $0.alarm(allDay: record.schedule.isAllDay) },
      created: record.createdAt, modified: record.updatedAt)
  }
}

public import CalCore
import CalStorage

/// Exporting the calendar as iCalendar.
extension CalendarService {
  /// Writes the calendar as one VCALENDAR (RFC 5545) to `output`: every event (of calendar `calendar` alone,
  /// when given), or with a window only the events that happen in it (a series whole).
  ///
  /// - Parameter product: the PRODID, such as `-//cal//cal 0.1.0//EN`.
  public func export(
    from first: CivilDate? = nil, through last: CivilDate? = nil, calendar: String? = nil, product: String,
    to output: (String) throws -> Void
  ) throws {
    var events: [ExportedEvent] = []
    let filter = try calendarFilter(calendar)
    let (records, allChildren, allExceptions) = try perform {
      try store.read {
        (
          try store.events.topLevel(calendar: filter), try store.events.allChildren(calendar: filter),
          try store.events.allExceptions(calendar: filter)
        )
      }
    }
    for record in records {
      if let first, let last {
        guard record.schedule.startDay <= last, record.lastDay.map({ $0 >= first }) ?? true else { continue }
      }
      events.append(
        exportedSeries(record, children: allChildren[record.id] ?? [], exceptions: allExceptions[record.id] ?? []))
    }
    try output(ICSWriter(product: product, now: environment.now(), zones: zones(of: events)).calendar(events))
  }

  /// A series (or a single event) as the writer takes it: the event with its edited occurrences, extra
  /// dates and exceptions.
  func exportedSeries(_ record: EventRecord, children: [EventRecord], exceptions: [CivilDate]) -> ExportedEvent {
    var event = exported(record)
    for child in children {
      if let day = child.recurrenceDay {
        event.overrides.append((day, exported(child)))
      } else {
        event.additions.append(child.schedule)
      }
    }
    event.exceptions = exceptions
    return event
  }

  /// The zones `events` use, loaded from the system's database (those it does not know are left out).
  func zones(of events: [ExportedEvent]) -> [String: ZoneInfo] {
    var zones: [String: ZoneInfo] = [:]
    for event in events {
      let names =
        [event.schedule.timeZone] + event.overrides.map(\.event.schedule.timeZone) + event.additions.map(\.timeZone)
      for name in names {
        if let name, zones[name] == nil, let zone = try? environment.zones.zone(name) { zones[name] = zone }
      }
    }
    return zones
  }

  private func exported(_ record: EventRecord) -> ExportedEvent {
    ExportedEvent(
      uid: record.uid ?? "\(record.id)@cal", title: record.title, note: record.note, location: record.location,
      schedule: record.schedule, alarms: record.fields.reminders.map { $0.alarm(allDay: record.schedule.isAllDay) },
      created: record.createdAt, modified: record.updatedAt)
  }
}

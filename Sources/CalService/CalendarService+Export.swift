public import CalCore
import CalStorage

/// Exporting the calendar as iCalendar.
extension CalendarService {
  /// Writes the calendar as one VCALENDAR (RFC 5545) to `output`, in pieces of about 64 KiB as the events
  /// are read: every event (of calendar `calendar` alone, when given), or with a window (either end, or
  /// both) only those with an occurrence in it (a series whole, with its exceptions and edited occurrences
  /// looked at); then the to-dos as VTODOs, with a window only those due in it (on the user's clock).
  ///
  /// Events on the user's own clock are written in the user's zone, with its VTIMEZONE, so that a reader
  /// elsewhere sees them at the same instant.
  ///
  /// - Parameter product: the PRODID, such as `-//cal//cal 0.1.0//EN`.
  public func export(
    from first: CivilDate? = nil, through last: CivilDate? = nil, calendar: String? = nil, product: String,
    to output: (UnsafeRawBufferPointer) throws -> Void
  ) throws {
    let local = environment.localZone
    let filter = try calendarFilter(calendar)
    try perform {
      try store.read {
        var zones: [String: ZoneInfo] = [:]
        var spans: [String: (first: CivilDate, last: CivilDate?)] = [:]
        func add(_ name: String, from spanFirst: CivilDate, through spanLast: CivilDate?) {
          if let known = spans[name] {
            let later = known.last.flatMap { earlier in spanLast.map { max(earlier, $0) } }
            spans[name] = (min(known.first, spanFirst), later)
          } else {
            spans[name] = (spanFirst, spanLast)
          }
          if zones[name] == nil {
            zones[name] = name == local.name ? local : try? environment.zones.zone(name)
          }
        }
        for span in try store.events.zoneSpans(from: first, through: last, calendar: filter) {
          add(span.zone ?? local.name, from: span.first, through: span.last)
        }
        // The to-dos' zones too, read once for them and again to write them: none is held meanwhile.
        try store.todos.forEach(calendar: filter) { todo in
          guard isDue(todo, from: first, through: last) else { return true }
          for (zone, day) in ICSWriter.zones(of: todo.fields) { add(zone, from: day, through: day) }
          return true
        }
        let writer = ICSWriter(product: product, now: environment.now(), zones: zones)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 17)
        writer.header(timeZones: spans, into: &buffer)
        try store.events.forEachTopLevel(from: first, through: last, calendar: filter) { record in
          let isSeries = record.schedule.rule != nil
          let children = isSeries ? try store.events.children(of: record.id) : []
          let exceptions = isSeries ? try store.events.exceptions(eventID: record.id) : []
          if first != nil || last != nil {
            guard
              try happens(record, children: children, exceptions: exceptions, from: first, through: last)
            else { return true }
          }
          writer.event(exportedSeries(record, children: children, exceptions: exceptions), into: &buffer)
          try Self.handOver(&buffer, to: output)
          return true
        }
        try store.todos.forEach(calendar: filter) { todo in
          guard isDue(todo, from: first, through: last) else { return true }
          writer.todo(todo, into: &buffer)
          try Self.handOver(&buffer, to: output)
          return true
        }
        writer.footer(into: &buffer)
        try buffer.withUnsafeBytes(output)
      }
    }
  }

  /// Hands `output` what `buffer` holds once that is about 64 KiB, and empties it. (Not a function nested in
  /// the export: one that captured the buffer would put it in a box, each use checked for exclusive access.)
  private static func handOver(_ buffer: inout [UInt8], to output: (UnsafeRawBufferPointer) throws -> Void) throws {
    guard buffer.count >= 1 << 16 else { return }
    try buffer.withUnsafeBytes(output)
    buffer.removeAll(keepingCapacity: true)
  }

  /// The same, handing `output` text (each piece whole lines).
  public func export(
    from first: CivilDate? = nil, through last: CivilDate? = nil, calendar: String? = nil, product: String,
    to output: (String) throws -> Void
  ) throws {
    try export(from: first, through: last, calendar: calendar, product: product) { (bytes: UnsafeRawBufferPointer) in
      try output(String(decoding: bytes, as: UTF8.self))
    }
  }

  /// Whether an export from `first` through `last` (on the user's clock; `nil` leaves that end open) writes
  /// `todo`: without either end every to-do, else those due on a day of the range (on the user's clock),
  /// none without a date.
  private func isDue(_ todo: TodoRecord, from first: CivilDate?, through last: CivilDate?) -> Bool {
    guard first != nil || last != nil else { return true }
    guard let day = TodoItem(todo, calendar: nil, environment: environment).dueDay else { return false }
    return (first.map { day >= $0 } ?? true) && (last.map { day <= $0 } ?? true)
  }

  /// Whether `record` (with its child rows and exceptions) has an occurrence that covers a day from `first`
  /// through `last` on the user's clock; `nil` leaves that end open.
  private func happens(
    _ record: EventRecord, children: [EventRecord], exceptions: [CivilDate], from first: CivilDate?,
    through last: CivilDate?
  ) throws -> Bool {
    func covers(_ schedule: EventSchedule, lastOccurrence: CivilDate?, skipped: Set<CivilDate> = []) -> Bool {
      // An open end is the schedule's own (two days out, for a zone's shift), so that no more days are made
      // than it has; a series without end has occurrences after any day (its exceptions are finitely many).
      let through: CivilDate
      if let last {
        through = last
      } else if let end = schedule.repeats ? lastOccurrence : schedule.startDay {
        through = end.adding(days: schedule.spanDays + Occurrence.zoneShiftDays) ?? .last
      } else {
        return true
      }
      let from = first ?? schedule.startDay.adding(days: -Occurrence.zoneShiftDays) ?? .first
      let zone = schedule.timeZone.flatMap { $0 == "UTC" ? ZoneInfo.utc : try? environment.zones.zone($0) }
      return !Occurrence.occurrences(
        of: schedule, from: from, through: through, eventZone: zone, localZone: environment.localZone,
        lastOccurrence: lastOccurrence, skipped: skipped
      ).isEmpty
    }
    let skipped = Set(exceptions).union(children.compactMap(\.recurrenceDay))
    if covers(record.schedule, lastOccurrence: record.lastOccurrenceDay, skipped: skipped) { return true }
    return children.contains { covers($0.schedule, lastOccurrence: $0.schedule.startDay) }
  }

  /// A series (or a single event) as the writer takes it: the event with its edited occurrences, extra
  /// dates and exceptions, times on the user's own clock put in the user's zone.
  func exportedSeries(_ record: EventRecord, children: [EventRecord], exceptions: [CivilDate]) -> ExportedEvent {
    let local = environment.localZone.name
    var event = exported(record, localZone: local)
    for child in children {
      if let day = child.recurrenceDay {
        event.overrides.append((day, exported(child, localZone: local)))
      } else {
        event.additions.append(exported(child, localZone: local).schedule)
      }
    }
    event.exceptions = exceptions
    return event
  }

  /// The zones `events` use: the user's own, and the others loaded from the system's database (those it
  /// does not know are left out).
  func zones(of events: [ExportedEvent]) -> [String: ZoneInfo] {
    let local = environment.localZone
    var zones: [String: ZoneInfo] = [:]
    for event in events {
      let names =
        [event.schedule.timeZone, event.seriesLink?.recurrenceID.timeZone]
        + event.overrides.map(\.event.schedule.timeZone) + event.additions.map(\.timeZone)
      for name in names {
        guard let name, zones[name] == nil else { continue }
        zones[name] = name == local.name ? local : try? environment.zones.zone(name)
      }
    }
    return zones
  }

  /// `record` as the writer takes it, a time on the user's own clock put in the user's zone.
  private func exported(_ record: EventRecord, localZone: String) -> ExportedEvent {
    var schedule = record.schedule
    if schedule.startTime != nil && schedule.timeZone == nil { schedule.timeZone = localZone }
    return ExportedEvent(
      uid: record.uid ?? "\(record.id)@cal", title: record.title, note: record.note, location: record.location,
      schedule: schedule, alarms: record.fields.reminders.map { $0.alarm(allDay: record.schedule.isAllDay) },
      created: record.createdAt, modified: record.updatedAt, omitsSummary: record.fields.omitsSummary,
      seriesLink: record.fields.seriesLink, keptLines: record.fields.keptLines)
  }
}

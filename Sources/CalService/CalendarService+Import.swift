import CalCore
import CalStorage

/// Importing iCalendar files.
extension CalendarService {
  /// Reads the iCalendar text `bytes` into events, before any calendar is opened: a file that cannot be
  /// read never touches one.
  ///
  /// - Parameter skipInvalid: leave out events that cannot be read (and name them) instead of refusing the
  ///   file.
  /// - Throws: `ImportFailure` for a file that cannot be read, or (unless `skipInvalid`) an event that
  ///   cannot.
  public static func prepareImport(_ bytes: [UInt8], skipInvalid: Bool, zones: ZoneLoader) throws -> PreparedImport {
    var ignored: [Int] = []
    var repairs: [(line: Int, note: String)] = []
    let components: [ICSComponent]
    do {
      components = try ICSParser.parse(bytes, ignoredLines: &ignored, repairs: &repairs)
    } catch {
      throw ImportFailure(error: error, isEventError: false)
    }
    do {
      var result = try ICSImporter(loadZone: zones.function).read(components, skipInvalid: skipInvalid)
      result.skipped += ignored.map { ("line", $0, "not a content line (NAME:value)") }
      result.approximations += repairs
      return PreparedImport(result: result)
    } catch {
      throw ImportFailure(error: error, isEventError: true)
    }
  }

  /// Saves the events of `prepared` into calendar `calendar` (by default the first calendar events may be
  /// added to) in one transaction: everything or nothing. Events whose UID is already in that calendar are
  /// updated, not added again.
  ///
  /// - Parameter progress: called with (events saved, events in all) as the import goes.
  public func importCalendar(
    _ prepared: PreparedImport, calendar: String? = nil, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
  ) throws -> ImportReport {
    let events = prepared.result.events
    var report = ImportReport()
    report.skipped = prepared.result.skipped
    report.approximations = prepared.result.approximations
    try perform { try store.prepareForBulkWrite() }
    let now = environment.now()
    return try write(recording: "import") {
      let target = try targetCalendar(calendar).id
      for (index, event) in events.enumerated() {
        if try save(event, calendar: target, at: now) != nil { report.updated += 1 } else { report.added += 1 }
        progress(index + 1, events.count)
        // The record of what the import did, kept for undo, goes to the file in parts rather than fill memory.
        if index % 1024 == 1023 { try store.changes.checkpoint() }
      }
      return (report, "imported \(report.added) new and \(report.updated) updated events")
    }
  }

  /// Adds to calendar `calendar` or (by UID) updates there one event with its exceptions, edited occurrences
  /// and extra dates; returns the event it updated, `nil` when it added one.
  @discardableResult
  func save(_ event: ImportedEvent, calendar: Int64, at now: Int64) throws -> EventRecord? {
    let reminders = Self.reminders(event.alarms, of: event.schedule)
    let fields = EventFields(
      title: event.title, note: event.note, location: event.location, schedule: event.schedule, uid: event.uid,
      reminders: reminders)
    let record: EventRecord
    let existing = try store.events.event(uid: event.uid, calendar: calendar)
    if let existing {
      try store.events.clearSeriesDetails(eventID: existing.id)
      record = try store.events.update(id: existing.id, fields, at: now)!
    } else {
      record = try store.events.insert(fields, calendar: calendar, at: now)
    }
    for day in event.exceptions { try store.events.addException(eventID: record.id, day: day) }
    for (day, override) in event.overrides {
      let child = EventFields(
        title: override.title, note: override.note, location: override.location, schedule: override.schedule,
        parentID: record.id, recurrenceDay: day, reminders: Self.reminders(override.alarms, of: override.schedule))
      _ = try store.events.insert(child, at: now)
    }
    for extra in event.additions
    where extra.startDay != event.schedule.startDay || extra.startTime != event.schedule.startTime {
      // An extra date is an occurrence of the series: it reminds as the series does.
      let child = EventFields(
        title: event.title, note: event.note, location: event.location, schedule: extra, parentID: record.id,
        reminders: reminders)
      _ = try store.events.insert(child, at: now)
    }
    return existing
  }

  /// The reminders that `alarms` of an event with `schedule` stand for.
  static func reminders(_ alarms: [ICSAlarm], of schedule: EventSchedule) -> [Reminder] {
    alarms.map { Reminder($0, allDay: schedule.isAllDay) }
  }
}

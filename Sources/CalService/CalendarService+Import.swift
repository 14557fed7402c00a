public import CalCore
import CalStorage

/// Importing iCalendar files.
extension CalendarService {
  /// Checks the iCalendar file `input` reads, before any calendar is opened: a file that cannot be read
  /// as a whole never touches one. Reads it once, keeping only what the events need from elsewhere in it.
  ///
  /// - Throws: `ImportFailure` for a file that cannot be read; what `input` throws.
  public static func planImport<Input: ICSInput>(_ input: inout Input) throws -> ImportPlan {
    do {
      return ImportPlan(scan: try ICSParser.scan(&input))
    } catch let error as ICSError {
      throw ImportFailure(error: error, isEventError: false)
    }
  }

  /// Reads the events and to-dos of the file `input` reads, as `plan` found it, and saves them one at a time
  /// in one transaction into calendar `calendar` (by default the first calendar events may be added to):
  /// everything or nothing, in the memory of one event whatever the file's size. Events and to-dos whose UID
  /// is already in that calendar are updated, or left as they are when the file says what they hold. A
  /// CalDAV calendar keeps the to-dos too: its sync carries them.
  ///
  /// - Parameters:
  ///   - skipInvalid: leave out events that cannot be read (and name them) instead of refusing the file.
  ///   - progress: called with (events read, events in all) as the import goes.
  /// - Throws: `ImportFailure` for an event or to-do that cannot be read (unless `skipInvalid`), and nothing
  ///   is saved; what `input` throws.
  public func importCalendar<Input: ICSInput>(
    _ input: inout Input, plan: ImportPlan, skipInvalid: Bool, calendar: String? = nil,
    progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
  ) throws -> ImportReport {
    let importer = ICSImporter(loadZone: environment.zones.function)
    return try save(into: calendar, expectedEvents: plan.eventCount, notes: ImportNotes()) { saver, notes in
      do {
        try importer.read(
          &input, scan: plan.scan, skipInvalid: skipInvalid, notes: &notes,
          progress: { progress($0, plan.eventCount) }, looksUpKnown: !saver.writer.calendarWasEmpty,
          isKnown: { try saver.isKnown(uid: $0, sourceHash: $1) }, todos: saver.todoReading,
          todo: { try saver.save($0, notes: &$1) }, event: { try saver.save($0, notes: &$1) })
      } catch let error as ICSError {
        throw ImportFailure(error: error, isEventError: true)
      }
    }
  }

  /// Reads the iCalendar text `bytes` into events, all in memory, before any calendar is opened: a file
  /// that cannot be read never touches one. To-dos are left out (and named), as a subscription's feed's are.
  ///
  /// - Parameter skipInvalid: leave out events that cannot be read (and name them) instead of refusing the
  ///   file.
  /// - Throws: `ImportFailure` for a file that cannot be read, or (unless `skipInvalid`) an event that
  ///   cannot.
  public static func prepareImport(_ bytes: [UInt8], skipInvalid: Bool, zones: ZoneLoader) throws -> PreparedImport {
    var input = ICSByteInput(bytes)
    let plan = try planImport(&input)
    do {
      return PreparedImport(
        result: try ICSImporter(loadZone: zones.function).read(&input, scan: plan.scan, skipInvalid: skipInvalid))
    } catch let error as ICSError {
      throw ImportFailure(error: error, isEventError: true)
    }
  }

  /// Saves the events of `prepared` into calendar `calendar` (by default the first calendar events may be
  /// added to) in one transaction: everything or nothing. Events whose UID is already in that calendar are
  /// updated, or left as they are when the file says what they hold.
  ///
  /// - Parameter progress: called with (events saved, events in all) as the import goes.
  public func importCalendar(
    _ prepared: PreparedImport, calendar: String? = nil, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
  ) throws -> ImportReport {
    let events = prepared.result.events
    return try save(into: calendar, expectedEvents: events.count, notes: prepared.result.notes) { saver, notes in
      for (index, event) in events.enumerated() {
        try saver.save(event, notes: &notes)
        progress(index + 1, events.count)
      }
    }
  }

  /// Runs `body` with a saver and `notes` in one write transaction, recorded as one change (undone by `cal
  /// undo` as a whole), and reports what it did.
  private func save(
    into calendar: String?, expectedEvents: Int, notes: ImportNotes,
    _ body: (inout ImportSaver, inout ImportNotes) throws -> Void
  ) throws -> ImportReport {
    try perform { try store.prepareForBulkWrite() }
    let now = environment.now()
    let localZone = environment.localZone.name
    return try write(recording: "import") {
      let calendar = try targetCalendar(calendar)
      let target = calendar.id
      let todoReading = ICSImporter.TodoReading.read
      let report = try store.events.importing(into: target, expectedEvents: expectedEvents) { writer in
        // Into an empty calendar every event is new: read back once at the end for undo, not recorded one by one.
        if writer.calendarWasEmpty {
          try self.store.changes.recordAddedRows(of: "events", after: writer.lastIDBefore)
          writer.changeLog = self.store.changes
        }
        // What the import did, kept for undo, goes to the file in parts rather than fill memory.
        var saver = ImportSaver(
          writer: writer, todos: self.store.todos, todoReading: todoReading, now: now, localZone: localZone,
          zones: self.environment.zones
        ) { try self.store.changes.checkpoint() }
        var notes = notes
        try body(&saver, &notes)
        try saver.flush(notes: &notes)
        saver.report.notes = notes
        return saver.report
      }
      var summary = "imported \(report.added) new and \(report.updated) updated events"
      if report.unchanged > 0 { summary += " (\(report.unchanged) unchanged)" }
      if report.keptTodos {
        summary += ", \(report.addedTodos) new and \(report.updatedTodos) updated to-dos"
        if report.unchangedTodos > 0 { summary += " (\(report.unchangedTodos) unchanged)" }
      }
      return (report, summary)
    }
  }

  /// Adds to calendar `calendar` or (by UID) updates there one event with its exceptions, edited occurrences
  /// and extra dates; returns the event it updated, `nil` when it added one.
  @discardableResult
  func save(_ event: ImportedEvent, calendar: Int64, at now: Int64) throws -> EventRecord? {
    let fields = ImportSaver.fields(of: event)
    let record: EventRecord
    let existing = try store.events.event(uid: event.uid, calendar: calendar)
    if let existing {
      try store.events.clearSeriesDetails(eventID: existing.id)
      record = try store.events.update(id: existing.id, fields, replacingKeptLines: true, at: now)!
    } else {
      record = try store.events.insert(fields, calendar: calendar, at: now)
    }
    for day in event.exceptions { try store.events.addException(eventID: record.id, day: day) }
    for var child in ImportSaver.children(of: event, reminders: fields.reminders) {
      child.parentID = record.id
      _ = try store.events.insert(child, at: now)
    }
    return existing
  }

  /// The reminders that `alarms` of an event with `schedule` stand for.
  static func reminders(_ alarms: [ICSAlarm], of schedule: EventSchedule) -> [Reminder] {
    alarms.map { Reminder($0, allDay: schedule.isAllDay) }
  }
}

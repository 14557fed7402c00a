import CalCore
import CalStorage

/// Saves imported events one at a time: adds those the calendar does not have, updates those it has (by
/// UID), and leaves alone those the file says nothing new about, so that importing the same file again
/// writes nothing. Whether a UID was already written by this import is told by the event's id (new ones are
/// above ``EventImportWriter/lastIDBefore``) and, for events that were there before, a set of their ids: no
/// list of the file's UIDs is held. To-dos are saved the same way, by UID, beside the events.
struct ImportSaver {
  let writer: EventImportWriter
  let now: Int64
  /// The user's zone: an event the calendar keeps on the user's own clock is the same as one the file
  /// gives in this zone (as `cal export` writes it).
  let localZone: String
  /// The zones a RECURRENCE-ID is read in, to find the occurrence it names on its series' clock.
  let zones: ZoneLoader
  var report = ImportReport()
  /// The events that were in the calendar before and that this import has already met.
  private var met = IDSet()
  /// Called every so many events: the change log writes out what it has recorded so far.
  private let checkpoint: () throws -> Void
  private var saved = 0
  /// For each synthetic UID's content, the number the next event of that content tries first.
  private var syntheticNumbers: [String: Int] = [:]
  /// The to-dos, written into the same calendar.
  private let todos: TodoRepository
  /// Whether the file's to-dos are read, or left out (and why).
  let todoReading: ICSImporter.TodoReading
  /// The to-dos this import has added, updated or left as they were.
  private var metTodos = IDSet()

  init(
    writer: EventImportWriter, todos: TodoRepository, todoReading: ICSImporter.TodoReading, now: Int64,
    localZone: String, zones: ZoneLoader, checkpoint: @escaping () throws -> Void
  ) {
    self.writer = writer
    self.todos = todos
    self.todoReading = todoReading
    self.now = now
    self.localZone = localZone
    self.zones = zones
    self.checkpoint = checkpoint
  }

  /// Saves `imported` with its exceptions, edited occurrences and extra dates.
  mutating func save(_ imported: consuming ImportedEvent, notes: inout ImportNotes) throws {
    saved += 1
    if saved % 1024 == 0 { try checkpoint() }
    var event = imported
    if !writer.calendarWasEmpty && event.seriesLink == nil && !event.uidIsSynthetic {
      try takeLinkedOccurrences(into: &event, notes: &notes)
    }
    var fields = Self.fields(of: event)
    let exceptions = Set(event.exceptions)
    let children = Self.children(of: event, reminders: fields.reminders)
    // Into an empty calendar, an event is added straight away (most of them in batches): only a UID the file
    // repeats is found there.
    if writer.calendarWasEmpty && !event.uidIsSynthetic {
      if exceptions.isEmpty && children.isEmpty && fields.reminders.isEmpty {
        report.added += 1
        try replace(
          try writer.insertInBatch(fields, sourceHash: event.sourceHash, tag: event.line, at: now), notes: &notes)
        return
      }
      try flush(notes: &notes)
      if let id = try writer.insert(fields, sourceHash: event.sourceHash, at: now) {
        try writeDetails(of: id, exceptions: exceptions, children: children)
        report.added += 1
        return
      }
    }
    try flush(notes: &notes)
    var existing: (id: Int64, repeats: Bool, isSame: Bool)?
    var isRepeat = false
    if event.uidIsSynthetic {
      // Events of the same content are numbered in file order: the first is -1, the next -2 ... Each
      // content's count so far is kept, so that thousands of alike events do not try every number again.
      let base = event.uid
      var number = syntheticNumbers[base, default: 1]
      while true {
        event.uid = "\(base)-\(number)"
        existing = try writer.compare(uid: event.uid, with: fields, localZone: localZone)
        guard let found = existing, wasMet(found.id) else { break }
        number += 1
      }
      syntheticNumbers[base] = number + 1
    } else {
      existing = try writer.compare(uid: event.uid, with: fields, localZone: localZone)
      if let found = existing, wasMet(found.id) {
        notes.skip("VEVENT", line: event.line, "a second event with the same UID; the later one is kept")
        isRepeat = true
      }
    }
    fields.uid = event.uid
    guard let existing else {
      guard let id = try writer.insert(fields, sourceHash: event.sourceHash, at: now) else {
        preconditionFailure("\(event.uid) was not there")
      }
      try writeDetails(of: id, exceptions: exceptions, children: children)
      report.added += 1
      return
    }
    if existing.id <= writer.lastIDBefore { met.insert(existing.id) }
    // A one-off event has no exceptions or child rows to compare: no query for them.
    let repeats = existing.repeats || fields.schedule.rule != nil
    let details: (exceptions: [CivilDate], children: [EventRecord]) =
      repeats ? try writer.details(of: existing.id) : ([], [])
    if !isRepeat && existing.isSame && Set(details.exceptions) == exceptions
      && same(details.children.map(\.fields), children)
    {
      // The same event read from other lines (another writer's export of it, say): it stays as it is, and
      // remembers the lines it was last read from.
      if let hash = event.sourceHash { try writer.setSource(of: existing.id, to: hash) }
      report.unchanged += 1
      return
    }
    guard let record = try writer.event(uid: event.uid) else { return }
    if repeats { try writer.clearDetails(of: existing.id, children: details.children) }
    try writer.update(record, with: fields, sourceHash: event.sourceHash, at: now)
    try writeDetails(of: existing.id, exceptions: exceptions, children: children)
    if !isRepeat { report.updated += 1 }
  }

  /// Saves the to-do `imported`: adds it, or updates the to-do of its UID in the calendar, or leaves that as
  /// it is when it holds the same (a COMPLETED to the second, as an export writes it). A UID the file gave
  /// before replaces what that to-do said.
  mutating func save(_ imported: consuming ImportedTodo, notes: inout ImportNotes) throws {
    saved += 1
    if saved % 1024 == 0 { try checkpoint() }
    let todo = imported
    guard let existing = try todos.todo(uid: todo.fields.uid ?? "", calendar: writer.calendar) else {
      metTodos.insert(try todos.insert(todo.fields, calendar: writer.calendar, at: now).id)
      report.addedTodos += 1
      return
    }
    let isRepeat = metTodos.contains(existing.id)
    if isRepeat {
      notes.skip("VTODO", line: todo.line, "a second to-do with the same UID; the later one is kept")
    }
    metTodos.insert(existing.id)
    var fields = todo.fields
    if let stored = existing.fields.completedAt, let read = fields.completedAt,
      stored.floorDivided(by: 1000) == read.floorDivided(by: 1000)
    {
      fields.completedAt = stored
    }
    if existing.fields == fields {
      if !isRepeat { report.unchangedTodos += 1 }
      return
    }
    _ = try todos.update(id: existing.id, fields, at: now)
    if !isRepeat { report.updatedTodos += 1 }
  }

  /// Makes the events that stand for edited occurrences of `event` (kept on their own because the series was
  /// not here, see ``SeriesLink``) its edited occurrences, so that each occurrence shows once. Where the
  /// series has its own edit (or cancellation) of that occurrence, the series' wins, as an import's event
  /// replaces the one with its UID, and a note names the one replaced when it said something else. One
  /// that names no occurrence of the series stays as it is. All in the import's transaction: undoing the
  /// import brings them back.
  private mutating func takeLinkedOccurrences(into event: inout ImportedEvent, notes: inout ImportNotes) throws {
    for record in try writer.linkedOccurrences(series: event.uid) {
      guard let link = record.fields.seriesLink else { continue }
      let day = link.recurrenceID.day(on: event.schedule, zones: zones)
      guard event.schedule.hasOccurrence(on: day) || event.additions.contains(where: { $0.startDay == day }) else {
        continue
      }
      let linked = record.fields
      if event.exceptions.contains(day) {
        notes.approximate(
          line: event.line, "the occurrence of \(day) kept here as “\(linked.title)” is cancelled by its series")
      } else if let own = event.overrides.first(where: { $0.day == day })?.event {
        if (own.title, own.note, own.location, own.schedule)
          != (linked.title, linked.note, linked.location, linked.schedule)
        {
          notes.approximate(
            line: event.line, "the occurrence of \(day) kept here as “\(linked.title)” is replaced by its series' own")
        }
      } else {
        var occurrence = ImportedEvent(
          uid: event.uid, title: linked.title, note: linked.note, location: linked.location,
          schedule: linked.schedule, line: event.line)
        occurrence.summaryMissing = linked.summaryMissing
        occurrence.alarms = linked.reminders.map { $0.alarm(allDay: linked.schedule.isAllDay) }
        event.overrides.append((day, occurrence))
      }
      try writer.remove(record)
    }
  }

  /// Carries out the batched insertions that are left: before anything else looks at the calendar, and at
  /// the end.
  mutating func flush(notes: inout ImportNotes) throws {
    try replace(try writer.flush(at: now), notes: &notes)
  }

  /// Events of a batch that were not added because the file had their UID already: each replaces the
  /// earlier event (and was not one more added).
  private mutating func replace(
    _ unadded: [(fields: EventFields, sourceHash: UInt64?, tag: Int)], notes: inout ImportNotes
  ) throws {
    for (fields, sourceHash, line) in unadded {
      report.added -= 1
      notes.skip("VEVENT", line: line, "a second event with the same UID; the later one is kept")
      guard let earlier = try writer.event(uid: fields.uid ?? "") else { continue }
      if earlier.schedule.rule != nil {
        try writer.clearDetails(of: earlier.id, children: try writer.details(of: earlier.id).children)
      }
      try writer.update(earlier, with: fields, sourceHash: sourceHash, at: now)
    }
  }

  /// Whether the event with `uid` is there already as read from lines of `sourceHash`, unchanged since: then
  /// it is counted as unchanged, and the file's lines for it need not be read.
  mutating func isKnown(uid: String, sourceHash: UInt64) throws -> Bool {
    // Into an empty calendar nothing is there already (and new events wait in batches).
    guard !writer.calendarWasEmpty else { return false }
    guard let id = try writer.event(uid: uid, sourceHash: sourceHash), !wasMet(id) else { return false }
    if id <= writer.lastIDBefore { met.insert(id) }
    report.unchanged += 1
    return true
  }

  /// Whether this import has written (or left as it was) the event with `id` already.
  private func wasMet(_ id: Int64) -> Bool {
    id > writer.lastIDBefore || met.contains(id)
  }

  private func writeDetails(of id: Int64, exceptions: Set<CivilDate>, children: [EventFields]) throws {
    for day in exceptions.sorted() { try writer.addException(to: id, day: day) }
    for var child in children {
      child.parentID = id
      _ = try writer.insert(child, at: now)
    }
  }

  /// The fields `event` is stored with (without its exceptions and child rows).
  static func fields(of event: ImportedEvent) -> EventFields {
    EventFields(
      title: event.title, note: event.note, location: event.location, schedule: event.schedule, uid: event.uid,
      reminders: CalendarService.reminders(event.alarms, of: event.schedule), summaryMissing: event.summaryMissing,
      seriesLink: event.seriesLink, keptLines: event.keptLines)
  }

  /// The child rows of `event`: its edited occurrences (with their own alarms), and its extra dates other than
  /// its start (an occurrence of the series: they remind as the series does, with `reminders`).
  static func children(of event: ImportedEvent, reminders: [Reminder]) -> [EventFields] {
    var children = event.overrides.map { day, override in
      EventFields(
        title: override.title, note: override.note, location: override.location, schedule: override.schedule,
        recurrenceDay: day, reminders: CalendarService.reminders(override.alarms, of: override.schedule),
        summaryMissing: override.summaryMissing, keptLines: override.keptLines)
    }
    for extra in event.additions
    where extra.startDay != event.schedule.startDay || extra.startTime != event.schedule.startTime {
      children.append(
        EventFields(
          title: event.title, note: event.note, location: event.location, schedule: extra, reminders: reminders,
          summaryMissing: event.summaryMissing))
    }
    return children
  }

  /// Whether the stored `old` says what the imported `new` says: the same fields, an event on the user's own
  /// clock being the same as one in the user's zone.
  private func same(_ old: EventFields, _ new: EventFields) -> Bool {
    var new = new
    if old.schedule.timeZone == nil && new.schedule.timeZone == localZone && new.schedule.startTime != nil {
      new.schedule.timeZone = nil
    }
    new.uid = old.uid
    new.parentID = old.parentID
    new.summaryMissing = new.omitsSummary
    return old == new
  }

  /// Whether stored child rows say what imported ones say, in any order.
  private func same(_ old: [EventFields], _ new: [EventFields]) -> Bool {
    guard old.count == new.count else { return false }
    var unmatched = old
    for child in new {
      guard let index = unmatched.firstIndex(where: { same($0, child) }) else { return false }
      unmatched.remove(at: index)
    }
    return true
  }
}

/// A set of event ids, one bit each, in words of 64: the events an import has met, without a dictionary of
/// them all.
struct IDSet {
  private var words: [Int64: UInt64] = [:]

  mutating func insert(_ id: Int64) {
    words[id >> 6, default: 0] |= 1 << UInt64(id & 63)
  }

  func contains(_ id: Int64) -> Bool {
    (words[id >> 6] ?? 0) & (1 << UInt64(id & 63)) != 0
  }
}

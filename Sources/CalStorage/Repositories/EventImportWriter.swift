import CSQLite
public import CalCore

/// Writes the events of one import inside its transaction, with its statements prepared once: looks events
/// up by UID, adds them, replaces them, or leaves them as they are, with their exceptions, edited
/// occurrences and extra dates.
///
/// A large import does not keep the per-day counts of `simple_days` row by row (the triggers make every
/// insert a statement on two tables): it sets the triggers aside for the transaction and counts the days it
/// touched once at the end. Both happen inside the import's transaction, so another process sees either the
/// calendar before the import or after it, triggers and counts right.
public final class EventImportWriter {
  /// From how many events on an import counts its days at the end instead of row by row.
  static let bulkThreshold = 500
  /// How many rows one batched insertion adds at most. A statement of many rows keeps a journal of its own
  /// (the foreign keys make SQLite ready to undo it alone), a copy of each page it changes: the more rows
  /// share a page, the fewer copies.
  static let batchSize = 1024
  /// How many parameters a row of a batched insertion has: those of a one-row insertion, then `updated_at`.
  private static let rowParameters = 23
  /// The columns an insertion sets, in the order of its parameters (in a one-row insertion, `created_at` and
  /// `updated_at` share one).
  private static let insertedColumns = """
    day, title, note, location, start_minute, length_minutes, end_day, time_zone, rrule, span_days, last_day,
    parent_id, recurrence_day, length_days, summary_missing, created_at, uid, source_hash, calendar_id,
    series_uid, recurrence_id, kept_lines, updated_at
    """

  private let repository: EventRepository
  /// The calendar the import writes into: its events are the ones a UID is looked up among.
  public let calendar: Int64
  private var database: Database { repository.database }
  private let lookUp: Statement
  private let sourceLookUp: Statement
  private let insertion: Statement
  /// The same for ``batchRows`` rows at once (a statement costs as much to start and end as a row to add),
  /// prepared at the first batch: after the triggers are set aside, which makes SQLite prepare it again.
  private var batchInsertion: Statement?
  /// What the parameters of `batchInsertion` hold.
  private var batchParameters: BoundParameters?
  /// How many rows a batched insertion adds: ``batchSize``, or fewer when SQLite takes fewer parameters.
  private let batchRows: Int
  /// The texts bound to `batchInsertion` so far, read by SQLite where they are when it runs.
  private let batchTexts = TextArena()
  /// The same for the one-row statements, made free again before each is bound.
  private let rowTexts = TextArena()
  /// The rows bound to `batchInsertion` so far, each with its source hash and the caller's tag.
  private var batch: [PendingRow] = []
  /// A row of the batch. A struct, not a tuple: a batch's rows are let go of a thousand at a time, and a
  /// tuple's are let go of through its metadata, element by element, at five times the cost.
  private struct PendingRow {
    var fields: EventFields
    var sourceHash: UInt64?
    var tag: Int
  }
  private let updating: Statement
  private let childList: Statement
  private let exceptionList: Statement
  private let exceptionInsertion: Statement
  /// The change log recording the import, when it reads the rows the import adds back at the end instead of
  /// recording each (see ``ChangeLogRepository/recordAddedRows(of:after:)``): batches are then written
  /// without its session looking at each row.
  public var changeLog: ChangeLogRepository?
  /// Ids above this one belong to events this import added.
  public let lastIDBefore: Int64
  /// Whether the calendar written into had no events when the import began: then an event is best added
  /// straight away, a UID met twice being found by the insertion itself.
  public let calendarWasEmpty: Bool
  /// Whether the calendar holds edited occurrences of series kept elsewhere; `nil` until looked up.
  private var holdsLinkedOccurrences: Bool?
  /// Whether the import is large enough to count its days at the end; they are set aside at its first
  /// write (an import that changes nothing changes no schema either).
  private var countsDaysAtEnd: Bool
  /// Whether the `simple_days` triggers are set aside, to be made again at the end.
  private var suspendedTriggers = false
  /// The days whose count may have changed while the triggers were set aside.
  private var touchedDays: ClosedRange<CivilDate>?

  init(repository: EventRepository, calendar: Int64, expectedEvents: Int) throws {
    self.repository = repository
    self.calendar = calendar
    let database = repository.database
    let columns = EventRepository.columns
    lookUp = try database.prepare(
      "SELECT \(columns) FROM events WHERE calendar_id = \(calendar) AND uid = ? AND parent_id IS NULL")
    sourceLookUp = try database.prepare(
      "SELECT id FROM events WHERE calendar_id = \(calendar) AND uid = ? AND parent_id IS NULL AND source_hash = ?")
    // One row's values: 22 parameters, the time of the import (16) for both created_at and updated_at.
    let oneRow = "(" + ((1...22).map { "?\($0)" } + ["?16"]).concatenated(separator: ", ") + ")"
    insertion = try database.prepare(Self.insertion(values: oneRow))
    let parameterLimit = Int(sqlite3_limit(database.connection, SQLITE_LIMIT_VARIABLE_NUMBER, -1))
    batchRows = max(1, min(Self.batchSize, parameterLimit / Self.rowParameters))
    updating = try database.prepare(
      """
      UPDATE events SET day = ?1, title = ?2, note = ?3, location = ?4, start_minute = ?5, length_minutes = ?6,
        end_day = ?7, time_zone = ?8, rrule = ?9, span_days = ?10, last_day = ?11, parent_id = ?12,
        recurrence_day = ?13, length_days = ?14, summary_missing = ?15, updated_at = ?16, source_hash = ?18,
        series_uid = ?20, recurrence_id = ?21, kept_lines = ?22
      WHERE id = ?17
      """)
    childList = try database.prepare("SELECT \(columns) FROM events WHERE parent_id = ? ORDER BY id")
    exceptionList = try database.prepare("SELECT day FROM event_exceptions WHERE event_id = ? ORDER BY day")
    exceptionInsertion = try database.prepare(
      "INSERT OR IGNORE INTO event_exceptions (event_id, day) VALUES (?, ?)")
    let last = try database.fetchOne("SELECT max(id) FROM events") { try $0[0] as Int64? } ?? nil
    lastIDBefore = last ?? 0
    calendarWasEmpty =
      try database.fetchOne("SELECT NOT EXISTS (SELECT 1 FROM events WHERE calendar_id = ?)", [calendar]) {
        try $0[0] as Bool
      } ?? true
    countsDaysAtEnd = expectedEvents >= Self.bulkThreshold
  }

  /// An insertion of the rows `values`, adding nothing for a UID the calendar has.
  private static func insertion(values: String) -> String {
    """
    INSERT INTO events (\(insertedColumns))
    VALUES \(values)
    ON CONFLICT (calendar_id, uid) WHERE parent_id IS NULL DO NOTHING
    """
  }

  /// The batched insertion, prepared at its first use. Its parameters are unnumbered: SQLite looks each
  /// numbered one up among those before it, which for thousands of them costs more than the rows.
  private func batchStatement() throws -> Statement {
    if let batchInsertion { return batchInsertion }
    let row = "(" + Array(repeating: "?", count: Self.rowParameters).concatenated(separator: ", ") + ")"
    let statement = try database.prepare(
      Self.insertion(values: Array(repeating: row, count: batchRows).concatenated(separator: ", ")))
    batchInsertion = statement
    batchParameters = BoundParameters(statement, count: batchRows * Self.rowParameters)
    return statement
  }

  /// The event (not an edited occurrence) with `uid`, if there is one.
  public func event(uid: String) throws -> EventRecord? {
    lookUp.reset()
    try lookUp.bind(uid, at: 1)
    defer { lookUp.reset() }
    guard try lookUp.step() else { return nil }
    return try repository.record(Row(statement: lookUp))
  }

  /// The event (not an edited occurrence) with `uid`, looked at where it is stored: its id, whether it
  /// repeats, and whether its own fields are `fields` (an event on the user's own clock being the same as one
  /// in `localZone`); `nil` when there is none. Nothing is read into values, so that an import of events the
  /// calendar has already costs little more than reading the file.
  public func compare(uid: String, with fields: EventFields, localZone: String) throws -> (
    id: Int64, repeats: Bool, isSame: Bool
  )? {
    lookUp.reset()
    try lookUp.bind(uid, at: 1)
    defer { lookUp.reset() }
    guard try lookUp.step() else { return nil }
    let row = Row(statement: lookUp)
    typealias Column = EventColumn
    let id: Int64 = try row[Column.id]
    let repeats = !row.holds(nil as String?, at: Column.rrule.rawValue)
    let schedule = fields.schedule
    var zone = schedule.timeZone
    if zone == localZone && schedule.startTime != nil && row.holds(nil as String?, at: Column.timeZone.rawValue) {
      zone = nil
    }
    let isSame =
      row.holds(schedule.startDay.description, at: Column.day.rawValue)
      && row.holds(fields.title, at: Column.title.rawValue) && row.holds(fields.note, at: Column.note.rawValue)
      && row.holds(fields.location, at: Column.location.rawValue)
      && row.holds(schedule.startTime.map { Int64($0.minutes) }, at: Column.startMinute.rawValue)
      && row.holds(schedule.lengthMinutes.map(Int64.init), at: Column.lengthMinutes.rawValue)
      && row.holds(Int64(schedule.lengthDays), at: Column.lengthDays.rawValue)
      && row.holds(schedule.endDay?.description, at: Column.endDay.rawValue)
      && row.holds(zone, at: Column.timeZone.rawValue)
      && row.holds(fields.omitsSummary ? 1 : 0, at: Column.summaryMissing.rawValue)
      && (schedule.rule == nil ? !repeats : row.holds(schedule.rule?.description, at: Column.rrule.rawValue))
      && sameReminders(row, fields.reminders)
      && row.holds(fields.seriesLink?.uid, at: Column.seriesUID.rawValue)
      && row.holds(fields.seriesLink?.recurrenceID.description, at: Column.recurrenceID.rawValue)
      && row.holds(fields.keptLines, at: Column.keptLines.rawValue)
    return (id, repeats, isSame)
  }

  /// Whether the reminders read with `row` are `reminders`, in any order.
  private func sameReminders(_ row: Row, _ reminders: [Reminder]) -> Bool {
    let text: String?
    do { text = try row[EventColumn.reminders] } catch { return false }
    // No reminders read as NULL, that is none.
    guard let stored = StoredReminder.list(text), stored.count == reminders.count else { return false }
    return reminders.allSatisfy(stored.contains)
  }

  /// Whether the event (not an edited occurrence) with `uid` was imported from lines of `sourceHash` and has
  /// not changed since; its id then.
  public func event(uid: String, sourceHash: UInt64) throws -> Int64? {
    sourceLookUp.reset()
    try sourceLookUp.bind(uid, at: 1)
    try sourceLookUp.bind(Int64(bitPattern: sourceHash), at: 2)
    defer { sourceLookUp.reset() }
    guard try sourceLookUp.step() else { return nil }
    return try Row(statement: sourceLookUp)[0] as Int64
  }

  /// Records that event `id` is as read from lines of `sourceHash`.
  public func setSource(of id: Int64, to sourceHash: UInt64) throws {
    try database.execute(
      "UPDATE events SET source_hash = ? WHERE id = ?", [Int64(bitPattern: sourceHash), id])
  }

  /// The exceptions (in order) and the child rows (edited occurrences and extra dates, in the order they were
  /// added) of series `id`.
  public func details(of id: Int64) throws -> (exceptions: [CivilDate], children: [EventRecord]) {
    var exceptions: [CivilDate] = []
    exceptionList.reset()
    try exceptionList.bind(id, at: 1)
    let exceptionRow = Row(statement: exceptionList)
    while try exceptionList.step() { exceptions.append(try exceptionRow[0]) }
    exceptionList.reset()
    var children: [EventRecord] = []
    childList.reset()
    try childList.bind(id, at: 1)
    let childRow = Row(statement: childList)
    while try childList.step() { children.append(try repository.record(childRow)) }
    childList.reset()
    return (exceptions, children)
  }

  /// Adds an event and returns its id; `nil` (adding nothing) when an event with its UID is there already.
  public func insert(_ fields: EventFields, sourceHash: UInt64? = nil, at milliseconds: Int64) throws -> Int64? {
    try willWrite()
    try run(insertion, fields, sourceHash: sourceHash, at: milliseconds) { try $0.bind(fields.uid, at: 17) }
    guard database.changedRowCount > 0 else { return nil }
    touch(fields.schedule)
    let id = database.lastInsertedRowID
    if !fields.reminders.isEmpty {
      try ReminderRepository(database: database).insert(eventID: id, fields.reminders, at: milliseconds)
    }
    return id
  }

  /// Adds an event (without exceptions or child rows) in a batch of insertions, tagged with `tag`. Returns the
  /// events of a batch that was carried out whose UID was there already (nothing added for them): always
  /// empty but for the call that fills a batch. ``flush()`` carries out what is left.
  public func insertInBatch(_ fields: consuming EventFields, sourceHash: UInt64?, tag: Int, at milliseconds: Int64)
    throws
    -> [(fields: EventFields, sourceHash: UInt64?, tag: Int)]
  {
    precondition(fields.reminders.isEmpty, "an event with reminders is added on its own, with them")
    try willWrite()
    let batchInsertion = try batchStatement()
    if batch.isEmpty {
      batchInsertion.reset()
      batchTexts.removeAll()
    }
    let base = Int32(batch.count * Self.rowParameters)
    let parameters = batchParameters!
    try bind(fields, to: batchInsertion, from: base, texts: batchTexts, parameters: parameters)
    try parameters.bind(milliseconds, at: base + 16)
    try parameters.bind(fields.uid, at: base + 17, keptIn: batchTexts)
    try parameters.bind(sourceHash.map { Int64(bitPattern: $0) }, at: base + 18)
    try parameters.bind(calendar, at: base + 19)
    try parameters.bind(milliseconds, at: base + 23)
    touch(fields.schedule)
    batch.append(PendingRow(fields: fields, sourceHash: sourceHash, tag: tag))
    guard batch.count == batchRows else { return [] }
    if let changeLog {
      try changeLog.addingRows(to: "events") { while try batchInsertion.step() {} }
    } else {
      while try batchInsertion.step() {}
    }
    batchInsertion.reset()
    return try unaddedRows(added: database.changedRowCount)
  }

  /// Carries out the batched insertions that are left, one by one; returns those whose UID was there
  /// already, as ``insertInBatch(_:tag:at:)`` does.
  public func flush(at milliseconds: Int64) throws -> [(fields: EventFields, sourceHash: UInt64?, tag: Int)] {
    let rows = batch
    batch = []
    var unadded: [(fields: EventFields, sourceHash: UInt64?, tag: Int)] = []
    for row in rows where try insert(row.fields, sourceHash: row.sourceHash, at: milliseconds) == nil {
      unadded.append((row.fields, row.sourceHash, row.tag))
    }
    return unadded
  }

  /// The rows of the batch just carried out that added nothing, found by their UIDs when `added` says
  /// there are some: the rows a batch adds get the ids that follow each other, in order.
  private func unaddedRows(added: Int) throws -> [(fields: EventFields, sourceHash: UInt64?, tag: Int)] {
    guard added < batch.count else {
      batch.removeAll(keepingCapacity: true)
      return []
    }
    let rows = batch
    batch = []
    let first = database.lastInsertedRowID - Int64(added) + 1
    var lastTaken = first - 1
    var unadded: [(fields: EventFields, sourceHash: UInt64?, tag: Int)] = []
    for row in rows {
      if let id = try event(uid: row.fields.uid ?? "")?.id, id >= first, id > lastTaken {
        lastTaken = id
      } else {
        unadded.append((row.fields, row.sourceHash, row.tag))
      }
    }
    return unadded
  }

  /// Replaces the fields of `event` (its UID stays).
  public func update(
    _ event: EventRecord, with fields: EventFields, sourceHash: UInt64? = nil, at milliseconds: Int64
  ) throws {
    try willWrite()
    try run(updating, fields, sourceHash: sourceHash, at: milliseconds) { try $0.bind(event.id, at: 17) }
    touch(event.schedule)
    touch(fields.schedule)
    if event.fields.reminders != fields.reminders {
      _ = try ReminderRepository(database: database).replace(
        eventID: event.id, with: fields.reminders, at: milliseconds)
    }
  }

  /// The events of the calendar that are edited occurrences of series `uid` kept elsewhere (see
  /// ``SeriesLink``); whether the calendar holds any such event is looked up once.
  public func linkedOccurrences(series uid: String) throws -> [EventRecord] {
    if holdsLinkedOccurrences == nil {
      holdsLinkedOccurrences =
        try database.fetchOne(
          """
          SELECT EXISTS (SELECT 1 FROM events INDEXED BY events_series_links
            WHERE recurrence_id IS NOT NULL AND calendar_id = ? AND parent_id IS NULL)
          """, [calendar]
        ) { try $0[0] as Int64 } == 1
    }
    guard holdsLinkedOccurrences == true else { return [] }
    return try repository.linkedOccurrences(series: uid, calendar: calendar)
  }

  /// Removes the one-off event `event` (an edited occurrence its series now holds).
  public func remove(_ event: EventRecord) throws {
    try willWrite()
    _ = try repository.delete(id: event.id)
    touch(event.schedule)
  }

  /// Removes the exceptions and child rows of series `id` (as `details(of:)` gave them), before an import
  /// writes them anew.
  public func clearDetails(of id: Int64, children: [EventRecord]) throws {
    try willWrite()
    if !children.isEmpty {
      try database.execute("DELETE FROM events WHERE parent_id = ?", [id])
      for child in children { touch(child.schedule) }
    }
    try database.execute("DELETE FROM event_exceptions WHERE event_id = ?", [id])
  }

  /// Removes the occurrence of series `id` on `day`.
  public func addException(to id: Int64, day: CivilDate) throws {
    exceptionInsertion.reset()
    try exceptionInsertion.bind(id, at: 1)
    try exceptionInsertion.bind(day.description, at: 2)
    while try exceptionInsertion.step() {}
  }

  /// Runs the one-row insertion or update `statement` for `fields`: the time they are written at is parameter
  /// 16, what `key` binds (the UID or the id) 17, the source hash 18 (the calendar 19, and the series link 20
  /// and 21 and the kept lines 22, as `bind` binds them).
  private func run(
    _ statement: Statement, _ fields: EventFields, sourceHash: UInt64?, at milliseconds: Int64,
    key: (Statement) throws -> Void
  ) throws {
    statement.reset()
    rowTexts.removeAll()
    try bind(fields, to: statement, texts: rowTexts)
    try statement.bind(milliseconds, at: 16)
    try key(statement)
    try statement.bind(sourceHash.map { Int64(bitPattern: $0) }, at: 18)
    if statement === insertion { try statement.bind(calendar, at: 19) }
    while try statement.step() {}
  }

  /// Binds the first 15 parameters of an insertion or update, the series link's two (20 and 21) and the kept
  /// lines (22), the derived span and last day worked out here, as `EventRepository` does; the texts as copies
  /// in `texts`; through `parameters` when given (those of the batched insertion).
  private func bind(
    _ fields: EventFields, to statement: Statement, from base: Int32 = 0, texts: TextArena,
    parameters: BoundParameters? = nil
  ) throws {
    func text(_ value: String?, _ index: Int32) throws {
      if let parameters {
        try parameters.bind(value, at: base + index, keptIn: texts)
      } else {
        try statement.bind(value, at: base + index, keptIn: texts)
      }
    }
    func number(_ value: Int64?, _ index: Int32) throws {
      if let parameters {
        try parameters.bind(value, at: base + index)
      } else {
        try statement.bind(value, at: base + index)
      }
    }
    let schedule = fields.schedule
    let day = schedule.startDay.description
    try text(day, 1)
    try text(fields.title, 2)
    try text(fields.note, 3)
    try text(fields.location, 4)
    try number(schedule.startTime.map { Int64($0.minutes) }, 5)
    try number(schedule.lengthMinutes.map(Int64.init), 6)
    try text(schedule.endDay?.description, 7)
    try text(schedule.timeZone, 8)
    try text(schedule.rule?.description, 9)
    try number(Int64(schedule.spanDays), 10)
    // A one-off event's last day is its start day plus its span: no recurrence to look at.
    try text(schedule.rule == nil && schedule.spanDays == 0 ? day : schedule.lastDay()?.description, 11)
    try number(fields.parentID, 12)
    try text(fields.recurrenceDay?.description, 13)
    try number(Int64(schedule.lengthDays), 14)
    try number(fields.omitsSummary ? 1 : 0, 15)
    try text(fields.seriesLink?.uid, 20)
    try text(fields.seriesLink?.recurrenceID.description, 21)
    try text(fields.keptLines, 22)
  }

  // MARK: The per-day counts

  /// Sets the `simple_days` triggers aside before the first write of a large import.
  private func willWrite() throws {
    guard countsDaysAtEnd else { return }
    countsDaysAtEnd = false
    try suspendDayCounts()
  }

  /// Sets the `simple_days` triggers aside for this transaction, and the check of each event's calendar:
  /// every row this writer adds goes to ``calendar``, which the caller found in this transaction.
  private func suspendDayCounts() throws {
    try EventTriggers.remove(EventTriggers.all, from: database)
    suspendedTriggers = true
  }

  /// Notes that a row with `schedule` was written or removed: its day's count may change.
  private func touch(_ schedule: EventSchedule) {
    guard suspendedTriggers, schedule.rule == nil, schedule.timeZone == nil, schedule.spanDays == 0 else {
      return
    }
    let day = schedule.startDay
    touchedDays = touchedDays.map { min($0.lowerBound, day)...max($0.upperBound, day) } ?? day...day
  }

  /// Counts the touched days again and makes the triggers anew: to be called before the transaction
  /// commits.
  func finish() throws {
    precondition(batch.isEmpty, "batched insertions left: flush(at:) first")
    guard suspendedTriggers else { return }
    if let days = touchedDays {
      // Only this calendar's counts: the rows come in day order from the index, so the grouping needs no
      // sort (a sort of a million rows held tens of MiB, in memory with temp_store = MEMORY).
      let range: [any DatabaseValueConvertible] = [days.lowerBound, days.upperBound, calendar]
      try database.execute("DELETE FROM simple_days WHERE day BETWEEN ?1 AND ?2 AND calendar_id = ?3", range)
      // Every other calendar's one-day events are counted there: when none has a count in these days, the
      // index alone gives this calendar's, without reading each row for its calendar (most of the time).
      let othersHaveDays =
        try database.fetchOne(
          "SELECT EXISTS (SELECT 1 FROM simple_days WHERE day BETWEEN ?1 AND ?2)", Array(range.prefix(2))
        ) { try $0[0] as Bool } ?? true
      try database.execute(
        """
        INSERT INTO simple_days (day, calendar_id, events)
        SELECT day, ?3, count(*) FROM events INDEXED BY events_simple
        WHERE rrule IS NULL AND span_days = 0 AND time_zone IS NULL AND day BETWEEN ?1 AND ?2
          \(othersHaveDays ? "AND calendar_id = ?3" : "")
        GROUP BY day
        """, range)
    }
    try EventTriggers.install(EventTriggers.all, on: database)
    suspendedTriggers = false
    touchedDays = nil
  }
}

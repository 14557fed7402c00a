public import CalCore

/// Reads and writes the `events` and `event_exceptions` tables.
public struct EventRepository {
  let database: Database
  let rules = RuleCache()

  private typealias Column = EventColumn
  static let columns = EventColumn.selectList
  /// The same columns with none of the reminders: for reads that only need when events happen.
  static let columnsWithoutReminders = selectList(reminders: false, keptLines: true)
  /// The columns a listing reads: without the lines kept for export (``EventFields/keptLines``), which it
  /// never shows, and which a record read from it must not be written back with.
  static let listingColumns = selectList(reminders: true, keptLines: false)
  /// The same without the reminders.
  static let listingColumnsWithoutReminders = selectList(reminders: false, keptLines: false)

  /// The select list, with NULL for the reminders and the kept lines where they are not read.
  private static func selectList(reminders: Bool, keptLines: Bool) -> String {
    EventColumn.allCases.map { column in
      switch column {
      case .reminders where !reminders: return "NULL AS reminders"
      case .keptLines where !keptLines: return "NULL AS kept_lines"
      default: return column.selection
      }
    }.concatenated(separator: ", ")
  }

  /// Adds an event (with its reminders) to calendar `calendar` and returns it with its new id. Without a
  /// calendar, a child row goes where its series is, and an event of its own to the first calendar
  /// (`personal`, unless removed).
  public func insert(_ fields: EventFields, calendar: Int64? = nil, at milliseconds: Int64) throws -> EventRecord {
    if let parent = fields.parentID { try forgetSource(of: parent) }
    // An event of its own gets a random UID unless it brings one; child rows share their series'.
    let record = try database.fetchOne(
      """
      INSERT INTO events (day, title, note, location, start_minute, length_minutes, end_day, time_zone, rrule,
        span_days, last_day, parent_id, recurrence_day, length_days, summary_missing, series_uid, recurrence_id,
        created_at, updated_at, uid, calendar_id, kept_lines)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19,
        coalesce(?20, CASE WHEN ?12 IS NULL THEN lower(hex(randomblob(16))) || '@cal' END),
        coalesce(?21, (SELECT calendar_id FROM events WHERE id = ?12), (SELECT min(id) FROM calendars)), ?22)
      RETURNING \(Self.columnsWithoutReminders)
      """, Self.values(fields) + [milliseconds, milliseconds, fields.uid, calendar, fields.keptLines], record)!
    guard !fields.reminders.isEmpty else { return record }
    try ReminderRepository(database: database).insert(eventID: record.id, fields.reminders, at: milliseconds)
    return record.with(reminders: fields.reminders)
  }

  /// Replaces the fields of event `id` (its reminders too: those it keeps stay as they were, so a reminder
  /// already told is not told again); `nil` when there is no such event. A `nil` UID keeps the stored one,
  /// and the lines kept from its source stay as they are unless `replacingKeptLines` (an import's).
  ///
  /// - Throws: `DamagedRow` when the change is refused because the row as stored breaks the table's checks
  ///   (edited by another program): its values, carried over, would break them again.
  public func update(id: Int64, _ fields: EventFields, replacingKeptLines: Bool = false, at milliseconds: Int64)
    throws -> EventRecord?
  {
    let updated = try database.updatingRow(of: "events", id: id) {
      try database.fetchOne(
        """
        UPDATE events SET day = ?, title = ?, note = ?, location = ?, start_minute = ?, length_minutes = ?,
          end_day = ?, time_zone = ?, rrule = ?, span_days = ?, last_day = ?, parent_id = ?, recurrence_day = ?,
          length_days = ?, summary_missing = ?, series_uid = ?, recurrence_id = ?, updated_at = ?,
          uid = coalesce(?, uid), source_hash = NULL, kept_lines = CASE WHEN ? THEN ? ELSE kept_lines END
        WHERE id = ? RETURNING \(Self.columns)
        """, Self.values(fields) + [milliseconds, fields.uid, replacingKeptLines, fields.keptLines, id], record)
    }
    guard let record = updated else { return nil }
    guard record.fields.reminders != fields.reminders else { return record }
    let reminders = try ReminderRepository(database: database).replace(
      eventID: id, with: fields.reminders, at: milliseconds)
    return record.with(reminders: reminders)
  }

  /// Replaces the lines event `id` keeps from its iCalendar source (``EventFields/keptLines``), alone: what a
  /// sync takes from the server's copy when the server changed nothing else.
  public func setKeptLines(of id: Int64, to lines: String?) throws {
    try database.execute("UPDATE events SET kept_lines = ? WHERE id = ?", [lines, id])
  }

  /// Moves event `id` to calendar `calendar`, with its edited occurrences and extra dates; returns it as
  /// stored, or `nil` when there is no such event.
  public func move(id: Int64, toCalendar calendar: Int64, at milliseconds: Int64) throws -> EventRecord? {
    try database.execute(
      "UPDATE events SET calendar_id = ?1, updated_at = ?2 WHERE parent_id = ?3", [calendar, milliseconds, id])
    return try database.fetchOne(
      "UPDATE events SET calendar_id = ?1, updated_at = ?2 WHERE id = ?3 RETURNING \(Self.columns)",
      [calendar, milliseconds, id], record)
  }

  /// The columns a write sets from `fields`, the derived span and last day worked out here, so that a
  /// window's events can be found without expanding anything.
  private static func values(_ fields: EventFields) -> [any DatabaseValueConvertible] {
    let schedule = fields.schedule
    return [
      schedule.startDay, fields.title, fields.note, fields.location, schedule.startTime, schedule.lengthMinutes,
      schedule.endDay, schedule.timeZone, schedule.rule, schedule.spanDays, schedule.lastDay(), fields.parentID,
      fields.recurrenceDay, schedule.lengthDays, fields.omitsSummary, fields.seriesLink?.uid,
      fields.seriesLink?.recurrenceID,
    ]
  }

  /// The event with `id`, if there is one.
  public func event(id: Int64) throws -> EventRecord? {
    try database.fetchOne("SELECT \(Self.columns) FROM events WHERE id = ?", [id], record)
  }

  /// The event (not an edited occurrence) with `uid` in calendar `calendar`, if there is one.
  public func event(uid: String, calendar: Int64) throws -> EventRecord? {
    try database.fetchOne(
      "SELECT \(Self.columns) FROM events WHERE calendar_id = ? AND uid = ? AND parent_id IS NULL", [calendar, uid],
      record)
  }

  /// The events of calendar `calendar` that are edited occurrences of series `uid` kept elsewhere (see
  /// ``SeriesLink``), by id.
  public func linkedOccurrences(series uid: String, calendar: Int64) throws -> [EventRecord] {
    try database.fetch(
      """
      SELECT \(Self.columns) FROM events INDEXED BY events_series_links
      WHERE recurrence_id IS NOT NULL AND series_uid = ? AND calendar_id = ? AND parent_id IS NULL ORDER BY id
      """, [uid, calendar], record)
  }

  /// Deletes the event with `id` (a series with its exceptions and edited occurrences) and returns what it
  /// was; `nil` when there was none.
  public func delete(id: Int64) throws -> EventRecord? {
    let deleted = try database.fetchOne("DELETE FROM events WHERE id = ? RETURNING \(Self.columns)", [id], record)
    if let parent = deleted?.parentID { try forgetSource(of: parent) }
    return deleted
  }

  /// Forgets what series `id` was imported from: it has changed since (an exception, an edited occurrence
  /// or an extra date more or less), and importing the same lines again must write it again.
  func forgetSource(of id: Int64) throws {
    try database.execute("UPDATE events SET source_hash = NULL WHERE id = ? AND source_hash IS NOT NULL", [id])
  }

  /// How many events there are.
  public func count() throws -> Int64 {
    try database.fetchOne("SELECT count(*) FROM events") { try $0[0] as Int64 } ?? 0
  }

  /// How many events (series counted once) each calendar holds, by calendar id; calendars without events
  /// are left out.
  public func countsByCalendar() throws -> [Int64: Int64] {
    var counts: [Int64: Int64] = [:]
    try database.forEach("SELECT calendar_id, count(*) FROM events WHERE parent_id IS NULL GROUP BY calendar_id") {
      counts[try $0[0] as Int64] = try $0[1] as Int64
      return true
    }
    return counts
  }

  /// Deletes every event of calendar `calendar`, with their exceptions and edited occurrences; returns how
  /// many events (series counted once) there were.
  @discardableResult
  public func deleteAll(calendar: Int64) throws -> Int {
    try database.fetch(
      "DELETE FROM events WHERE calendar_id = ? AND parent_id IS NULL RETURNING id", [calendar]
    ) { try $0[0] as Int64 }.count
  }

  // MARK: Windows of days

  /// One-day events on the user's clock starting from `firstDay` through `lastDay`, by day, then id; only
  /// those of calendar `calendar` when one is given.
  public func simpleEvents(from firstDay: CivilDate, through lastDay: CivilDate, calendar: Int64? = nil) throws
    -> [EventRecord]
  {
    try database.fetch(
      """
      SELECT \(try windowColumns()) FROM events INDEXED BY events_simple
      WHERE rrule IS NULL AND span_days = 0 AND time_zone IS NULL AND day BETWEEN ?1 AND ?2
        AND (?3 IS NULL OR calendar_id = ?3)
      ORDER BY day, id
      """, [firstDay, lastDay, calendar], record)
  }

  /// Series, spans and zoned events that may cover a day from `firstDay` through `lastDay`: those that
  /// start by `lastDay` and have not ended before `firstDay`; only those of calendar `calendar` when one is
  /// given.
  public func otherEvents(from firstDay: CivilDate, through lastDay: CivilDate, calendar: Int64? = nil) throws
    -> [EventRecord]
  {
    var events: [EventRecord] = []
    try forEachOtherEvent(from: firstDay, through: lastDay, calendar: calendar) { event in
      events.append(event)
      return true
    }
    return events
  }

  /// The same events, handed to `body` as they are read; `body` returning false stops the reading. Without
  /// `withReminders`, they come without their reminders (cheaper, for marking days).
  public func forEachOtherEvent(
    from firstDay: CivilDate, through lastDay: CivilDate, calendar: Int64? = nil, withReminders: Bool = true,
    _ body: (EventRecord) throws -> Bool
  ) throws {
    try forEachOtherRow(from: firstDay, through: lastDay, calendar: calendar, withReminders: withReminders) { row in
      try body(row.record(with: row.schedule()))
    }
  }

  /// The same events as rows read as far as `body` asks: each row's schedule first, the whole record (title,
  /// reminders ...) only when `body` asks for it, for a series with an occurrence in the window. A month's
  /// listing reads hundreds of series, and most yearly ones have none in it.
  public func forEachOtherRow(
    from firstDay: CivilDate, through lastDay: CivilDate, calendar: Int64? = nil, withReminders: Bool = true,
    _ body: (EventRow) throws -> Bool
  ) throws {
    let columns = withReminders ? try windowColumns() : Self.listingColumnsWithoutReminders
    try database.forEach(
      Self.otherRowsQuery(columns: columns),
      [lastDay, firstDay, calendar, firstDay.adding(days: -Self.shortReach) ?? CivilDate.first]
    ) { row in try body(EventRow(row: row, repository: self)) }
  }

  /// The query of ``forEachOtherRow(from:through:calendar:withReminders:_:)``, reading `columns`, with the
  /// window's last day as ?1, its first as ?2, the calendar as ?3 and the first day an event of
  /// `events_short` can start on and still reach the window as ?4. Series and long spans (few) are read from
  /// the first of them; the others by a range of their first day, for none reaches more than `shortReach`
  /// days past it (migration 0020). The two are merged in order.
  static func otherRowsQuery(columns: String) -> String {
    """
    SELECT \(columns) FROM events INDEXED BY events_long
    WHERE (rrule IS NOT NULL OR span_days > 7) AND day <= ?1 AND (last_day IS NULL OR last_day >= ?2)
      AND (?3 IS NULL OR calendar_id = ?3)
    UNION ALL
    SELECT \(columns) FROM events INDEXED BY events_short
    WHERE rrule IS NULL AND span_days <= 7 AND (span_days <> 0 OR time_zone IS NOT NULL) AND day BETWEEN ?4 AND ?1
      AND last_day >= ?2 AND (?3 IS NULL OR calendar_id = ?3)
    ORDER BY day, id
    """
  }

  /// How many days past its first day an event of `events_short` can reach: the `7` in the index's and the
  /// query's conditions.
  static let shortReach = 7

  /// The columns a window of events is read with: with their reminders only when the calendar has any, for
  /// a lookup per event in an empty table is a tenth of a month's listing.
  private func windowColumns() throws -> String {
    let any = try database.fetchOne("SELECT EXISTS (SELECT 1 FROM reminders)") { try $0[0] as Bool }
    return any == true ? Self.listingColumns : Self.listingColumnsWithoutReminders
  }

  /// The distinct start days of one-day events on the user's clock from `firstDay` through `lastDay` (of
  /// calendar `calendar` alone, when given), from the per-day counts the triggers of `simple_days` keep.
  public func simpleDays(from firstDay: CivilDate, through lastDay: CivilDate, calendar: Int64? = nil) throws
    -> [CivilDate]
  {
    try database.fetch(
      """
      SELECT DISTINCT day FROM simple_days WHERE day BETWEEN ?1 AND ?2 AND (?3 IS NULL OR calendar_id = ?3)
      ORDER BY day
      """, [firstDay, lastDay, calendar]
    ) { try $0[0] }
  }

  /// The same days, each with the calendars whose one-day events fall on it.
  public func simpleDayCalendars(from firstDay: CivilDate, through lastDay: CivilDate) throws
    -> [(day: CivilDate, calendar: Int64)]
  {
    try database.fetch(
      "SELECT day, calendar_id FROM simple_days WHERE day BETWEEN ? AND ? ORDER BY day", [firstDay, lastDay]
    ) { (try $0[0], try $0[1]) }
  }

  /// Events that are not edited occurrences or extra dates, by day; only those of calendar `calendar` when
  /// one is given.
  public func topLevel(calendar: Int64? = nil) throws -> [EventRecord] {
    try database.fetch(
      """
      SELECT \(Self.columns) FROM events WHERE parent_id IS NULL AND (?1 IS NULL OR calendar_id = ?1)
      ORDER BY day, id
      """, [calendar], record)
  }

  /// Every event, handed to `body` as it is read, by day and id (newest first when asked), only those of
  /// calendar `calendar` when one is given, and only those whose title, note or location `search` finds when
  /// one is given; `body` returning false stops the reading.
  public func forEachEvent(
    newestFirst: Bool = false, calendar: Int64? = nil, matching search: TextSearch? = nil,
    _ body: (EventRecord) throws -> Bool
  ) throws {
    let order = newestFirst ? "day DESC, id DESC" : "day, id"
    // A search filters the rows before they are sorted, on their bytes.
    let found = search == nil ? "" : " AND cal_text_matches(title, note, location)"
    func read() throws {
      try database.forEach(
        "SELECT \(Self.columns) FROM events WHERE (?1 IS NULL OR calendar_id = ?1)\(found) ORDER BY \(order)",
        [calendar]
      ) { try body(record($0)) }
    }
    guard let search else { return try read() }
    try database.withTextPredicate({ search.matches(utf8: $0) }, read)
  }

  // MARK: Exceptions, edited occurrences and extra dates

  /// Every edited occurrence and extra date (of calendar `calendar`'s series, when given), by series: one
  /// query for an export instead of one per event.
  public func allChildren(calendar: Int64? = nil) throws -> [Int64: [EventRecord]] {
    var children: [Int64: [EventRecord]] = [:]
    for record in try database.fetch(
      """
      SELECT \(Self.columns) FROM events WHERE parent_id IS NOT NULL AND (?1 IS NULL OR calendar_id = ?1)
      ORDER BY day, id
      """, [calendar], record)
    {
      if let parent = record.parentID { children[parent, default: []].append(record) }
    }
    return children
  }

  /// Every exception (of calendar `calendar`'s series, when given), by series.
  public func allExceptions(calendar: Int64? = nil) throws -> [Int64: [CivilDate]] {
    var exceptions: [Int64: [CivilDate]] = [:]
    try database.forEach(
      """
      SELECT event_id, day FROM event_exceptions
      WHERE ?1 IS NULL OR event_id IN (SELECT id FROM events WHERE calendar_id = ?1 AND parent_id IS NULL)
      ORDER BY day
      """, [calendar]
    ) { row in
      exceptions[try row["event_id"] as Int64, default: []].append(try row["day"])
      return true
    }
    return exceptions
  }

  /// Removes the exceptions, edited occurrences and extra dates of series `eventID`, before an import
  /// writes them anew.
  public func clearSeriesDetails(eventID: Int64) throws {
    try forgetSource(of: eventID)
    try database.execute("DELETE FROM event_exceptions WHERE event_id = ?", [eventID])
    try database.execute("DELETE FROM events WHERE parent_id = ?", [eventID])
  }

  /// Removes the occurrence of series `eventID` on `day`.
  public func addException(eventID: Int64, day: CivilDate) throws {
    try database.execute("INSERT OR IGNORE INTO event_exceptions (event_id, day) VALUES (?, ?)", [eventID, day])
  }

  /// Occurrence days from `firstDay` through `lastDay` that are removed (exceptions) or replaced (edited
  /// occurrences), by series.
  public func skippedDays(from firstDay: CivilDate, through lastDay: CivilDate) throws -> [Int64: Set<CivilDate>] {
    var skipped: [Int64: Set<CivilDate>] = [:]
    try database.forEach(
      """
      SELECT event_id, day FROM event_exceptions WHERE day BETWEEN ?1 AND ?2
      UNION ALL
      SELECT parent_id, recurrence_day FROM events WHERE parent_id IS NOT NULL AND recurrence_day BETWEEN ?1 AND ?2
      """, [firstDay, lastDay]
    ) { row in
      skipped[try row[0] as Int64, default: []].insert(try row[1])
      return true
    }
    return skipped
  }

  /// The occurrence days of series `eventID` from `firstDay` through `lastDay` that are removed or replaced by
  /// an edited occurrence.
  public func skippedDays(eventID: Int64, from firstDay: CivilDate, through lastDay: CivilDate) throws
    -> Set<CivilDate>
  {
    Set(
      try database.fetch(
        """
        SELECT day FROM event_exceptions WHERE event_id = ?1 AND day BETWEEN ?2 AND ?3
        UNION ALL
        SELECT recurrence_day FROM events WHERE parent_id = ?1 AND recurrence_day BETWEEN ?2 AND ?3
        """, [eventID, firstDay, lastDay]
      ) { try $0[0] as CivilDate })
  }

  /// The removed occurrences of series `eventID`, in order.
  public func exceptions(eventID: Int64) throws -> [CivilDate] {
    try database.fetch("SELECT day FROM event_exceptions WHERE event_id = ? ORDER BY day", [eventID]) { try $0[0] }
  }

  /// The edited occurrence of series `parentID` on `day`, if there is one.
  public func override(of parentID: Int64, on day: CivilDate) throws -> EventRecord? {
    try database.fetchOne(
      "SELECT \(Self.columns) FROM events WHERE parent_id = ? AND recurrence_day = ?", [parentID, day], record)
  }

  /// Hands the exceptions, edited occurrences and extra dates of series `from` on or after `day` to series
  /// `to`, when a series is split in two.
  public func moveExceptions(from: Int64, to: Int64, onOrAfter day: CivilDate) throws {
    try database.execute(
      "UPDATE event_exceptions SET event_id = ? WHERE event_id = ? AND day >= ?", [to, from, day])
    // An extra date (no recurrence day) by the day it starts on.
    try database.execute(
      "UPDATE events SET parent_id = ? WHERE parent_id = ? AND coalesce(recurrence_day, day) >= ?", [to, from, day])
    try forgetSource(of: from)
    try forgetSource(of: to)
  }

  // MARK: Split series

  /// Records that series `id` continues series `previous` (it took over from a day on).
  public func markContinuation(_ id: Int64, of previous: Int64) throws {
    try database.execute("UPDATE events SET continues_id = ? WHERE id = ?", [previous, id])
  }

  /// The series that continue series `id`, in the order they were made.
  public func continuations(of id: Int64) throws -> [EventRecord] {
    try database.fetch("SELECT \(Self.columns) FROM events WHERE continues_id = ? ORDER BY id", [id], record)
  }

  // MARK: Reading rows

  /// A row of `events` as a record, every value checked: a row that cannot be read is reported, not
  /// guessed at.
  func record(_ row: Row) throws -> EventRecord {
    try record(row, schedule: schedule(row))
  }

  /// The schedule of a row of `events`, checked as ``record(_:)`` checks it.
  func schedule(_ row: Row) throws -> EventSchedule {
    try row.reportingDamage(of: "events") { try readSchedule(row) }
  }

  private func readSchedule(_ row: Row) throws -> EventSchedule {
    var rule: RecurrenceRule?
    if !row.isNull(at: Column.rrule.rawValue) {
      guard let bytes = row.textBytes(at: Column.rrule.rawValue, orBlob: true), let parsed = rules.rule(bytes) else {
        throw DatabaseError(
          resultCode: .mismatch, message: "the column rrule holds a rule that cannot be read",
          sql: "SELECT rrule FROM events WHERE id = \(try row[Column.id] as Int64)", column: "rrule")
      }
      rule = parsed
    }
    let lengthMinutes: Int? = try row[Column.lengthMinutes]
    let lengthDays: Int = try row[Column.lengthDays]
    // The same bounds as on the way in: a length no event can have (a file edited by hand) is reported.
    guard lengthMinutes.map({ (0...EventLength.maximumMinutes).contains($0) }) ?? true,
      (0...Gregorian.dayCount).contains(lengthDays)
    else {
      throw DatabaseError(
        resultCode: .mismatch, message: "the columns length_minutes and length_days hold a length no event has",
        sql: "SELECT length_minutes, length_days FROM events WHERE id = \(try row[Column.id] as Int64)",
        column: "length_minutes or length_days")
    }
    return EventSchedule(
      startDay: try row[Column.day], startTime: try row[Column.startMinute], lengthMinutes: lengthMinutes,
      lengthDays: lengthDays, endDay: try row[Column.endDay], timeZone: try row[Column.timeZone], rule: rule)
  }

  /// The rest of a row of `events` around its `schedule`, read with ``schedule(_:)``.
  func record(_ row: Row, schedule: EventSchedule) throws -> EventRecord {
    try row.reportingDamage(of: "events") { try readRecord(row, schedule: schedule) }
  }

  private func readRecord(_ row: Row, schedule: EventSchedule) throws -> EventRecord {
    guard let reminders = StoredReminder.list(try row[Column.reminders]) else {
      // Read together, as one column of the event's row: which reminder it was is not known here.
      throw DamagedRow(table: "events", id: try row[Column.id], columns: ["reminders"], kind: .unreadable)
    }
    var link: SeriesLink?
    if let seriesUID: String = try row[Column.seriesUID] {
      link = SeriesLink(uid: seriesUID, recurrenceID: try row[Column.recurrenceID])
    }
    let fields = EventFields(
      title: try row[Column.title], note: try row[Column.note], location: try row[Column.location],
      schedule: schedule, parentID: try row[Column.parentID], recurrenceDay: try row[Column.recurrenceDay],
      uid: try row[Column.uid], reminders: reminders, summaryMissing: try row[Column.summaryMissing],
      seriesLink: link, keptLines: try row[Column.keptLines])
    return EventRecord(
      id: try row[Column.id], fields: fields, lastDay: try row[Column.lastDay], createdAt: try row[Column.createdAt],
      updatedAt: try row[Column.updatedAt], calendarID: try row[Column.calendarID])
  }
}

extension EventRepository {
  /// Runs `body` with a writer for an import of about `expectedEvents` events, inside the caller's write
  /// transaction (``CalendarStore/write(_:)``), and puts the per-day counts right before returning.
  public func importing<Value>(
    into calendar: Int64, expectedEvents: Int, _ body: (EventImportWriter) throws -> Value
  ) throws -> Value {
    precondition(database.isInTransaction, "an import writes inside a transaction")
    // The rows an import writes are built from checked values (days from dates, titles never blank ...): the
    // schema's CHECKs, a tenth of each insertion, are left out of its statements.
    try database.execute("PRAGMA ignore_check_constraints = ON")
    defer { try? database.execute("PRAGMA ignore_check_constraints = OFF") }
    let writer = try EventImportWriter(repository: self, calendar: calendar, expectedEvents: expectedEvents)
    let value = try body(writer)
    try writer.finish()
    return value
  }
}

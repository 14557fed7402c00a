/// Reads and writes the `events` and `event_exceptions` tables.
public struct EventRepository {
  let database: Database

  private static let columns = """
    id, day, title, note, location, start_minute, length_minutes, end_day, time_zone, rrule, span_days, last_day, \
    parent_id, recurrence_day, created_at, updated_at, uid
    """

  /// Adds an event and returns it with its new id.
  public func insert(_ fields: EventFields, at milliseconds: Int64) throws -> EventRecord {
    // An event of its own gets a random UID unless it brings one; child rows share their series'.
    try database.fetchOne(
      """
      INSERT INTO events (day, title, note, location, start_minute, length_minutes, end_day, time_zone, rrule,
        span_days, last_day, parent_id, recurrence_day, created_at, updated_at, uid)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,
        coalesce(?16, CASE WHEN ?12 IS NULL THEN lower(hex(randomblob(16))) || '@cal' END))
      RETURNING \(Self.columns)
      """, Self.values(fields) + [.integer(milliseconds), .integer(milliseconds), .optionalText(fields.uid)],
      Self.record)!
  }

  /// The event (not an edited occurrence) with `uid`, if there is one.
  public func event(uid: String) throws -> EventRecord? {
    try database.fetchOne(
      "SELECT \(Self.columns) FROM events WHERE uid = ? AND parent_id IS NULL", [.text(uid)], Self.record)
  }

  /// Every edited occurrence and extra date, by series: one query for an export instead of one per event.
  public func allChildren() throws -> [Int64: [EventRecord]] {
    var children: [Int64: [EventRecord]] = [:]
    for record in try database.fetch(
      "SELECT \(Self.columns) FROM events WHERE parent_id IS NOT NULL ORDER BY day, id", [], Self.record)
    {
      if let parent = record.parentID { children[parent, default: []].append(record) }
    }
    return children
  }

  /// Every exception, by series.
  public func allExceptions() throws -> [Int64: [String]] {
    var exceptions: [Int64: [String]] = [:]
    for (id, day) in try database.fetch(
      "SELECT event_id, day FROM event_exceptions ORDER BY day", [],
      {
        ($0.integer(0), $0.text(1))
      })
    {
      exceptions[id, default: []].append(day)
    }
    return exceptions
  }

  /// Removes the exceptions, edited occurrences and extra dates of series `eventID`, before an import
  /// writes them anew.
  public func clearSeriesDetails(eventID: Int64) throws {
    try database.execute("DELETE FROM event_exceptions WHERE event_id = ?", [.integer(eventID)])
    try database.execute("DELETE FROM events WHERE parent_id = ?", [.integer(eventID)])
  }

  /// Events that are not edited occurrences or extra dates, by day.
  public func topLevel() throws -> [EventRecord] {
    try database.fetch("SELECT \(Self.columns) FROM events WHERE parent_id IS NULL ORDER BY day, id", [], Self.record)
  }

  /// Replaces the fields of event `id`; `nil` when there is no such event.
  public func update(id: Int64, _ fields: EventFields, at milliseconds: Int64) throws -> EventRecord? {
    try database.fetchOne(
      """
      UPDATE events SET day = ?, title = ?, note = ?, location = ?, start_minute = ?, length_minutes = ?,
        end_day = ?, time_zone = ?, rrule = ?, span_days = ?, last_day = ?, parent_id = ?, recurrence_day = ?,
        updated_at = ?, uid = coalesce(?, uid)
      WHERE id = ? RETURNING \(Self.columns)
      """, Self.values(fields) + [.integer(milliseconds), .optionalText(fields.uid), .integer(id)], Self.record)
  }

  private static func values(_ fields: EventFields) -> [SQLiteValue] {
    [
      .text(fields.day), .text(fields.title), .optionalText(fields.note), .optionalText(fields.location),
      .optionalInteger(fields.startMinute), .optionalInteger(fields.lengthMinutes), .optionalText(fields.endDay),
      .optionalText(fields.timeZone), .optionalText(fields.rrule), .integer(Int64(fields.spanDays)),
      .optionalText(fields.lastDay), fields.parentID.map(SQLiteValue.integer) ?? .null,
      .optionalText(fields.recurrenceDay),
    ]
  }

  /// One-day events on the user's clock starting from `firstDay` through `lastDay`, by day, then id.
  public func simpleEvents(from firstDay: String, through lastDay: String) throws -> [EventRecord] {
    try database.fetch(
      """
      SELECT \(Self.columns) FROM events INDEXED BY events_simple
      WHERE rrule IS NULL AND span_days = 0 AND time_zone IS NULL AND day BETWEEN ? AND ? ORDER BY day, id
      """, [.text(firstDay), .text(lastDay)], Self.record)
  }

  /// Series, spans and zoned events that may cover a day from `firstDay` through `lastDay`: those that
  /// start by `lastDay` and have not ended before `firstDay`.
  public func otherEvents(from firstDay: String, through lastDay: String) throws -> [EventRecord] {
    var events: [EventRecord] = []
    try forEachOtherEvent(from: firstDay, through: lastDay) { event in
      events.append(event)
      return true
    }
    return events
  }

  /// The same events, handed to `body` as they are read; `body` returning false stops the reading.
  public func forEachOtherEvent(
    from firstDay: String, through lastDay: String, _ body: (EventRecord) throws -> Bool
  ) throws {
    try database.forEach(
      """
      SELECT \(Self.columns) FROM events INDEXED BY events_other
      WHERE (rrule IS NOT NULL OR span_days <> 0 OR time_zone IS NOT NULL) AND day <= ?
        AND (last_day IS NULL OR last_day >= ?)
      ORDER BY day, id
      """, [.text(lastDay), .text(firstDay)]
    ) { try body(Self.record($0)) }
  }

  /// The distinct start days of one-day events on the user's clock from `firstDay` through `lastDay`, from
  /// the per-day counts the triggers of `simple_days` keep.
  public func simpleDays(from firstDay: String, through lastDay: String) throws -> [String] {
    try database.fetch(
      "SELECT day FROM simple_days WHERE day BETWEEN ? AND ? ORDER BY day", [.text(firstDay), .text(lastDay)]
    ) { $0.text(0) }
  }

  /// Every event, for searching.
  public func all() throws -> [EventRecord] {
    try database.fetch("SELECT \(Self.columns) FROM events ORDER BY day DESC, id DESC", [], Self.record)
  }

  /// The event with `id`, if there is one.
  public func event(id: Int64) throws -> EventRecord? {
    try database.fetchOne("SELECT \(Self.columns) FROM events WHERE id = ?", [.integer(id)], Self.record)
  }

  /// Deletes the event with `id` (a series with its exceptions and edited occurrences) and returns what it
  /// was; `nil` when there was none.
  public func delete(id: Int64) throws -> EventRecord? {
    try database.fetchOne("DELETE FROM events WHERE id = ? RETURNING \(Self.columns)", [.integer(id)], Self.record)
  }

  /// How many events there are.
  public func count() throws -> Int64 {
    try database.fetchOne("SELECT count(*) FROM events") { $0.integer(0) } ?? 0
  }

  // MARK: Exceptions and edited occurrences

  /// Removes the occurrence of series `eventID` on `day`.
  public func addException(eventID: Int64, day: String) throws {
    try database.execute(
      "INSERT OR IGNORE INTO event_exceptions (event_id, day) VALUES (?, ?)", [.integer(eventID), .text(day)])
  }

  /// Occurrence days from `firstDay` through `lastDay` that are removed (exceptions) or replaced (edited
  /// occurrences), by series.
  public func skippedDays(from firstDay: String, through lastDay: String) throws -> [Int64: Set<String>] {
    var skipped: [Int64: Set<String>] = [:]
    let rows = try database.fetch(
      """
      SELECT event_id, day FROM event_exceptions WHERE day BETWEEN ?1 AND ?2
      UNION ALL
      SELECT parent_id, recurrence_day FROM events WHERE parent_id IS NOT NULL AND recurrence_day BETWEEN ?1 AND ?2
      """, [.text(firstDay), .text(lastDay)]
    ) { ($0.integer(0), $0.text(1)) }
    for (id, day) in rows { skipped[id, default: []].insert(day) }
    return skipped
  }

  /// The removed occurrences of series `eventID`, in order.
  public func exceptions(eventID: Int64) throws -> [String] {
    try database.fetch("SELECT day FROM event_exceptions WHERE event_id = ? ORDER BY day", [.integer(eventID)]) {
      $0.text(0)
    }
  }

  /// The edited occurrence of series `parentID` on `day`, if there is one.
  public func override(of parentID: Int64, on day: String) throws -> EventRecord? {
    try database.fetchOne(
      "SELECT \(Self.columns) FROM events WHERE parent_id = ? AND recurrence_day = ?",
      [.integer(parentID), .text(day)],
      Self.record)
  }

  /// Hands the exceptions and edited occurrences of series `from` on or after `day` to series `to`, when a
  /// series is split in two.
  public func moveExceptions(from: Int64, to: Int64, onOrAfter day: String) throws {
    try database.execute(
      "UPDATE event_exceptions SET event_id = ? WHERE event_id = ? AND day >= ?",
      [.integer(to), .integer(from), .text(day)])
    try database.execute(
      "UPDATE events SET parent_id = ? WHERE parent_id = ? AND recurrence_day >= ?",
      [.integer(to), .integer(from), .text(day)])
  }

  private static func record(_ row: Row) -> EventRecord {
    let fields = EventFields(
      day: row.text(1), title: row.text(2), note: row.optionalText(3), location: row.optionalText(4),
      startMinute: row.optionalInteger(5).map(Int.init), lengthMinutes: row.optionalInteger(6).map(Int.init),
      endDay: row.optionalText(7), timeZone: row.optionalText(8), rrule: row.optionalText(9),
      spanDays: Int(row.integer(10)), lastDay: row.optionalText(11), parentID: row.optionalInteger(12),
      recurrenceDay: row.optionalText(13), uid: row.optionalText(16))
    return EventRecord(id: row.integer(0), fields: fields, createdAt: row.integer(14), updatedAt: row.integer(15))
  }
}

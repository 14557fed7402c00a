/// Reads and writes the `events` table.
public struct EventRepository {
  let database: Database

  private static let columns = "id, day, title, note, created_at, updated_at"

  /// Adds an event and returns it with its new id.
  public func insert(day: String, title: String, note: String?, at milliseconds: Int64) throws -> EventRecord {
    try database.execute(
      "INSERT INTO events (day, title, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
      [.text(day), .text(title), .optionalText(note), .integer(milliseconds), .integer(milliseconds)])
    return EventRecord(
      id: database.lastInsertedRowID, day: day, title: title, note: note,
      createdAt: milliseconds, updatedAt: milliseconds)
  }

  /// The events from `firstDay` through `lastDay` (both `YYYY-MM-DD`, inclusive), by day, then by id.
  public func events(from firstDay: String, through lastDay: String) throws -> [EventRecord] {
    try database.fetch(
      "SELECT \(Self.columns) FROM events WHERE day BETWEEN ? AND ? ORDER BY day, id",
      [.text(firstDay), .text(lastDay)], Self.record)
  }

  /// The distinct days from `firstDay` through `lastDay` that have at least one event, in order.
  ///
  /// A skip-scan: one index seek per day that has events, however many events each day holds, so a year
  /// of a million-event calendar costs at most 366 seeks rather than a scan of its 80,000 rows.
  public func days(withEventsFrom firstDay: String, through lastDay: String) throws -> [String] {
    try database.fetch(
      """
      WITH RECURSIVE marked(day) AS (
        SELECT min(day) FROM events WHERE day >= ?1
        UNION ALL
        SELECT (SELECT min(day) FROM events WHERE day > marked.day) FROM marked WHERE marked.day <= ?2
      )
      SELECT day FROM marked WHERE day <= ?2
      """,
      [.text(firstDay), .text(lastDay)]
    ) { $0.text(0) }
  }

  /// The event with `id`, if there is one.
  public func event(id: Int64) throws -> EventRecord? {
    try database.fetchOne("SELECT \(Self.columns) FROM events WHERE id = ?", [.integer(id)], Self.record)
  }

  /// Deletes the event with `id` and returns what it was; `nil` when there was none.
  public func delete(id: Int64) throws -> EventRecord? {
    try database.fetchOne(
      "DELETE FROM events WHERE id = ? RETURNING \(Self.columns)", [.integer(id)], Self.record)
  }

  /// How many events there are.
  public func count() throws -> Int64 {
    try database.fetchOne("SELECT count(*) FROM events") { $0.integer(0) } ?? 0
  }

  private static func record(_ row: Row) -> EventRecord {
    EventRecord(
      id: row.integer(0), day: row.text(1), title: row.text(2), note: row.optionalText(3),
      createdAt: row.integer(4), updatedAt: row.integer(5))
  }
}

public import CalCore

/// Reads and writes the `calendars` table.
public struct CalendarRepository {
  let database: Database

  private typealias Column = CalendarColumn
  private static let columns = CalendarColumn.selectList

  /// Every calendar, in the order they were added.
  public func all() throws -> [CalendarRecord] {
    try database.fetch("SELECT \(Self.columns) FROM calendars ORDER BY id", [], record)
  }

  /// The calendar called `name` (case aside), if there is one.
  public func calendar(named name: String) throws -> CalendarRecord? {
    if let calendar = try database.fetchOne("SELECT \(Self.columns) FROM calendars WHERE name = ?", [name], record) {
      return calendar
    }
    // SQLite's NOCASE folds ASCII letters only: É is é, and é written as e with a combining accent is é too
    // (Swift compares strings by canonical equivalence), so that no two calendars look alike. A user has a
    // few calendars: reading them all is cheap, and happens only when the name is not found as it is.
    let lowercased = name.lowercased()
    return try all().first { $0.name.lowercased() == lowercased }
  }

  /// The calendar with `id`, if there is one.
  public func calendar(id: Int64) throws -> CalendarRecord? {
    try database.fetchOne("SELECT \(Self.columns) FROM calendars WHERE id = ?", [id], record)
  }

  /// Adds a calendar (its id is ignored) and returns it with its new id.
  public func insert(_ calendar: CalendarRecord) throws -> CalendarRecord {
    try database.fetchOne(
      """
      INSERT INTO calendars (
        name, color, kind, url, user_name, password_command, sync_token, ctag, synced_at, components
      ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING \(Self.columns)
      """, Self.values(calendar), record)!
  }

  /// Stores every field of `calendar` but its id; `nil` when there is no such calendar.
  @discardableResult
  public func update(_ calendar: CalendarRecord) throws -> CalendarRecord? {
    try database.updatingRow(of: "calendars", id: calendar.id) {
      try database.fetchOne(
        """
        UPDATE calendars SET name = ?, color = ?, kind = ?, url = ?, user_name = ?, password_command = ?,
          sync_token = ?, ctag = ?, synced_at = ?, components = ?
        WHERE id = ? RETURNING \(Self.columns)
        """, Self.values(calendar) + [calendar.id], record)
    }
  }

  /// Stores the sync state of `calendar` alone (its sync token, ctag and time of sync): what a sync writes,
  /// so that a rename or a new colour given while it ran stays.
  public func updateSyncState(_ calendar: CalendarRecord) throws {
    try database.execute(
      "UPDATE calendars SET sync_token = ?, ctag = ?, synced_at = ? WHERE id = ?",
      [calendar.syncToken, calendar.ctag, calendar.syncedAt, calendar.id])
  }

  /// Stores what the collection of calendar `id` says it holds (``CalendarRecord/components``), as a sync
  /// reads it.
  public func updateComponents(_ components: [String]?, calendar id: Int64) throws {
    try database.execute(
      "UPDATE calendars SET components = ? WHERE id = ?", [components.map(Self.componentsText), id])
  }

  /// Deletes calendar `id`, which must hold no events any more, with its sync state.
  public func delete(id: Int64) throws {
    // Removed here rather than by the foreign key's cascade, which the change log's session does not see:
    // undoing the removal brings them back with the calendar.
    try database.execute("DELETE FROM sync_items WHERE calendar_id = ?", [id])
    try database.execute("DELETE FROM calendars WHERE id = ?", [id])
  }

  private static func values(_ calendar: CalendarRecord) -> [any DatabaseValueConvertible] {
    [
      calendar.name, calendar.color, calendar.kind, calendar.url, calendar.user, calendar.passwordCommand,
      calendar.syncToken, calendar.ctag, calendar.syncedAt, calendar.components.map(componentsText),
    ]
  }

  /// `VEVENT,VTODO`, as Radicale keeps the same property; '' for none declared.
  private static func componentsText(_ components: [String]) -> String {
    CalendarRecord.components(components).joined(separator: ",")
  }

  private func record(_ row: Row) throws -> CalendarRecord {
    try row.reportingDamage(of: "calendars") {
      CalendarRecord(
        id: try row[Column.id], name: try row[Column.name], color: try row[Column.color], kind: try row[Column.kind],
        url: try row[Column.url], user: try row[Column.user], passwordCommand: try row[Column.passwordCommand],
        syncToken: try row[Column.syncToken], ctag: try row[Column.ctag], syncedAt: try row[Column.syncedAt],
        components: (try row[Column.components] as String?).map {
          CalendarRecord.components($0.split(separator: ",").map(String.init))
        })
    }
  }
}

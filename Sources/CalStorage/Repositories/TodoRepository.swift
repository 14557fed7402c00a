public import CalCore

/// Reads and writes the `todos` table.
public struct TodoRepository {
  let database: Database

  private typealias Column = TodoColumn
  private static let columns = TodoColumn.selectList

  /// Adds a to-do to calendar `calendar` and returns it with its new id; one without a UID gets a random one.
  public func insert(_ fields: TodoFields, calendar: Int64, at milliseconds: Int64) throws -> TodoRecord {
    try database.fetchOne(
      """
      INSERT INTO todos (title, note, location, due_day, due_minute, time_zone, priority, status, completed_at,
        kept_lines, uid, calendar_id, created_at, updated_at)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, coalesce(?11, lower(hex(randomblob(16))) || '@cal'), ?12,
        ?13, ?13)
      RETURNING \(Self.columns)
      """, Self.values(fields) + [fields.uid, calendar, milliseconds], record)!
  }

  /// Replaces the fields of to-do `id` (a `nil` UID keeps the stored one); `nil` when there is no such to-do.
  ///
  /// - Throws: `DamagedRow` when the change is refused because the row as stored breaks the table's checks.
  public func update(id: Int64, _ fields: TodoFields, at milliseconds: Int64) throws -> TodoRecord? {
    try database.updatingRow(of: "todos", id: id) {
      try database.fetchOne(
        """
        UPDATE todos SET title = ?1, note = ?2, location = ?3, due_day = ?4, due_minute = ?5, time_zone = ?6,
          priority = ?7, status = ?8, completed_at = ?9, kept_lines = ?10, uid = coalesce(?11, uid), updated_at = ?12
        WHERE id = ?13 RETURNING \(Self.columns)
        """, Self.values(fields) + [fields.uid, milliseconds, id], record)
    }
  }

  /// Moves to-do `id` to calendar `calendar`; returns it as stored, or `nil` when there is no such to-do.
  public func move(id: Int64, toCalendar calendar: Int64, at milliseconds: Int64) throws -> TodoRecord? {
    try database.fetchOne(
      "UPDATE todos SET calendar_id = ?1, updated_at = ?2 WHERE id = ?3 RETURNING \(Self.columns)",
      [calendar, milliseconds, id], record)
  }

  /// The to-do with `id`, if there is one.
  public func todo(id: Int64) throws -> TodoRecord? {
    try database.fetchOne("SELECT \(Self.columns) FROM todos WHERE id = ?", [id], record)
  }

  /// The to-do with `uid` in calendar `calendar`, if there is one.
  public func todo(uid: String, calendar: Int64) throws -> TodoRecord? {
    try database.fetchOne(
      "SELECT \(Self.columns) FROM todos WHERE calendar_id = ? AND uid = ?", [calendar, uid], record)
  }

  /// The to-dos, those of calendar `calendar` alone when one is given, and only those whose status is one of
  /// `statuses`: by id (the service sorts them for showing).
  public func todos(calendar: Int64? = nil, statuses: Set<TodoStatus>) throws -> [TodoRecord] {
    let wanted = TodoStatus.allCases.filter(statuses.contains)
    guard !wanted.isEmpty else { return [] }
    let placeholders = wanted.map { _ in "?" }.concatenated(separator: ", ")
    return try database.fetch(
      """
      SELECT \(Self.columns) FROM todos WHERE (?1 IS NULL OR calendar_id = ?1) AND status IN (\(placeholders))
      ORDER BY id
      """, [calendar] + wanted.map { $0 as any DatabaseValueConvertible }, record)
  }

  /// Calls `body` with each to-do (of calendar `calendar` alone, when one is given), by id, one at a time
  /// (none held after it), until it returns false.
  public func forEach(calendar: Int64?, _ body: (TodoRecord) throws -> Bool) throws {
    try database.forEach(
      "SELECT \(Self.columns) FROM todos WHERE ?1 IS NULL OR calendar_id = ?1 ORDER BY id", [calendar]
    ) { try body(try record($0)) }
  }

  /// Deletes to-do `id` and returns what it was; `nil` when there was none.
  public func delete(id: Int64) throws -> TodoRecord? {
    try database.fetchOne("DELETE FROM todos WHERE id = ? RETURNING \(Self.columns)", [id], record)
  }

  /// Deletes every to-do of calendar `calendar`; returns how many there were.
  @discardableResult
  public func deleteAll(calendar: Int64) throws -> Int {
    try database.fetch("DELETE FROM todos WHERE calendar_id = ? RETURNING id", [calendar]) { try $0[0] as Int64 }.count
  }

  /// How many to-dos each calendar holds, by calendar id; calendars without any are left out.
  public func countsByCalendar() throws -> [Int64: Int64] {
    var counts: [Int64: Int64] = [:]
    try database.forEach("SELECT calendar_id, count(*) FROM todos GROUP BY calendar_id") {
      counts[try $0[0] as Int64] = try $0[1] as Int64
      return true
    }
    return counts
  }

  private static func values(_ fields: TodoFields) -> [any DatabaseValueConvertible] {
    [
      fields.title, fields.note, fields.location, fields.due?.day, fields.due?.time, fields.due?.timeZone,
      fields.priority, fields.status, fields.completedAt, fields.keptLines,
    ]
  }

  private func record(_ row: Row) throws -> TodoRecord {
    try row.reportingDamage(of: "todos") {
      let day: CivilDate? = try row[Column.dueDay]
      let due = try day.map { day in
        TodoDue(day: day, time: try row[Column.dueMinute], timeZone: try row[Column.timeZone])
      }
      let fields = TodoFields(
        title: try row[Column.title], note: try row[Column.note], location: try row[Column.location], due: due,
        priority: try row[Column.priority], status: try row[Column.status], completedAt: try row[Column.completedAt],
        uid: try row[Column.uid], keptLines: try row[Column.keptLines])
      return TodoRecord(
        id: try row[Column.id], fields: fields, calendarID: try row[Column.calendarID],
        createdAt: try row[Column.createdAt], updatedAt: try row[Column.updatedAt])
    }
  }
}

/// The columns of `todos`, in the order every query of the to-do repository selects them.
enum TodoColumn: Int32, ColumnList {
  case id, calendarID, uid, title, note, location, dueDay, dueMinute, timeZone, priority, status, completedAt
  case createdAt, updatedAt, keptLines

  var name: String {
    switch self {
    case .id: return "id"
    case .calendarID: return "calendar_id"
    case .uid: return "uid"
    case .title: return "title"
    case .note: return "note"
    case .location: return "location"
    case .dueDay: return "due_day"
    case .dueMinute: return "due_minute"
    case .timeZone: return "time_zone"
    case .priority: return "priority"
    case .status: return "status"
    case .completedAt: return "completed_at"
    case .createdAt: return "created_at"
    case .updatedAt: return "updated_at"
    case .keptLines: return "kept_lines"
    }
  }
}

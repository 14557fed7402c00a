public import CalCore

/// Records changes and undoes and redoes them: the `changes` table, `change_current`, and the row images the
/// triggers of `ChangeLogSchema` keep.
public struct ChangeLogRepository {
  let database: Database
  /// The logged tables, read once per connection when first needed.
  let tables: ChangeLogTables

  /// How many changes are kept; older ones are forgotten (and can no longer be undone).
  static let kept: Int64 = 1000
  /// How often (in changes) forgotten changes are swept away.
  static let sweepInterval: Int64 = 100

  private enum Column: Int32, ColumnList {
    case id, at, kind, summary, label, state

    var name: String {
      switch self {
      case .id: return "id"
      case .at: return "at"
      case .kind: return "kind"
      case .summary: return "summary"
      case .label: return "label"
      case .state: return "state"
      }
    }
  }

  /// Opens a change: from here to `finish` in the same transaction, every change to a logged table is
  /// recorded under it. Returns its id.
  func begin(kind: String, label: String?, at milliseconds: Int64) throws -> Int64 {
    let id = try database.fetchOne(
      "INSERT INTO changes (at, kind, label) VALUES (?, ?, ?) RETURNING id", [milliseconds, kind, label]
    ) { try $0[0] as Int64 }!
    try database.execute("INSERT INTO change_current (singleton, change_id) VALUES (1, ?)", [id])
    return id
  }

  /// Closes change `id`, naming what it did. A change that touched no row is forgotten; one that did ends any
  /// chance to redo what was undone before it.
  func finish(_ id: Int64, summary: String) throws {
    try database.execute("DELETE FROM change_current")
    let logs = try tables.all(database).map(\.log)
    let touched =
      logs.isEmpty
      ? false
      : try database.fetchOne(
        "SELECT "
          + logs.map { "EXISTS (SELECT 1 FROM \(ChangeLogSchema.quoted($0)) WHERE change_id = ?1)" }
          .joined(separator: " OR "), [id]
      ) { try $0[0] as Bool } ?? false
    guard touched else {
      try database.execute("DELETE FROM changes WHERE id = ?", [id])
      return
    }
    try database.execute("UPDATE changes SET summary = ? WHERE id = ?", [summary, id])
    try database.execute("UPDATE changes SET state = 'discarded' WHERE state = 'undone'")
    if id % Self.sweepInterval == 0 { try sweep(before: id - Self.kept) }
  }

  /// Forgets changes older than `oldest`, and the images of those that can no longer be undone or redone.
  private func sweep(before oldest: Int64) throws {
    for table in try tables.all(database) {
      try database.execute(
        """
        DELETE FROM \(ChangeLogSchema.quoted(table.log))
        WHERE change_id < ?1 OR change_id IN (SELECT id FROM changes WHERE state = 'discarded')
        """, [oldest])
    }
    try database.execute("DELETE FROM changes WHERE id < ?", [oldest])
  }

  /// The changes, newest first; all of them when `limit` is `nil`.
  public func newestFirst(limit: Int? = nil) throws -> [ChangeRecord] {
    try database.fetch("SELECT \(Column.selectList) FROM changes ORDER BY id DESC LIMIT ?", [limit ?? -1], record)
  }

  /// Undoes the newest `count` changes in effect, newest first, and returns them as they are now; fewer when
  /// there are fewer. Runs inside a write transaction.
  ///
  /// - Throws: `ChangeConflict` when a row a change touched was changed since by something the log did not
  ///   record; nothing is undone then.
  public func undo(count: Int) throws -> [ChangeRecord] {
    let changes = try database.fetch(
      "SELECT \(Column.selectList) FROM changes INDEXED BY changes_by_state WHERE state = 'done' ORDER BY id DESC LIMIT ?",
      [count], record)
    return try changes.map { try replay($0, restoring: .before, state: .undone) }
  }

  /// Redoes the oldest `count` changes undone since the newest change in effect, oldest first.
  public func redo(count: Int) throws -> [ChangeRecord] {
    let changes = try database.fetch(
      "SELECT \(Column.selectList) FROM changes INDEXED BY changes_by_state WHERE state = 'undone' ORDER BY id LIMIT ?",
      [count], record)
    return try changes.map { try replay($0, restoring: .after, state: .done) }
  }

  /// The images a replay restores.
  enum Side {
    case before, after

    var prefix: String { self == .before ? "b_" : "a_" }
    var exists: String { self == .before ? "before_exists" : "after_exists" }
    var other: Side { self == .before ? .after : .before }
  }

  /// Puts every row `change` touched back to its image on `side`, after checking that each is still as the
  /// other side has it; then sets the change's state.
  private func replay(_ change: ChangeRecord, restoring side: Side, state: ChangeRecord.State) throws -> ChangeRecord {
    let tables = try tables.all(database)
    let expected = side.other
    for table in tables {
      if let key = try conflict(in: table, change: change.id, expected: expected) {
        throw ChangeConflict(change: change, table: table.name, key: key)
      }
    }
    // Rows are put back in whatever order the tables come; a child may briefly lack its parent.
    try database.execute("PRAGMA defer_foreign_keys = ON")
    for table in tables {
      let keys = table.keys.map(ChangeLogSchema.quoted)
      let logKeys = table.keys.map { ChangeLogSchema.quoted("k_" + $0) }
      try database.execute(
        """
        DELETE FROM \(ChangeLogSchema.quoted(table.name)) WHERE (\(keys.joined(separator: ", "))) IN (
          SELECT \(logKeys.joined(separator: ", ")) FROM \(ChangeLogSchema.quoted(table.log))
          WHERE change_id = ?1 AND \(side.exists) = 0 AND \(expected.exists) = 1)
        """, [change.id])
    }
    for table in tables {
      let columns = table.columns.map(ChangeLogSchema.quoted)
      let images = table.columns.map { ChangeLogSchema.quoted(side.prefix + $0) }
      let values = table.columns.filter { !table.keys.contains($0) }.map(ChangeLogSchema.quoted)
      let update =
        values.isEmpty
        ? "DO NOTHING" : "DO UPDATE SET " + values.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
      try database.execute(
        """
        INSERT INTO \(ChangeLogSchema.quoted(table.name)) (\(columns.joined(separator: ", ")))
        SELECT \(images.joined(separator: ", ")) FROM \(ChangeLogSchema.quoted(table.log))
        WHERE change_id = ?1 AND \(side.exists) = 1
        ON CONFLICT (\(table.keys.map(ChangeLogSchema.quoted).joined(separator: ", "))) \(update)
        """, [change.id])
    }
    try database.execute("UPDATE changes SET state = ? WHERE id = ?", [state.rawValue, change.id])
    return ChangeRecord(
      id: change.id, at: change.at, kind: change.kind, summary: change.summary, label: change.label, state: state)
  }

  /// The key of the first row of `table` that `change` touched and that is no longer as the `expected` image
  /// has it (or exists when it should not, or is gone when it should be there); `nil` when there is none.
  private func conflict(in table: ChangeLogSchema.Table, change: Int64, expected: Side) throws -> [DatabaseValue]? {
    let name = ChangeLogSchema.quoted(table.name)
    let join = table.keys.map { "t.\(ChangeLogSchema.quoted($0)) = u.\(ChangeLogSchema.quoted("k_" + $0))" }
    let present = "t.\(ChangeLogSchema.quoted(table.keys[0]))"
    let same = table.columns.map {
      "t.\(ChangeLogSchema.quoted($0)) IS u.\(ChangeLogSchema.quoted(expected.prefix + $0))"
    }
    let sql = """
      SELECT \(table.keys.map { "u." + ChangeLogSchema.quoted("k_" + $0) }.joined(separator: ", "))
      FROM \(ChangeLogSchema.quoted(table.log)) AS u LEFT JOIN \(name) AS t ON \(join.joined(separator: " AND "))
      WHERE u.change_id = ?1 AND (u.before_exists OR u.after_exists) AND NOT (CASE WHEN u.\(expected.exists)
        THEN \(present) IS NOT NULL AND \(same.joined(separator: " AND ")) ELSE \(present) IS NULL END)
      LIMIT 1
      """
    return try database.fetchOne(sql, [change]) { row in
      (0..<Int32(table.keys.count)).map { row.databaseValue(at: $0) }
    }
  }

  private func record(_ row: Row) throws -> ChangeRecord {
    let stateText: String = try row[Column.state]
    guard let state = ChangeRecord.State(rawValue: stateText) else {
      throw DatabaseError(
        resultCode: .mismatch, message: "the column state holds a value that cannot be read",
        sql: "SELECT state FROM changes")
    }
    return ChangeRecord(
      id: try row[Column.id], at: try row[Column.at], kind: try row[Column.kind], summary: try row[Column.summary],
      label: try row[Column.label], state: state)
  }
}

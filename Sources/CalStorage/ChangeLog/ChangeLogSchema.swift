import CalCore

/// The tables and triggers that record, for the change log, each row a change touches as it was before and as
/// it is after. They are written from the logged tables' own columns (`pragma_table_info`), after every
/// migration, so that a table or column a later migration adds is logged without its columns being listed
/// anywhere by hand: a new table only has to be named in `loggedTables`.
///
/// For a logged table `T` with columns `c...` and primary key `k...`:
/// - `change_log_T (change_id, k_k..., before_exists, after_exists, b_c..., a_c...)`, one row per change and
///   row: the row before the change (`b_`, when it existed) and after it (`a_`, when it still exists);
/// - triggers after each INSERT, UPDATE and DELETE on `T` that fill it while `change_current` names a change:
///   the first before image of a row is kept, and the after image follows the row to the end of the change.
///   An UPDATE that changes the primary key is logged as the old key's deletion and the new key's insertion.
enum ChangeLogSchema {
  /// The tables whose changes can be undone, in the order their rows are restored. Tables that only mirror
  /// others (`simple_days`, kept by triggers), and state that is not the user's (reminder deliveries, the
  /// change log itself, sync status) are not logged. Tables that do not exist (yet) are skipped.
  static let loggedTables = ["calendars", "events", "event_exceptions", "reminders", "viewed_month", "transitions"]

  /// The table holding the change being recorded.
  static let current = "change_current"

  /// A logged table: its name, columns and primary key, as the database has them now.
  struct Table: Equatable {
    let name: String
    let columns: [String]
    let keys: [String]

    /// `change_log_events`.
    var log: String { "change_log_" + name }
  }

  /// The logged tables that exist, as the database defines them.
  static func tables(in database: Database) throws -> [Table] {
    var tables: [Table] = []
    for name in loggedTables {
      var columns: [String] = []
      var keys: [(Int, String)] = []
      try database.forEach("SELECT name, pk FROM pragma_table_info(?) ORDER BY cid", [name]) { row in
        let column: String = try row["name"]
        columns.append(column)
        let position: Int = try row["pk"]
        if position > 0 { keys.append((position, column)) }
        return true
      }
      guard !columns.isEmpty else { continue }
      // Every logged table has a primary key; one without would be logged by its rowid.
      let key = keys.isEmpty ? ["rowid"] : keys.sorted { $0.0 < $1.0 }.map(\.1)
      tables.append(Table(name: name, columns: columns, keys: key))
    }
    return tables
  }

  /// Brings the change-log tables and triggers in line with the logged tables. When anything differs (a
  /// migration added a column or a table), every one of them is made anew and the changes recorded so far can
  /// no longer be undone: their images lack what the tables now hold. Runs inside a migration's transaction.
  static func install(in database: Database) throws {
    guard try database.fetchOne("SELECT 1 FROM sqlite_master WHERE name = ?", [current], { _ in true }) != nil else {
      return
    }
    var wanted: [(name: String, sql: String)] = []
    for table in try tables(in: database) { wanted += statements(for: table) }
    var existing: [(type: String, name: String, sql: String)] = []
    try database.forEach(
      """
      SELECT type, name, sql FROM sqlite_master
      WHERE name LIKE 'change\\_log\\_%' ESCAPE '\\' AND type IN ('table', 'trigger') ORDER BY name
      """
    ) { row in
      existing.append((try row["type"], try row["name"], try row["sql"]))
      return true
    }
    let sorted = wanted.sorted { $0.name < $1.name }
    guard
      !existing.map(\.name).elementsEqual(sorted.map(\.name)) || !existing.map(\.sql).elementsEqual(sorted.map(\.sql))
    else { return }
    for object in existing where object.type == "trigger" {
      try database.execute("DROP TRIGGER \(quoted(object.name))")
    }
    for object in existing where object.type == "table" { try database.execute("DROP TABLE \(quoted(object.name))") }
    try database.execute("UPDATE changes SET state = 'discarded' WHERE state <> 'discarded'")
    for (_, sql) in wanted { try database.execute(sql) }
  }

  /// The CREATE statements of `table`'s log and triggers, by name.
  static func statements(for table: Table) -> [(name: String, sql: String)] {
    let log = table.log
    let keyColumns = table.keys.map { quoted("k_" + $0) }
    let before = table.columns.map { quoted("b_" + $0) }
    let after = table.columns.map { quoted("a_" + $0) }
    let createLog = """
      CREATE TABLE \(quoted(log)) (change_id INTEGER NOT NULL, \(keyColumns.joined(separator: ", ")), \
      before_exists INTEGER NOT NULL, after_exists INTEGER NOT NULL, \((before + after).joined(separator: ", ")), \
      PRIMARY KEY (change_id, \(keyColumns.joined(separator: ", ")))) WITHOUT ROWID
      """
    func values(_ prefix: String) -> String { table.columns.map { "\(prefix).\(quoted($0))" }.joined(separator: ", ") }
    func keys(_ prefix: String) -> String { table.keys.map { "\(prefix).\(quoted($0))" }.joined(separator: ", ") }
    let nulls = Array(repeating: "NULL", count: table.columns.count).joined(separator: ", ")
    let insertInto =
      "INSERT INTO \(quoted(log)) (change_id, \(keyColumns.joined(separator: ", ")), before_exists, after_exists, "
      + "\((before + after).joined(separator: ", ")))"
    let onConflict = "ON CONFLICT (change_id, \(keyColumns.joined(separator: ", "))) DO UPDATE SET "
    // The first before image stays; the after image is the latest.
    let keepAfter =
      onConflict + "after_exists = excluded.after_exists, "
      + after.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    func record(key: String, beforeExists: Bool, afterExists: Bool, before: String, after: String) -> String {
      "\(insertInto) SELECT change_id, \(key), \(beforeExists ? 1 : 0), \(afterExists ? 1 : 0), \(before), \(after) "
        + "FROM \(current) WHERE true \(keepAfter);"
    }
    let sameKey = table.keys.map { "new.\(quoted($0)) IS old.\(quoted($0))" }.joined(separator: " AND ")
    let trigger = { (event: String, suffix: String, condition: String?, body: String) in
      (
        name: "\(log)_\(suffix)",
        sql: "CREATE TRIGGER \(quoted("\(log)_\(suffix)")) AFTER \(event) ON \(quoted(table.name))"
          + (condition.map { " WHEN \($0)" } ?? "") + " BEGIN \(body) END"
      )
    }
    return [
      (name: log, sql: createLog),
      trigger(
        "INSERT", "insert", nil,
        record(key: keys("new"), beforeExists: false, afterExists: true, before: nulls, after: values("new"))),
      trigger(
        "UPDATE", "update", sameKey,
        record(key: keys("old"), beforeExists: true, afterExists: true, before: values("old"), after: values("new"))),
      trigger(
        "UPDATE", "rekey", "NOT (\(sameKey))",
        record(key: keys("old"), beforeExists: true, afterExists: false, before: values("old"), after: nulls)
          + " "
          + record(key: keys("new"), beforeExists: false, afterExists: true, before: nulls, after: values("new"))),
      trigger(
        "DELETE", "delete", nil,
        record(key: keys("old"), beforeExists: true, afterExists: false, before: values("old"), after: nulls)),
    ]
  }

  /// `"name"`, an identifier quoted for SQL.
  static func quoted(_ name: String) -> String {
    "\"" + name.replacingAll("\"", with: "\"\"") + "\""
  }
}

public import CalCore

/// Records changes and undoes and redoes them: the `changes` table and the changesets in `change_sets`,
/// recorded by SQLite's session extension while a recording write transaction runs.
public struct ChangeLogRepository {
  let database: Database
  /// The change being recorded on this connection, if any.
  let recording: ChangeRecording

  /// The tables whose changes can be undone. Tables that only mirror others (`simple_days`, kept by
  /// triggers, which put it right again when the others are restored), and state that is not the user's
  /// (reminder deliveries, the change log itself) are not logged. `sync_items` is: a sync changes it outside
  /// any recorded change, but removing a CalDAV calendar removes its rows in one, and undoing that must
  /// bring them back, or the next sync would take the calendar's events for new ones. A table that does not
  /// exist (yet) is skipped; a new table whose rows the user changes is added here.
  public static let loggedTables = [
    "calendars", "events", "event_exceptions", "reminders", "viewed_month", "transitions", "sync_items", "todos",
  ]
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
  /// recorded under it. Nothing is written yet: a change that changes nothing leaves no trace.
  func begin(kind: String, label: String?, at milliseconds: Int64) throws {
    precondition(recording.change == nil, "changes are not recorded inside one another")
    recording.change = (kind, label, milliseconds)
    recording.session = try Session(database, tables: Self.loggedTables)
  }

  /// Leaves the rows `table` gains from here on, those with a rowid above `rowid`, to be written out as the
  /// change finishes, by reading them back (see ``AddedRows``) instead of recording each insertion: for a
  /// change that only adds rows to `table`, such as an import into an empty calendar. Call it before the
  /// change touches `table`; rows it has after `rowid` must all be new, and those up to it must not change,
  /// for what changes there is not recorded. Nothing happens when no change is being recorded.
  public func recordAddedRows(of table: String, after rowid: Int64) throws {
    guard let session = recording.session else { return }
    precondition(session.isEmpty && recording.parts == 0, "rows are read back only for a change just begun")
    recording.addedRows = AddedRows(table: table, after: rowid)
    recording.session = try Session(database, tables: loggedTables)
  }

  /// Runs `body`, which only adds rows to `table`, without the session being called for each of them, when
  /// those rows are read back at the end (see ``recordAddedRows(of:after:)``): the session records nothing of
  /// `table` then, but looking that up for each row cost 1 % of an import. Otherwise, just runs `body`.
  public func addingRows<Value>(to table: String, _ body: () throws -> Value) rethrows -> Value {
    guard recording.addedRows?.table == table, let session = recording.session, session.isEnabled else {
      return try body()
    }
    session.isEnabled = false
    defer { session.isEnabled = true }
    return try body()
  }

  /// The tables the session records.
  private var loggedTables: [String] {
    guard let skipped = recording.addedRows?.table else { return Self.loggedTables }
    return Self.loggedTables.filter { $0 != skipped }
  }

  /// Writes out what the change being recorded holds so far, as a part of its own, when it holds a lot: a
  /// long import calls this now and then, so that its memory stays bounded whatever the size of the file.
  public func checkpoint() throws {
    guard let session = recording.session, session.memoryUsed > recording.partMemory else { return }
    try endPart()
  }

  /// Writes out what the change being recorded holds so far as a part of its own, whatever its size, so that
  /// what it does next is redone after it and undone before it: a session replays its tables in a fixed
  /// order (calendars first), and a calendar can only go once its events have gone.
  public func endPart() throws {
    guard recording.session != nil else { return }
    try savePart(summary: "")
    recording.session = try Session(database, tables: loggedTables)
  }

  /// Closes the change, naming what it did. A change that changed nothing is not logged. (One that did
  /// ends redo by being newer than what was undone before it: see `redo`.)
  func finish(summary: String) throws {
    let stored = recording.id != nil
    try savePart(summary: summary)
    // The rows added are kept as their range, and written out as changesets only if the change is undone
    // (see `materialize`).
    if var added = recording.addedRows, let last = try added.lastRowID(in: database) {
      added.through = last
      let fingerprint = try added.fingerprint(in: database)
      let id = try changeID(summary: summary)
      try database.execute(
        """
        INSERT INTO added_rows (change_id, table_name, after_id, through_id, row_count, updated_sum)
        VALUES (?, ?, ?, ?, ?, ?)
        """, [id, added.table, added.after, last, fingerprint.count, fingerprint.updatedSum])
    }
    guard let id = recording.id else { return }
    if stored { try database.execute("UPDATE changes SET summary = ? WHERE id = ?", [summary, id]) }
    if id % Self.sweepInterval == 0 { try database.execute("DELETE FROM changes WHERE id <= ?", [id - Self.kept]) }
  }

  /// Stores what the session recorded, if anything, as the change's next part; the change itself with its
  /// first part.
  private func savePart(summary: String) throws {
    guard let changeset = try recording.session?.changeset(), !changeset.isEmpty else { return }
    try store(changeset, part: Int64(recording.parts), summary: summary)
    recording.parts += 1
  }

  /// Stores `changeset` as part `part` of the change; the change itself with its first part.
  private func store(_ changeset: [UInt8], part: Int64, summary: String) throws {
    guard recording.change != nil else { return }
    try store(changeset, part: part, of: try changeID(summary: summary))
  }

  /// Stores `changeset` as part `part` of change `id`.
  private func store(_ changeset: [UInt8], part: Int64, of id: Int64) throws {
    try database.execute(
      "INSERT INTO change_sets (change_id, part, changeset) VALUES (?, ?, ?)", [id, part, changeset])
  }

  /// The id of the change being recorded, which is stored with the first thing stored of it.
  private func changeID(summary: String) throws -> Int64 {
    if let id = recording.id { return id }
    guard let change = recording.change else { preconditionFailure("no change is being recorded") }
    let id = try database.fetchOne(
      "INSERT INTO changes (at, kind, summary, label) VALUES (?, ?, ?, ?) RETURNING id",
      [change.at, change.kind, summary, change.label]
    ) { try $0[0] as Int64 }!
    recording.id = id
    return id
  }

  /// Writes out the rows `change` added and kept as their range (``AddedRows``) as changesets, from the
  /// rows as they are, so that undo removes them and redo adds them again as any other part.
  ///
  /// - Throws: `ChangeConflict` when the rows are not as the change left them.
  private func materialize(_ change: ChangeRecord) throws {
    guard
      let (table, after, through, count, sum) = try database.fetchOne(
        "SELECT table_name, after_id, through_id, row_count, updated_sum FROM added_rows WHERE change_id = ?",
        [change.id],
        { (try $0[0] as String, try $0[1] as Int64, try $0[2] as Int64, try $0[3] as Int64, try $0[4] as Int64) })
    else { return }
    let added = AddedRows(table: table, after: after, through: through)
    let now = try added.fingerprint(in: database)
    guard now.count == count && now.updatedSum == sum else {
      throw ChangeConflict(change: change, table: table, key: .null)
    }
    // The rows added come before the parts recorded, which may refer to them (reminders of the events
    // added): parts -1, -2 ... hold them from the newest back, so that in the order of their numbers redo
    // adds them oldest first (series before the occurrences they edit), and undo removes them last.
    var part: Int64 = -1
    try added.write(from: database, partSize: Int(recording.partMemory)) { changeset in
      try store(changeset, part: part, of: change.id)
      part -= 1
    }
    try database.execute("DELETE FROM added_rows WHERE change_id = ?", [change.id])
  }

  /// The changes, newest first; all of them when `limit` is `nil`.
  public func newestFirst(limit: Int? = nil) throws -> [ChangeRecord] {
    try database.fetch("SELECT \(Column.selectList) FROM changes ORDER BY id DESC LIMIT ?", [limit ?? -1], record)
  }

  /// Undoes the newest `count` changes in effect, newest first, and returns them as they are now; fewer when
  /// there are fewer. Runs inside a write transaction.
  ///
  /// - Throws: `ChangeConflict` when a row a change touched was changed since by something the log did not
  ///   record; the caller rolls back what was undone before.
  public func undo(count: Int) throws -> [ChangeRecord] {
    let changes = try database.fetch(
      "SELECT \(Column.selectList) FROM changes WHERE state = 'done' ORDER BY id DESC LIMIT ?", [count], record)
    return try changes.map { change in
      // A change undone that is older than one in effect was undone before that one was made (redo goes
      // oldest first), so that one ended its redo. Once that one is undone too, it must not come back with
      // redo: undo then redo brings back that one. Its changesets go (it stays in the log, undone). Done here,
      // as undo is rare, so that making a change costs nothing more.
      try database.execute(
        """
        DELETE FROM change_sets WHERE change_id IN (SELECT id FROM changes WHERE state = 'undone' AND id < ?)
        """, [change.id])
      return try replay(change, inverted: true)
    }
  }

  /// Redoes the oldest `count` changes undone that are newer than the newest change in effect, oldest first.
  /// Undo always takes the newest change in effect, so those are the ones undone last, back to the first;
  /// a change made after an undo ends their redo for good (their changesets go when it is undone, see
  /// `undo`): undoing that change and redoing brings that change back, never one undone before it.
  public func redo(count: Int) throws -> [ChangeRecord] {
    let changes = try database.fetch(
      """
      SELECT \(Column.selectList) FROM changes
      WHERE state = 'undone' AND id > coalesce((SELECT max(id) FROM changes WHERE state = 'done'), 0)
        AND EXISTS (SELECT 1 FROM change_sets WHERE change_id = changes.id)
      ORDER BY id LIMIT ?
      """, [count], record)
    return try changes.map { try replay($0, inverted: false) }
  }

  /// Applies the parts of `change`: inverted and newest first to undo it, as recorded and oldest first to
  /// redo it; then sets its state.
  private func replay(_ change: ChangeRecord, inverted: Bool) throws -> ChangeRecord {
    if inverted { try materialize(change) }
    let parts = try database.fetch(
      "SELECT part FROM change_sets WHERE change_id = ? ORDER BY part \(inverted ? "DESC" : "ASC")", [change.id]
    ) { try $0[0] as Int64 }
    // Every change logged changed something: one without parts lost them to another program.
    let damaged = ChangeConflict(change: change, table: "", key: .null, cause: .record)
    guard !parts.isEmpty else { throw damaged }
    for part in parts {
      let changeset: [UInt8]?
      do {
        changeset = try database.fetchOne(
          "SELECT changeset FROM change_sets WHERE change_id = ? AND part = ?", [change.id, part]
        ) { try $0[0] as [UInt8] }
      } catch let error as DatabaseError where error.resultCode == .mismatch {
        throw damaged
      }
      guard let changeset, !changeset.isEmpty else { throw damaged }
      do {
        try database.apply(changeset, inverted: inverted)
      } catch let conflict as Database.ChangesetConflict {
        throw ChangeConflict(
          change: change, table: conflict.table, key: conflict.key, cause: conflict.isTableMismatch ? .table : .row)
      } catch is Database.UnreadableChangeset {
        throw damaged
      }
    }
    let state: ChangeRecord.State = inverted ? .undone : .done
    try database.execute("UPDATE changes SET state = ? WHERE id = ?", [state.rawValue, change.id])
    return ChangeRecord(
      id: change.id, at: change.at, kind: change.kind, summary: change.summary, label: change.label, state: state)
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

public import CalCore

/// Reads and appends to the `transitions` table, the calendar's history.
public struct TransitionRepository {
  let database: Database

  private enum Column: Int32, ColumnList {
    case id, at, direction, fromMonth, toMonth

    var name: String {
      switch self {
      case .id: return "id"
      case .at: return "at"
      case .direction: return "direction"
      case .fromMonth: return "from_month"
      case .toMonth: return "to_month"
      }
    }
  }

  /// Appends a flip from `direction`'s corner (or, without a direction, a jump) and returns it with its id.
  public func append(at milliseconds: Int64, direction: CurlDirection?, from: YearMonth, to: YearMonth) throws
    -> TransitionRecord
  {
    let kind: TransitionRecord.Kind = direction == nil ? .goto : .flip
    try database.execute(
      "INSERT INTO transitions (at, kind, direction, curl, from_month, to_month) VALUES (?, ?, ?, ?, ?, ?)",
      [milliseconds, kind.rawValue, direction, direction?.curl, from, to])
    return TransitionRecord(id: database.lastInsertedRowID, at: milliseconds, direction: direction, from: from, to: to)
  }

  /// The newest transitions first; all of them when `limit` is `nil`.
  public func newestFirst(limit: Int? = nil) throws -> [TransitionRecord] {
    try database.fetch("SELECT \(Column.selectList) FROM transitions ORDER BY id DESC LIMIT ?", [limit ?? -1]) { row in
      TransitionRecord(
        id: try row[Column.id], at: try row[Column.at], direction: try row[Column.direction],
        from: try row[Column.fromMonth], to: try row[Column.toMonth])
    }
  }
}

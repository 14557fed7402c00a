/// Reads and appends to the `transitions` table, the calendar's history.
public struct TransitionRepository {
  let database: Database

  private static let columns = "id, at, kind, direction, curl, from_month, to_month"

  /// Appends a transition and returns it with its id.
  public func append(
    at milliseconds: Int64, kind: TransitionRecord.Kind, direction: String?, curl: String?,
    from fromMonth: String, to toMonth: String
  ) throws -> TransitionRecord {
    try database.execute(
      "INSERT INTO transitions (at, kind, direction, curl, from_month, to_month) VALUES (?, ?, ?, ?, ?, ?)",
      [
        .integer(milliseconds), .text(kind.rawValue), .optionalText(direction), .optionalText(curl),
        .text(fromMonth), .text(toMonth),
      ])
    return TransitionRecord(
      id: database.lastInsertedRowID, at: milliseconds, kind: kind, direction: direction, curl: curl,
      fromMonth: fromMonth, toMonth: toMonth)
  }

  /// The newest transitions first; all of them when `limit` is `nil`.
  public func newestFirst(limit: Int? = nil) throws -> [TransitionRecord] {
    try database.fetch(
      "SELECT \(Self.columns) FROM transitions ORDER BY id DESC LIMIT ?", [.integer(Int64(limit ?? -1))]
    ) { row in
      TransitionRecord(
        id: row.integer(0), at: row.integer(1), kind: TransitionRecord.Kind(rawValue: row.text(2)) ?? .flip,
        direction: row.optionalText(3), curl: row.optionalText(4), fromMonth: row.text(5), toMonth: row.text(6))
    }
  }
}

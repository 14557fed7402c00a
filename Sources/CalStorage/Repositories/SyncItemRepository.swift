public import CalCore

/// Reads and writes `sync_items`: what the last sync of each CalDAV calendar left each item as.
public struct SyncItemRepository {
  let database: Database

  /// Every item of calendar `calendar`.
  public func items(calendar: Int64) throws -> [SyncItemRecord] {
    try database.fetch("SELECT \(Self.columns) FROM sync_items WHERE calendar_id = ? ORDER BY rowid", [calendar]) {
      try Self.item($0)
    }
  }

  /// The item of calendar `calendar` with UID `uid`, if there is one.
  public func item(uid: String, calendar: Int64) throws -> SyncItemRecord? {
    try database.fetchOne(
      "SELECT \(Self.columns) FROM sync_items WHERE calendar_id = ? AND uid = ?", [calendar, uid], Self.item)
  }

  /// Stores `item`, replacing whatever the calendar held for its UID or its href.
  public func save(_ item: SyncItemRecord, calendar: Int64) throws {
    try remove(uid: item.uid, href: item.href, calendar: calendar)
    try database.execute(
      "INSERT INTO sync_items (calendar_id, \(Self.columns)) VALUES (?, ?, ?, ?, ?, ?)",
      [calendar, item.uid, item.href, item.etag, item.localHash, item.visibleHash])
  }

  /// Sets the visible hash (``SyncItemRecord/visibleHash``) of the item of calendar `calendar` with UID `uid`.
  public func setVisibleHash(_ hash: Int64?, uid: String, calendar: Int64) throws {
    try database.execute(
      "UPDATE sync_items SET visible_hash = ? WHERE calendar_id = ? AND uid = ?", [hash, calendar, uid])
  }

  /// Forgets the items of calendar `calendar` with UID `uid` or href `href`.
  public func remove(uid: String?, href: String?, calendar: Int64) throws {
    try database.execute(
      "DELETE FROM sync_items WHERE calendar_id = ?1 AND (uid = ?2 OR href = ?3)", [calendar, uid, href])
  }

  /// Forgets every item of calendar `calendar`.
  public func removeAll(calendar: Int64) throws {
    try database.execute("DELETE FROM sync_items WHERE calendar_id = ?", [calendar])
  }

  /// The columns an item is read from, in the order `save` writes them.
  private static let columns = "uid, href, etag, local_hash, visible_hash"

  private static func item(_ row: Row) throws -> SyncItemRecord {
    SyncItemRecord(
      uid: try row["uid"], href: try row["href"], etag: try row["etag"], localHash: try row["local_hash"],
      visibleHash: try row["visible_hash"])
  }
}

public import CalCore

/// Reads and writes `sync_items`: what the last sync of each CalDAV calendar left each item as.
public struct SyncItemRepository {
  let database: Database

  /// Every item of calendar `calendar`.
  public func items(calendar: Int64) throws -> [SyncItemRecord] {
    try database.fetch(
      "SELECT uid, href, etag, local_hash FROM sync_items WHERE calendar_id = ? ORDER BY rowid", [calendar]
    ) { row in
      SyncItemRecord(
        uid: try row["uid"], href: try row["href"], etag: try row["etag"], localHash: try row["local_hash"])
    }
  }

  /// The item of calendar `calendar` with UID `uid`, if there is one.
  public func item(uid: String, calendar: Int64) throws -> SyncItemRecord? {
    try database.fetchOne(
      "SELECT uid, href, etag, local_hash FROM sync_items WHERE calendar_id = ? AND uid = ?", [calendar, uid]
    ) { row in
      SyncItemRecord(
        uid: try row["uid"], href: try row["href"], etag: try row["etag"], localHash: try row["local_hash"])
    }
  }

  /// Stores `item`, replacing whatever the calendar held for its UID or its href.
  public func save(_ item: SyncItemRecord, calendar: Int64) throws {
    try remove(uid: item.uid, href: item.href, calendar: calendar)
    try database.execute(
      "INSERT INTO sync_items (calendar_id, uid, href, etag, local_hash) VALUES (?, ?, ?, ?, ?)",
      [calendar, item.uid, item.href, item.etag, item.localHash])
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
}

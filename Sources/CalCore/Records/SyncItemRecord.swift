/// One item of a CalDAV calendar as the last sync left it (vdirsyncer's status): the series' UID here, its
/// resource on the server, the ETag the server gave it and hashes of the series as it was here.
public struct SyncItemRecord: Equatable, Sendable {
  /// The series' UID; `nil` for a resource that holds nothing cal keeps (a to-do), which is left alone.
  public var uid: String?
  /// The resource on the server; `nil` for an event kept on this side only (the local copy of a conflict).
  public var href: String?
  /// The server's ETag for the resource as of the last sync.
  public var etag: String?
  /// `SeriesHash` of the series as it was stored here after the last sync.
  public var localHash: Int64?
  /// The same hash of the series without the lines cal keeps without reading (``EventFields/keptLines``):
  /// what tells, once the series is removed here, whether the server changed more than those since. `nil`
  /// where the last sync was made by a `cal` that did not keep it.
  public var visibleHash: Int64?

  /// An item from its parts.
  public init(uid: String?, href: String?, etag: String?, localHash: Int64?, visibleHash: Int64? = nil) {
    self.uid = uid
    self.href = href
    self.etag = etag
    self.localHash = localHash
    self.visibleHash = visibleHash
  }

  /// Whether the item stays on this side and is never sent to the server.
  public var isLocalOnly: Bool { href == nil }
}

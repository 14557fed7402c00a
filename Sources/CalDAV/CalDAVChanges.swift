/// What changed in a collection since a sync token (RFC 6578 sync-collection).
public struct CalDAVChanges: Sendable, Equatable {
  /// Members added or changed, with their new ETags.
  public var changed: [CalDAVETag]
  /// Hrefs of members removed.
  public var removed: [String]
  /// The token to hand to the next call.
  public var token: String
  /// Whether the server cut the list short (507 on the collection): call again with `token` for the rest.
  public var isTruncated: Bool

  /// A set of changes.
  public init(changed: [CalDAVETag], removed: [String], token: String, isTruncated: Bool) {
    self.changed = changed
    self.removed = removed
    self.token = token
    self.isTruncated = isTruncated
  }
}

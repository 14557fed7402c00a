/// A member of a collection and its current ETag, as listed by PROPFIND or sync-collection.
public struct CalDAVETag: Sendable, Equatable, Hashable {
  /// The member's href: its canonical percent-encoded path (a whole URL when on another host).
  public var href: String
  /// Its ETag as the server wrote it (quotes included), or nil when the server listed none.
  public var etag: String?

  /// A listed member.
  public init(href: String, etag: String?) {
    self.href = href
    self.etag = etag
  }
}

/// The server side of a CalDAV calendar as the sync engine sees it: a collection of resources, each with an
/// href and an ETag, read and written with conditional requests. The CalDAV library implements it (in the
/// `cal-sync` executable); the service itself never touches the network.
public protocol SyncRemote {
  /// The collection's properties: its ctag, and the components it says it holds. One request.
  func properties() throws(RemoteError) -> RemoteProperties

  /// What changed since `token` (RFC 6578 `sync-collection`); with a `nil` token, every resource.
  ///
  /// - Throws: `RemoteError.unsupported` when the server has no collection sync or refuses the token: the
  ///   engine then lists the collection instead.
  func changes(since token: String?) throws(RemoteError) -> RemoteChanges

  /// Every resource with its ETag (WebDAV PROPFIND).
  func list() throws(RemoteError) -> [RemoteItem]

  /// The content of the resources at `hrefs`; those gone from the server are left out.
  func fetch(_ hrefs: [String]) throws(RemoteError) -> [RemoteResource]

  /// The href a new resource named `name` would have.
  func href(forName name: String) throws(RemoteError) -> String

  /// Creates a resource that must not exist yet (`If-None-Match: *`); returns its ETag if the server said.
  ///
  /// - Throws: `RemoteError.preconditionFailed` when something is there already.
  func create(href: String, body: String) throws(RemoteError) -> String?

  /// Replaces a resource only if it still has ETag `etag` (`If-Match`); returns the new ETag if the server
  /// said.
  ///
  /// - Throws: `RemoteError.preconditionFailed` when it changed since, `.notFound` when it is gone.
  func update(href: String, body: String, etag: String) throws(RemoteError) -> String?

  /// Deletes a resource only if it still has ETag `etag` (`If-Match`).
  ///
  /// - Throws: `RemoteError.preconditionFailed` when it changed since, `.notFound` when it is gone.
  func delete(href: String, etag: String) throws(RemoteError)
}

/// What a collection says of itself (a PROPFIND of it).
public struct RemoteProperties: Equatable, Sendable {
  /// CalendarServer's `getctag`, which changes whenever anything in the collection does; `nil` when the
  /// server keeps none.
  public var ctag: String?
  /// The component types it holds (RFC 4791's `supported-calendar-component-set`: `VEVENT`, `VTODO` ...);
  /// empty when the server did not say, which means any.
  public var components: [String]

  /// Properties from their parts.
  public init(ctag: String?, components: [String]) {
    self.ctag = ctag
    self.components = components
  }
}

/// A resource on the server and its ETag.
public struct RemoteItem: Equatable, Sendable {
  /// Where it is, as the server names it.
  public var href: String
  /// Its ETag, if the server gave one.
  public var etag: String?

  /// An item from its parts.
  public init(href: String, etag: String?) {
    self.href = href
    self.etag = etag
  }
}

/// A resource with its iCalendar text.
public struct RemoteResource: Equatable, Sendable {
  /// Where it is.
  public var href: String
  /// Its ETag, if the server gave one.
  public var etag: String?
  /// The iCalendar text.
  public var body: String

  /// A resource from its parts.
  public init(href: String, etag: String?, body: String) {
    self.href = href
    self.etag = etag
    self.body = body
  }
}

/// What changed in a collection since a sync token.
public struct RemoteChanges: Equatable, Sendable {
  /// Resources added or changed, with their ETags.
  public var changed: [RemoteItem]
  /// Hrefs of resources removed.
  public var removed: [String]
  /// The token to ask from next time.
  public var token: String

  /// Changes from their parts.
  public init(changed: [RemoteItem], removed: [String], token: String) {
    self.changed = changed
    self.removed = removed
    self.token = token
  }
}

/// How a request to the server failed, in the terms the sync engine acts on.
public enum RemoteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// HTTP 412: the resource changed (or, for a create, exists) since it was read.
  case preconditionFailed
  /// HTTP 404 or 410: the resource is gone.
  case notFound
  /// The server cannot do this (collection sync), or no longer accepts the sync token.
  case unsupported(String)
  /// The server refused this one item (HTTP 403, 409, 415 ...): reported, and the sync goes on.
  case rejected(String)
  /// The server could not be reached, did not answer in time, failed (5xx) or refused the credentials: the
  /// sync stops, and the next one picks up from there.
  case unavailable(String)

  /// One line for a report.
  public var description: String {
    switch self {
    case .preconditionFailed: "the resource changed on the server meanwhile (HTTP 412)"
    case .notFound: "the resource is gone from the server"
    case .unsupported(let reason), .rejected(let reason), .unavailable(let reason): reason
    }
  }
}

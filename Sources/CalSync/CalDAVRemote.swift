public import CalDAV
public import CalService

/// A CalDAV collection as the sync engine's `SyncRemote`: CalDAV's errors turned into what the engine acts
/// on.
public struct CalDAVRemote: SyncRemote {
  /// The collection.
  public let collection: CalDAVCollection

  /// The remote side of `collection`.
  public init(_ collection: CalDAVCollection) {
    self.collection = collection
  }

  /// The collection's ctag and the components it holds.
  public func properties() throws(RemoteError) -> RemoteProperties {
    try Self.mapped { () throws(CalDAVError) in
      let calendar = try collection.properties()
      return RemoteProperties(ctag: calendar.ctag, components: calendar.components)
    }
  }

  /// `sync-collection` since `token`. Any refusal means the engine should list the collection instead:
  /// Xandikos 0.2 answers an unknown token with a plain 500, servers without the report with 403, 405 or
  /// 501. A failure to reach the server, a refused password or an answer that cannot be trusted (malformed,
  /// too large, naming resources outside the collection) stops the sync instead.
  public func changes(since token: String?) throws(RemoteError) -> RemoteChanges {
    do {
      let changes = try Self.changesWithoutTruncation(collection, since: token)
      return RemoteChanges(
        changed: changes.changed.map { RemoteItem(href: $0.href, etag: $0.etag) }, removed: changes.removed,
        token: changes.token)
    } catch {
      switch error {
      case .authenticationFailed, .malformedResponse, .invalidURL: throw .unavailable(error.description)
      default: throw error.isNetworkFailure ? .unavailable(error.description) : .unsupported(error.description)
      }
    }
  }

  /// The changes, asked for again from each new token while the server says it cut its answer short
  /// (HTTP 507 for the collection).
  private static func changesWithoutTruncation(_ collection: CalDAVCollection, since token: String?)
    throws(CalDAVError) -> CalDAVChanges
  {
    var changes = try collection.changes(since: token)
    var rounds = 0
    while changes.isTruncated && rounds < 1000 {
      rounds += 1
      let more = try collection.changes(since: changes.token)
      let removed = Set(more.removed)
      changes.changed = changes.changed.filter { !removed.contains($0.href) } + more.changed
      changes.removed += more.removed
      changes.token = more.token
      changes.isTruncated = more.isTruncated
    }
    return changes
  }

  /// Every member and its ETag.
  public func list() throws(RemoteError) -> [RemoteItem] {
    try Self.mapped { () throws(CalDAVError) in
      try collection.listETags().map { RemoteItem(href: $0.href, etag: $0.etag) }
    }
  }

  /// The resources at `hrefs`, by multiget.
  public func fetch(_ hrefs: [String]) throws(RemoteError) -> [RemoteResource] {
    try Self.mapped { () throws(CalDAVError) in
      try collection.fetch(hrefs: hrefs).map { RemoteResource(href: $0.href, etag: $0.etag, body: $0.calendarData) }
    }
  }

  /// The href of a new member named `name`.
  public func href(forName name: String) throws(RemoteError) -> String {
    try Self.mapped { () throws(CalDAVError) in try collection.href(forName: name) }
  }

  /// PUT with `If-None-Match: *`.
  public func create(href: String, body: String) throws(RemoteError) -> String? {
    try Self.mapped { () throws(CalDAVError) in try collection.create(href: href, ics: body) }
  }

  /// PUT with `If-Match`.
  public func update(href: String, body: String, etag: String) throws(RemoteError) -> String? {
    try Self.mapped { () throws(CalDAVError) in try collection.update(href: href, ics: body, ifMatch: etag) }
  }

  /// DELETE with `If-Match`.
  public func delete(href: String, etag: String) throws(RemoteError) {
    try Self.mapped { () throws(CalDAVError) in try collection.delete(href: href, ifMatch: etag) }
  }

  /// Runs `body`, its CalDAV errors turned into the engine's.
  private static func mapped<Value>(_ body: () throws(CalDAVError) -> Value) throws(RemoteError) -> Value {
    do {
      return try body()
    } catch {
      throw remoteError(error)
    }
  }

  /// What an error means to the engine: a 412 or 404 is about the item; the server refusing this one
  /// write (403, 409, another status, an answer it cannot read) skips the item; everything that says the
  /// server cannot be worked with now (network, timeout, 5xx, password) stops the sync.
  static func remoteError(_ error: CalDAVError) -> RemoteError {
    switch error {
    case .preconditionFailed: .preconditionFailed
    case .notFound: .notFound
    case .invalidSyncToken: .unsupported(error.description)
    case .forbidden, .conflict, .unexpectedStatus, .malformedResponse, .invalidURL: .rejected(error.description)
    case .connectionRefused, .hostNotFound, .timedOut, .tlsFailure, .network, .authenticationFailed, .serverError:
      .unavailable(error.description)
    }
  }
}

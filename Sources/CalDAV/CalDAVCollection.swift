/// One calendar collection on a server: listing, collection sync, reading and conditional writes of its
/// calendar object resources.
///
/// Hrefs handed in may be absolute paths, relative to the collection, or whole URLs; hrefs handed out are
/// canonical (see `href(forName:)`), so the same resource always has the same href string.
public struct CalDAVCollection: Sendable {
  let base: DAVURL
  let transport: HTTPTransport

  /// The collection's absolute URL.
  public var url: String { base.description }

  /// The collection's current properties (PROPFIND Depth 0): a changed `ctag` or `syncToken` is the
  /// cheapest sign that something changed. Throws `CalDAVError.notFound` if it is not an event calendar.
  public func properties() throws(CalDAVError) -> CalDAVCalendar {
    guard let calendar = CalDAVCalendar(try transport.properties(of: base)) else { throw .notFound(url: url) }
    return calendar
  }

  /// The href for a new member named `name` (typically a UID plus `.ics`), every byte of the name that could
  /// be read as URL syntax escaped.
  public func href(forName name: String) throws(CalDAVError) -> String {
    guard let member = base.member(name) else { throw .invalidURL("not a usable resource name: \(name.prefix(80))") }
    return member.href(from: base)
  }

  /// What changed since `token` (nil for everything), by an RFC 6578 `sync-collection` REPORT.
  ///
  /// A token the server no longer accepts throws `CalDAVError.invalidSyncToken`: list the collection with
  /// `listETags()` and start again from the token of a call without one.
  public func changes(since token: String?) throws(CalDAVError) -> CalDAVChanges {
    let body = """
      <d:sync-collection xmlns:d="DAV:"><d:sync-token>\((token ?? "").xmlEscaped)</d:sync-token>\
      <d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>
      """
    let response = try transport.send(transport.xmlRequest("REPORT", base, depth: nil, body: body))
    guard response.status == 207 else {
      // RFC 6578 says 403 or 409 with this precondition; some servers use 400 or 412.
      if [400, 403, 409, 412].contains(response.status), let error = try? XMLReader.read(response.body),
        error.contains(.validSyncToken)
      {
        throw .invalidSyncToken(url: base.description)
      }
      throw response.statusError
    }
    let answer = try MultiStatus(response)
    var changed: [CalDAVETag] = []
    var removed: [String] = []
    var truncated = false
    for item in answer.responses {
      if item.url.pathWithoutTrailingSlash == base.pathWithoutTrailingSlash {
        truncated = truncated || item.status == 507
        continue
      }
      let href = try member(item).href(from: base)
      if item.status == 404 || item.status == 410 {
        removed.append(href)
      } else if !isCollection(item) {
        changed.append(CalDAVETag(href: href, etag: etag(item)))
      }
    }
    guard let newToken = answer.syncToken, !newToken.isEmpty else {
      throw .malformedResponse(url: base.description, detail: "sync-collection answer without a sync-token")
    }
    return CalDAVChanges(changed: changed, removed: removed, token: newToken, isTruncated: truncated)
  }

  /// Every member and its ETag (PROPFIND Depth 1): the way to compare when a server has no sync-collection
  /// or a sync token was refused.
  public func listETags() throws(CalDAVError) -> [CalDAVETag] {
    let body = #"<d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getetag/></d:prop></d:propfind>"#
    let answer = try transport.multiStatus("PROPFIND", base, depth: "1", body: body)
    var members: [CalDAVETag] = []
    for item in answer.responses where item.url.pathWithoutTrailingSlash != base.pathWithoutTrailingSlash {
      let href = try member(item).href(from: base)
      if item.hasFoundProperties && !isCollection(item) { members.append(CalDAVETag(href: href, etag: etag(item))) }
    }
    return members
  }

  /// Reads resources by calendar-multiget REPORTs of `batchSize` hrefs each, reading by GET whatever a
  /// batch did not return (or every href of a batch the server refused). Resources gone from the server
  /// are left out of the result.
  public func fetch(hrefs: [String], batchSize: Int = 100) throws(CalDAVError) -> [CalDAVResource] {
    var targets: [DAVURL] = []
    for href in hrefs {
      targets.append(try target(href))
    }
    var resources: [CalDAVResource] = []
    var start = 0
    let size = max(1, batchSize)
    while start < targets.count {
      let batch = Array(targets[start..<min(start + size, targets.count)])
      start += batch.count
      var found: [String: CalDAVResource] = [:]
      var gone: Set<String> = []
      do {
        (found, gone) = try multiget(batch)
      } catch {
        // A refused password or a lost network would fail every GET as well; anything else (a server
        // that cannot multiget, or answers something unreadable) is worked around by a GET per resource.
        if case .authenticationFailed = error { throw error }
        if error.isNetworkFailure { throw error }
      }
      for target in batch {
        let href = target.href(from: base)
        if let resource = found[href] {
          resources.append(resource)
        } else if !gone.contains(href) {
          do {
            resources.append(try get(target))
          } catch .notFound {
            continue
          }
        }
      }
    }
    return resources
  }

  private func multiget(
    _ batch: [DAVURL]
  ) throws(CalDAVError) -> (found: [String: CalDAVResource], gone: Set<String>) {
    var body = """
      <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
      <d:prop><d:getetag/><c:calendar-data/></d:prop>
      """
    for target in batch { body += "<d:href>\(target.path.xmlEscaped)</d:href>" }
    body += "</c:calendar-multiget>"
    let answer = try transport.multiStatus("REPORT", base, depth: "1", body: body)
    var found: [String: CalDAVResource] = [:]
    var gone: Set<String> = []
    for item in answer.responses where item.url.pathWithoutTrailingSlash != base.pathWithoutTrailingSlash {
      let href = try member(item).href(from: base)
      if let data = item.property(.calendarData) {
        found[href] = CalDAVResource(href: href, etag: etag(item), calendarData: data.text)
      } else if item.status == 404 || item.status == 410 {
        gone.insert(href)
      }
    }
    return (found, gone)
  }

  /// Reads one resource by GET.
  public func get(href: String) throws(CalDAVError) -> CalDAVResource {
    try get(try target(href))
  }

  private func get(_ target: DAVURL) throws(CalDAVError) -> CalDAVResource {
    let response = try transport.send(HTTPRequest(method: "GET", url: target, headers: ["Accept": "text/calendar"]))
    guard response.isSuccess else { throw response.statusError }
    guard let text = String(validating: response.body, as: UTF8.self) else {
      throw .malformedResponse(url: target.description, detail: "calendar data is not UTF-8")
    }
    return CalDAVResource(href: target.href(from: base), etag: response.etag, calendarData: text)
  }

  /// Creates a resource that must not exist yet (`If-None-Match: *`); returns its ETag if the server gave
  /// one. An existing resource throws `CalDAVError.preconditionFailed`.
  @discardableResult
  public func create(href: String, ics: String) throws(CalDAVError) -> String? {
    try put(href: href, ics: ics, condition: ("If-None-Match", "*"))
  }

  /// Replaces a resource if it still has `ifMatch` as its ETag; returns the new ETag if the server gave one.
  /// A resource changed since throws `CalDAVError.preconditionFailed`.
  @discardableResult
  public func update(href: String, ics: String, ifMatch: String) throws(CalDAVError) -> String? {
    try put(href: href, ics: ics, condition: ("If-Match", ifMatch))
  }

  private func put(href: String, ics: String, condition: (String, String)) throws(CalDAVError) -> String? {
    let target = try target(href)
    let headers = ["Content-Type": "text/calendar; charset=utf-8", condition.0: condition.1]
    let response = try transport.send(HTTPRequest(method: "PUT", url: target, headers: headers, body: Array(ics.utf8)))
    guard response.isSuccess else { throw response.statusError }
    return response.etag
  }

  /// Deletes a resource, only if it still has `ifMatch` as its ETag when one is given. A changed resource
  /// throws `CalDAVError.preconditionFailed`, a missing one `CalDAVError.notFound`.
  public func delete(href: String, ifMatch: String?) throws(CalDAVError) {
    let target = try target(href)
    var headers: [String: String] = [:]
    if let ifMatch { headers["If-Match"] = ifMatch }
    let response = try transport.send(HTTPRequest(method: "DELETE", url: target, headers: headers))
    guard response.isSuccess else { throw response.statusError }
  }

  /// The resource an href handed in names, which must be a member of this collection.
  private func target(_ href: String) throws(CalDAVError) -> DAVURL {
    guard let target = base.resolving(href)?.asMember(of: base) else {
      throw .invalidURL("not a resource of \(base): \(href.prefix(200))")
    }
    return target
  }

  /// The member an answer is about. An href outside the collection is refused: the sync would otherwise
  /// read, overwrite or delete there (another calendar, another host) what it takes for this calendar's.
  private func member(_ item: MultiStatus.Response) throws(CalDAVError) -> DAVURL {
    guard let member = item.url.asMember(of: base) else {
      throw .malformedResponse(url: base.description, detail: "it names \(item.url), which is outside the collection")
    }
    return member
  }

  private func etag(_ item: MultiStatus.Response) -> String? {
    guard let value = item.property(.getETag)?.trimmedText, !value.isEmpty else { return nil }
    return value
  }

  private func isCollection(_ item: MultiStatus.Response) -> Bool {
    item.property(.resourceType)?.child(.collection) != nil
  }
}

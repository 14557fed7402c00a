/// A synchronous CalDAV (RFC 4791) client for one account: discovery of its calendars, and
/// `CalDAVCollection`s for working on one of them.
///
/// Credentials are sent with HTTP Basic on every request to the origin they were given for; HTTPS
/// certificates are verified by the system's trust store.
public final class CalDAVClient: Sendable {
  let transport: HTTPTransport

  /// A client for one account. `timeout` bounds each wait for the server (connecting, or silence in the
  /// middle of an answer); it is kept between a millisecond and a day.
  public init(credentials: CalDAVCredentials?, timeout: Duration = .seconds(30)) {
    let (seconds, attoseconds) = timeout.components
    // Clamped to a day: libcurl takes milliseconds, and nothing is gained by waiting longer.
    let interval = min(86_400, max(0.001, Double(seconds) + Double(attoseconds) / 1e18))
    transport = HTTPTransport(credentials: credentials, timeout: interval, userAgent: "cal-sync (CalDAV)")
  }

  /// How many HTTP requests this client has sent (each redirect followed counts as one).
  public var requestCount: Int { transport.requestCount }

  /// The host name of an http(s) URL (without port or user information), as `~/.netrc` names machines.
  public static func host(of url: String) -> String? {
    guard let authority = DAVURL(url)?.authority else { return nil }
    if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
      return String(authority[...end])
    }
    return String(authority.prefix { $0 != ":" })
  }

  /// Downloads a file (an iCalendar feed) by GET, unless it still has `validator` (an ETag or a
  /// Last-Modified date from the last download; then `bytes` is `nil`).
  public func download(_ url: String, validator: String?) throws(CalDAVError) -> CalDAVDownload {
    guard let target = DAVURL(url) else { throw .invalidURL("not an http(s) URL: \(Self.redacted(url))") }
    var headers = ["Accept": "text/calendar, */*"]
    if let validator {
      let isETag = validator.hasPrefix("\"") || validator.hasPrefix("W/")
      headers[isETag ? "If-None-Match" : "If-Modified-Since"] = validator
    }
    let response = try transport.send(HTTPRequest(method: "GET", url: target, headers: headers))
    if response.status == 304 { return CalDAVDownload(bytes: nil, validator: validator) }
    guard response.isSuccess else { throw response.statusError }
    return CalDAVDownload(bytes: response.body, validator: response.etag ?? response.headers["last-modified"])
  }

  /// A handle on one calendar collection, given by its absolute URL.
  public func collection(_ url: String) throws(CalDAVError) -> CalDAVCollection {
    guard let davURL = DAVURL(url) else { throw .invalidURL("not an http(s) URL: \(Self.redacted(url))") }
    return CalDAVCollection(base: davURL, transport: transport)
  }

  /// Finds the event calendars reachable from a URL: a calendar collection (that one alone), a principal or
  /// calendar home (its calendars), or the server's root (through `current-user-principal`, trying
  /// `/.well-known/caldav` when the root says nothing).
  ///
  /// Only `url`'s origin (or its https upgrade) is visited: a principal or home the server places on another
  /// host is an error naming it, and calendars listed on another host are left out, so that the password,
  /// given for `url`'s host, never goes to a host the server chose.
  public func discover(_ url: String) throws(CalDAVError) -> CalDAVDiscovery {
    guard let start = DAVURL(url) else { throw .invalidURL("not an http(s) URL: \(Self.redacted(url))") }
    var first: MultiStatus.Response?
    do {
      first = try transport.properties(of: start)
    } catch .notFound, .forbidden, .unexpectedStatus, .malformedResponse {
      // Some servers answer nothing useful at their root; the well-known URL is tried next.
    }
    if let first, let calendar = CalDAVCalendar(first) {
      // The principal is only named here, not visited: one on another host is left out.
      let principal = try? Self.href(first, .currentUserPrincipal, from: start)
      return CalDAVDiscovery(
        principalURL: principal, homeURL: nil, calendars: try Self.onOrigin(of: start, [calendar], listed: start))
    }
    var principal = try first.flatMap { (first) throws(CalDAVError) in
      try Self.href(first, .currentUserPrincipal, from: start)
    }
    var home = try first.flatMap { (first) throws(CalDAVError) in try Self.href(first, .calendarHomeSet, from: start) }
    if principal == nil, home == nil, let wellKnown = start.resolving("/.well-known/caldav"),
      let answer = try? transport.properties(of: wellKnown)
    {
      principal = try Self.href(answer, .currentUserPrincipal, from: start)
      home = try Self.href(answer, .calendarHomeSet, from: start)
    }
    if home == nil, let principal, let principalURL = DAVURL(principal) {
      home = try Self.href(try transport.properties(of: principalURL), .calendarHomeSet, from: start)
    }
    // A URL with no principal and no home set may be a home itself: list it.
    guard let homeURL = home.flatMap(DAVURL.init) ?? (first != nil ? start : nil) else {
      throw .notFound(url: start.description)
    }
    let listing = try transport.multiStatus("PROPFIND", homeURL, depth: "1", body: CalDAVCalendar.propertiesRequest)
    return CalDAVDiscovery(
      principalURL: principal, homeURL: homeURL.description,
      calendars: try Self.onOrigin(of: start, listing.responses.compactMap(CalDAVCalendar.init), listed: homeURL))
  }

  /// The absolute URL in a property holding an href, such as `current-user-principal`; an error when it is
  /// on another origin than `start`, where the credentials must not go.
  private static func href(
    _ response: MultiStatus.Response, _ name: XMLName, from start: DAVURL
  ) throws(CalDAVError) -> String? {
    guard let text = response.property(name)?.child(.href)?.trimmedText, !text.isEmpty,
      let url = response.url.resolving(text)
    else { return nil }
    guard url.mayReceiveCredentials(givenFor: start) else {
      throw .invalidURL(
        "\(response.url) names its \(name.local) \(url) on another host; the password goes only to \(start.origin): "
          + "give that URL with --url if you trust it")
    }
    return url.description
  }

  /// The calendars on `start`'s origin; an error naming the others when there are no such calendars.
  private static func onOrigin(
    of start: DAVURL, _ calendars: [CalDAVCalendar], listed: DAVURL
  ) throws(CalDAVError) -> [CalDAVCalendar] {
    let kept = calendars.filter { DAVURL($0.url)?.mayReceiveCredentials(givenFor: start) == true }
    if kept.isEmpty, let other = calendars.first {
      throw .invalidURL(
        "\(listed) lists calendars on another host (\(other.url)); the password goes only to \(start.origin): "
          + "give that URL with --url if you trust it")
    }
    return kept
  }

  /// A URL for a message, without any user information it may carry.
  static func redacted(_ url: String) -> String {
    guard let scheme = url.utf8.firstRange(of: "://".utf8) else {
      // Without a scheme there is no telling user information from a path: say nothing of it.
      return url.count > 200 || url.contains("@") ? "(not a URL)" : url
    }
    let rest = url[scheme.upperBound...]
    let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
    guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return url }
    return String(url[..<scheme.upperBound]) + String(rest[rest.index(after: at)...])
  }
}

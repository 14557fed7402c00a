public import Foundation

/// What the server's calendar holds, read and changed with plain HTTP, never with the code under test.
extension CalDAVServer {
  /// The collection's path, such as `/caluser/calendar/`.
  public var calendarPath: String { URL(string: calendar)!.path + (calendar.hasSuffix("/") ? "/" : "") }

  /// Every resource of the calendar: href → its text, unfolded, with LF line ends.
  public func resources() throws -> [String: String] {
    let body = #"<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>"#
    let listing = try RawHTTP.send(
      "PROPFIND", calendar, user: user, password: password, body: body,
      headers: ["Depth": "1", "Content-Type": "application/xml; charset=utf-8"])
    let pattern = try NSRegularExpression(pattern: "<(?:[A-Za-z0-9]+:)?href>([^<]+)</")
    let range = NSRange(listing.body.startIndex..., in: listing.body)
    var contents: [String: String] = [:]
    for match in pattern.matches(in: listing.body, range: range) {
      let href = String(listing.body[Range(match.range(at: 1), in: listing.body)!])
      let path = href.hasPrefix("http") ? URL(string: href)!.path : href
      guard path.trimmingCharacters(in: ["/"]) != calendarPath.trimmingCharacters(in: ["/"]) else { continue }
      contents[path] = Self.unfolded(try get(path).body)
    }
    return contents
  }

  /// The text of every resource that holds an event, by UID.
  public func events() throws -> [String: String] {
    try resourcesByUID().mapValues(\.text)
  }

  /// The path of every resource that holds an event, by UID.
  public func hrefs() throws -> [String: String] {
    try resourcesByUID().mapValues(\.href)
  }

  private func resourcesByUID() throws -> [String: (href: String, text: String)] {
    var events: [String: (href: String, text: String)] = [:]
    for (href, text) in try resources() {
      guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("UID:") }) else { continue }
      events[String(line.dropFirst(4))] = (href, text)
    }
    return events
  }

  /// GET of `path` (an absolute path on the server).
  public func get(_ path: String) throws -> RawHTTP.Answer {
    try RawHTTP.send("GET", absolute(path), user: user, password: password)
  }

  /// PUT of `body` at `name` in the calendar (or at an absolute path), unconditionally.
  @discardableResult
  public func put(_ name: String, _ body: String) throws -> RawHTTP.Answer {
    let answer = try RawHTTP.send(
      "PUT", absolute(name.hasPrefix("/") ? name : calendarPath + name), user: user, password: password, body: body,
      headers: ["Content-Type": "text/calendar; charset=utf-8"])
    guard (200..<300).contains(answer.status) else { throw Failure(status: answer.status, body: answer.body) }
    return answer
  }

  /// DELETE of `path`, unconditionally.
  public func delete(_ path: String) throws {
    let answer = try RawHTTP.send("DELETE", absolute(path), user: user, password: password)
    guard (200..<300).contains(answer.status) else { throw Failure(status: answer.status, body: answer.body) }
  }

  /// iCalendar text with folded lines joined and LF line ends.
  public static func unfolded(_ text: String) -> String {
    text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n ", with: "")
  }

  private func absolute(_ path: String) -> String {
    path.hasPrefix("http") ? path : String(url.dropLast()) + path
  }

  /// A request the server refused.
  public struct Failure: Error, CustomStringConvertible {
    /// The HTTP status.
    public let status: Int
    /// What the server said.
    public let body: String
    /// Status and body.
    public var description: String { "HTTP \(status): \(body.prefix(300))" }
  }
}

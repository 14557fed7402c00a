import Foundation

/// Collections made on the server with plain HTTP, never with the code under test.
extension CalDAVServer {
  /// Makes the calendar anew (empty) as a collection that declares it holds `components` alone (MKCALENDAR
  /// with RFC 4791's `supported-calendar-component-set`). Radicale keeps and declares them, though it takes
  /// any component in a PUT; Xandikos declares every kind for every calendar whatever it was made with.
  public func remakeCalendar(components: [String]) throws {
    let removed = try RawHTTP.send("DELETE", calendar, user: user, password: password)
    guard (200..<300).contains(removed.status) else { throw Failure(status: removed.status, body: removed.body) }
    let set = components.map { #"<C:comp name="\#($0)"/>"# }.joined()
    let body = """
      <?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">\
      <D:set><D:prop><D:displayname>Test calendar</D:displayname><C:supported-calendar-component-set>\(set)\
      </C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>
      """
    let made = try RawHTTP.send(
      "MKCALENDAR", calendar, user: user, password: password, body: body,
      headers: ["Content-Type": "application/xml; charset=utf-8"])
    guard made.status == 201 else { throw Failure(status: made.status, body: made.body) }
  }
}

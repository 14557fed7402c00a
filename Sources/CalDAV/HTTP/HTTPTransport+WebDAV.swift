extension HTTPTransport {
  /// Sends a PROPFIND or REPORT with an XML body and reads the 207 Multi-Status it must answer with.
  func multiStatus(_ method: String, _ url: DAVURL, depth: String?, body: String) throws(CalDAVError) -> MultiStatus {
    let response = try send(xmlRequest(method, url, depth: depth, body: body))
    guard response.status == 207 else { throw response.statusError }
    return try MultiStatus(response)
  }

  /// The discovery properties of one resource (PROPFIND Depth 0 of `CalDAVCalendar.propertiesRequest`).
  func properties(of url: DAVURL) throws(CalDAVError) -> MultiStatus.Response {
    let answer = try multiStatus("PROPFIND", url, depth: "0", body: CalDAVCalendar.propertiesRequest)
    guard let response = answer.responses.first else {
      throw .malformedResponse(url: url.description, detail: "an empty multistatus")
    }
    return response
  }

  /// A request carrying an XML body, with a Depth header when given.
  func xmlRequest(_ method: String, _ url: DAVURL, depth: String?, body: String) -> HTTPRequest {
    var headers = ["Content-Type": "application/xml; charset=utf-8"]
    if let depth { headers["Depth"] = depth }
    let document = #"<?xml version="1.0" encoding="utf-8"?>"# + "\n" + body
    return HTTPRequest(method: method, url: url, headers: headers, body: Array(document.utf8))
  }
}

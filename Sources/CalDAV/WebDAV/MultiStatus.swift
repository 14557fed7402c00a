/// A WebDAV 207 Multi-Status body (RFC 4918 §13), with hrefs resolved against the URL that answered.
struct MultiStatus: Sendable {
  /// One `response` element.
  struct Response: Sendable {
    /// The resource the response is about.
    var url: DAVURL
    /// The response-level status (sync-collection uses 404 for removed members), if given.
    var status: Int?
    /// Properties found (propstat status 2xx).
    var properties: [XElement]
    /// Whether any propstat had a 2xx status.
    var hasFoundProperties: Bool

    /// A property found for this resource.
    func property(_ name: XMLName) -> XElement? {
      properties.first { $0.name == name }
    }
  }

  /// The responses, in document order.
  var responses: [Response]
  /// The collection's new sync token (sync-collection reports only).
  var syncToken: String?

  /// Reads a Multi-Status body; anything that is not one is a malformed response.
  init(_ response: HTTPResponse) throws(CalDAVError) {
    let root: XElement
    do {
      root = try XMLReader.read(response.body)
    } catch {
      throw .malformedResponse(url: response.url.description, detail: error.description)
    }
    guard root.name == .multistatus else {
      throw .malformedResponse(url: response.url.description, detail: "expected a multistatus, got \(root.name)")
    }
    var responses: [Response] = []
    for element in root.children(.response) {
      guard let href = element.child(.href)?.trimmedText, let url = response.url.resolving(href) else {
        throw .malformedResponse(url: response.url.description, detail: "a response without a usable href")
      }
      var properties: [XElement] = []
      var found = false
      for propstat in element.children(.propstat) {
        guard let status = propstat.child(.status).flatMap({ Self.statusCode($0.trimmedText) }),
          (200..<300).contains(status)
        else { continue }
        found = true
        properties += propstat.child(.prop)?.children ?? []
      }
      let status = element.child(.status).flatMap { Self.statusCode($0.trimmedText) }
      responses.append(Response(url: url, status: status, properties: properties, hasFoundProperties: found))
    }
    self.responses = responses
    syncToken = root.child(.syncToken)?.trimmedText
  }

  /// The code in a status line such as `HTTP/1.1 404 Not Found`.
  static func statusCode(_ line: String) -> Int? {
    let parts = line.split(separator: " ", maxSplits: 2)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), parts[1].utf8.count == 3 else { return nil }
    return Int(parts[1])
  }
}

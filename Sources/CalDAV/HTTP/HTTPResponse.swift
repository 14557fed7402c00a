/// One HTTP answer, read whole.
struct HTTPResponse: Sendable {
  /// The status code.
  var status: Int
  /// Header values by lower-case name.
  var headers: [String: String]
  /// The body.
  var body: [UInt8]
  /// The URL that gave this answer, after any redirects: relative hrefs in the body resolve against it.
  var url: DAVURL

  /// Whether the status is 2xx.
  var isSuccess: Bool { (200..<300).contains(status) }

  /// The error for a status that is not a success, by its meaning for WebDAV.
  var statusError: CalDAVError {
    let where_ = url.description
    switch status {
    case 401: return .authenticationFailed(url: where_)
    case 403: return .forbidden(url: where_)
    case 404, 410: return .notFound(url: where_)
    case 409: return .conflict(url: where_)
    case 412: return .preconditionFailed(url: where_)
    case 500..<600: return .serverError(url: where_, status: status)
    default: return .unexpectedStatus(url: where_, status: status)
    }
  }

  /// The ETag header, if the server gave one.
  var etag: String? { headers["etag"].flatMap { $0.isEmpty ? nil : $0 } }
}

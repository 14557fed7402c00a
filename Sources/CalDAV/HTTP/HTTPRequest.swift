/// One HTTP request as the DAV layer describes it.
struct HTTPRequest: Sendable {
  /// The method: GET, PUT, DELETE, PROPFIND, REPORT.
  var method: String
  /// Where it goes.
  var url: DAVURL
  /// Headers besides User-Agent and Authorization, which the transport adds.
  var headers: [String: String] = [:]
  /// The body, empty for none.
  var body: [UInt8] = []
}

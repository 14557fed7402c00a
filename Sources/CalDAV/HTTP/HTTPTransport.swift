import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Synchronous HTTP over `URLSession`: one request at a time, Basic credentials sent up front (one round
/// trip per request, no 401 challenge first), redirects followed here rather than by the session so the
/// method, the body and the decision to send credentials stay under our control.
final class HTTPTransport: Sendable {
  private let session: URLSession
  private let delegate: SessionDelegate
  private let credentials: CalDAVCredentials?
  private let timeout: Double
  /// How long one exchange may take in all, however steadily data flows.
  private let resourceTimeout: Double
  private let userAgent: String

  init(credentials: CalDAVCredentials?, timeout: Double, userAgent: String) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    resourceTimeout = max(timeout * 10, timeout + 60)
    configuration.timeoutIntervalForResource = resourceTimeout
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.urlCache = nil
    configuration.urlCredentialStorage = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    let delegate = SessionDelegate()
    session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    self.delegate = delegate
    self.credentials = credentials
    self.timeout = timeout
    self.userAgent = userAgent
  }

  deinit {
    session.invalidateAndCancel()
  }

  /// Sends a request, following up to five redirects, and returns the final answer whatever its status.
  func send(_ request: HTTPRequest) throws(CalDAVError) -> HTTPResponse {
    var current = request
    for _ in 0...5 {
      // Credentials go only to the origin they were given for (or its https upgrade).
      let sameOrigin =
        current.url.origin == request.url.origin
        || (current.url.authority == request.url.authority && current.url.scheme == "https")
      let response = try perform(current, authorized: sameOrigin)
      guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["location"] else {
        return response
      }
      guard let next = current.url.resolving(location) else {
        throw .invalidURL("\(current.url) redirects to an unusable location")
      }
      guard current.url.scheme == "http" || next.scheme == "https" else {
        throw .invalidURL("\(current.url) redirects from https to http (\(next)); refused")
      }
      if response.status == 303 {
        current.method = "GET"
        current.body = []
      }
      current.url = next
    }
    throw .invalidURL("too many redirects from \(request.url)")
  }

  private func perform(_ request: HTTPRequest, authorized: Bool) throws(CalDAVError) -> HTTPResponse {
    let url = request.url
    guard let foundationURL = URL(string: url.description) else { throw .invalidURL(url.description) }
    var urlRequest = URLRequest(
      url: foundationURL, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    urlRequest.httpMethod = request.method
    urlRequest.setValue(userAgent, forHTTPHeaderField: "User-Agent")
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    if authorized, let credentials {
      let token = Data("\(credentials.user):\(credentials.password)".utf8).base64EncodedString()
      urlRequest.setValue("Basic \(token)", forHTTPHeaderField: "Authorization")
    }
    if !request.body.isEmpty { urlRequest.httpBody = Data(request.body) }

    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    let task = session.dataTask(with: urlRequest) { data, response, error in
      outcome.data = data
      outcome.response = response
      outcome.error = error
      done.signal()
    }
    task.resume()
    // The session's own timeouts should fire first; this is the guarantee that nothing waits forever.
    if done.wait(timeout: .now() + resourceTimeout + 5) == .timedOut {
      task.cancel()
      _ = done.wait(timeout: .now() + 5)
      throw .timedOut(url: url.description, seconds: timeout)
    }
    let challenge = delegate.takeChallenge(of: task.taskIdentifier)
    if let error = outcome.error {
      // A 401 or 407 reaches us only through the challenge that was cancelled (see SessionDelegate).
      guard let challenge else { throw Self.networkError(error, url: url, timeout: timeout) }
      outcome.response = challenge
      outcome.data = nil
    }
    guard let http = outcome.response as? HTTPURLResponse else {
      throw .malformedResponse(url: url.description, detail: "not an HTTP response")
    }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
    }
    return HTTPResponse(status: http.statusCode, headers: headers, body: [UInt8](outcome.data ?? Data()), url: url)
  }

  private static func networkError(_ error: any Error, url: DAVURL, timeout: Double) -> CalDAVError {
    let where_ = url.description
    guard let error = error as? URLError else { return .network(url: where_, detail: "\(type(of: error))") }
    switch error.code {
    case .cannotConnectToHost: return .connectionRefused(url: where_)
    case .cannotFindHost, .dnsLookupFailed: return .hostNotFound(url: where_)
    case .timedOut: return .timedOut(url: where_, seconds: timeout)
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
      .clientCertificateRequired:
      return .tlsFailure(url: where_, detail: "URL error \(error.code.rawValue)")
    case .networkConnectionLost: return .network(url: where_, detail: "connection lost")
    case .notConnectedToInternet: return .network(url: where_, detail: "network unreachable")
    case .cancelled: return .network(url: where_, detail: "cancelled")
    case .badServerResponse: return .malformedResponse(url: where_, detail: "not a valid HTTP response")
    default:
      // On Linux most libcurl failures, certificate ones included, arrive as code -1 with curl's own words.
      let words = (error.userInfo[NSLocalizedDescriptionKey] as? String).map { String($0.prefix(200)) }
      guard let words, !words.isEmpty else { return .network(url: where_, detail: "URL error \(error.code.rawValue)") }
      let tls = ["SSL", "TLS", "certificate"].contains { words.contains($0) }
      return tls ? .tlsFailure(url: where_, detail: words) : .network(url: where_, detail: words)
    }
  }
}

/// What the completion handler hands over. Written before the semaphore is signalled and read after the
/// wait returns, so the semaphore orders every access.
private final class Outcome: @unchecked Sendable {
  var data: Data?
  var response: URLResponse?
  var error: (any Error)?
}

/// Everything that can go wrong talking to a CalDAV server, as one error type whose description is one
/// line naming the URL (never a password) and what happened.
public enum CalDAVError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The host answered that nothing listens on that port.
  case connectionRefused(url: String)
  /// The host name could not be resolved.
  case hostNotFound(url: String)
  /// No answer within the configured time.
  case timedOut(url: String, seconds: Double)
  /// The TLS handshake or the certificate check failed.
  case tlsFailure(url: String, detail: String)
  /// Another failure below HTTP (connection lost, network down, cancelled).
  case network(url: String, detail: String)
  /// HTTP 401: the user or the password was refused.
  case authenticationFailed(url: String)
  /// HTTP 403 (other than an invalid sync token).
  case forbidden(url: String)
  /// HTTP 404 or 410.
  case notFound(url: String)
  /// HTTP 409 (other than an invalid sync token).
  case conflict(url: String)
  /// HTTP 412: the resource changed (or, on create, already exists) since its ETag was read.
  case preconditionFailed(url: String)
  /// The server no longer accepts the sync token (RFC 6578 `valid-sync-token`): list the collection in full.
  case invalidSyncToken(url: String)
  /// HTTP 5xx.
  case serverError(url: String, status: Int)
  /// Another HTTP status where success was expected.
  case unexpectedStatus(url: String, status: Int)
  /// A body or header that could not be understood.
  case malformedResponse(url: String, detail: String)
  /// A URL or href that is not an http(s) URL, or a redirect that cannot be followed safely.
  case invalidURL(String)

  /// Whether the server could not be reached or stopped answering: worth retrying later, nothing was
  /// decided by the server.
  public var isNetworkFailure: Bool {
    switch self {
    case .connectionRefused, .hostNotFound, .timedOut, .tlsFailure, .network: true
    default: false
    }
  }

  /// One line for an `Error:` message.
  public var description: String {
    switch self {
    case .connectionRefused(let url): "connection refused by \(url)"
    case .hostNotFound(let url): "host not found: \(url)"
    case .timedOut(let url, let seconds): "no answer from \(url) within \(Self.format(seconds)) s"
    case .tlsFailure(let url, let detail): "secure connection to \(url) failed: \(detail)"
    case .network(let url, let detail): "network failure talking to \(url): \(detail)"
    case .authenticationFailed(let url): "authentication failed at \(url) (HTTP 401): check the user and password"
    case .forbidden(let url): "access forbidden at \(url) (HTTP 403)"
    case .notFound(let url): "not found on the server: \(url) (HTTP 404)"
    case .conflict(let url): "conflict at \(url) (HTTP 409)"
    case .preconditionFailed(let url): "\(url) changed on the server since it was last read (HTTP 412)"
    case .invalidSyncToken(let url): "the server no longer accepts the sync token of \(url)"
    case .serverError(let url, let status): "server error at \(url) (HTTP \(status))"
    case .unexpectedStatus(let url, let status): "unexpected answer from \(url) (HTTP \(status))"
    case .malformedResponse(let url, let detail): "malformed response from \(url): \(detail)"
    case .invalidURL(let detail): "invalid URL: \(detail)"
    }
  }

  /// Seconds for a message: whole ones without a fraction.
  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() && abs(seconds) < 1e9 ? String(Int(seconds)) : String(seconds)
  }
}

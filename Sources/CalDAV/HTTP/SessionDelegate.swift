import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The session's delegate: hands redirects back to `HTTPTransport.send`, and turns authentication
/// challenges into plain answers.
///
/// On Linux a 401 with no credential handed to the challenge leaves the task waiting forever
/// (`.performDefaultHandling`), and `.useCredential` with none crashes, so the challenge is cancelled and
/// its response kept here for the transport to report as the status it was.
final class SessionDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
  private let lock = NSLock()
  private var challenges: [Int: HTTPURLResponse] = [:]

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    if let response = challenge.failureResponse as? HTTPURLResponse {
      lock.withLock { challenges[task.taskIdentifier] = response }
    }
    completionHandler(.cancelAuthenticationChallenge, nil)
  }

  /// The response that raised a challenge for this task, if one did; forgotten once taken.
  func takeChallenge(of taskIdentifier: Int) -> HTTPURLResponse? {
    lock.withLock { challenges.removeValue(forKey: taskIdentifier) }
  }
}

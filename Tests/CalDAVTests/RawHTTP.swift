import Dispatch
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Plain requests to a server, bypassing the CalDAV library: what the tests check the library against.
enum RawHTTP {
  struct Answer {
    var status: Int
    var etag: String?
    var body: String
  }

  /// One request with Basic credentials; waits at most 30 seconds.
  static func send(
    _ method: String, _ url: String, user: String, password: String, body: String? = nil,
    headers: [String: String] = [:]
  ) throws -> Answer {
    var request = URLRequest(url: URL(string: url)!, timeoutInterval: 30)
    request.httpMethod = method
    let token = Data("\(user):\(password)".utf8).base64EncodedString()
    request.setValue("Basic \(token)", forHTTPHeaderField: "Authorization")
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    if let body { request.httpBody = Data(body.utf8) }
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: request) { data, response, error in
      box.data = data
      box.response = response as? HTTPURLResponse
      box.error = error
      done.signal()
    }.resume()
    guard done.wait(timeout: .now() + 40) == .success else { throw URLError(.timedOut) }
    if let error = box.error { throw error }
    guard let response = box.response else { throw URLError(.badServerResponse) }
    return Answer(
      status: response.statusCode, etag: response.value(forHTTPHeaderField: "ETag"),
      body: String(decoding: box.data ?? Data(), as: UTF8.self))
  }

  private final class Box: @unchecked Sendable {
    var data: Data?
    var response: HTTPURLResponse?
    var error: (any Error)?
  }
}

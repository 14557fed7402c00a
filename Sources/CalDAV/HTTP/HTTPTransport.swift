import CCurl
import Synchronization

/// Synchronous HTTP over libcurl: one request at a time on one easy handle (so connections are kept alive
/// between requests), Basic credentials sent up front (one round trip per request, no 401 challenge first),
/// redirects followed here rather than by libcurl so the method, the body and the decision to send
/// credentials stay under our control. Certificates are verified by the system's trust store.
///
/// `curl_easy_perform` blocks in `poll` until the server answers, so waiting costs no CPU time.
final class HTTPTransport: Sendable {
  /// The largest body read, decompressed: a hostile server cannot exhaust memory. (A listing of 5,000 events
  /// is about 2 MiB, and the XML reader stops at 64 MiB; a feed read from a file is held to the same size,
  /// CalService's `FeedDownload.maximumSize`.)
  static let maxBodyBytes = 128 << 20
  /// The most header bytes read in one exchange (below the 300 KiB at which newer libcurl stops by itself).
  static let maxHeaderBytes = 256 << 10

  private let credentials: CalDAVCredentials?
  /// How long connecting may take, and how long the server may stay silent once connected.
  let timeout: Double
  /// `timeout` in whole milliseconds, at least 1 (for libcurl, 0 would mean its default).
  private let timeoutMilliseconds: Int
  /// How long one exchange may take in all, however steadily data flows (a hostile server trickling a byte a
  /// second would otherwise hold a sync for as long as it likes).
  let totalTimeout: Double
  private let resourceTimeoutMilliseconds: Int
  private let userAgent: String
  private let easy = Mutex(CurlEasy())
  private let sent = Atomic(0)

  /// How many requests were sent (each redirect followed counts as one).
  var requestCount: Int { sent.load(ordering: .relaxed) }

  init(credentials: CalDAVCredentials?, timeout: Double, userAgent: String) {
    self.credentials = credentials
    self.timeout = timeout
    timeoutMilliseconds = max(1, Int((timeout * 1000).rounded(.up)))
    // Three times the silence allowed: a server may think that long before it answers, then the answer flows.
    totalTimeout = timeout * 3
    resourceTimeoutMilliseconds = Int((totalTimeout * 1000).rounded(.up))
    self.userAgent = userAgent
  }

  /// Sends a request, following up to five redirects, and returns the final answer whatever its status.
  func send(_ request: HTTPRequest) throws(CalDAVError) -> HTTPResponse {
    var current = request
    for _ in 0...5 {
      // Credentials go only to the origin they were given for (or its https upgrade).
      let response = try perform(current, authorized: current.url.mayReceiveCredentials(givenFor: request.url))
      guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["location"] else {
        return response
      }
      guard let next = current.url.resolving(location) else {
        throw .invalidURL("\(current.url) redirects to an unusable location")
      }
      guard current.url.scheme == "http" || next.scheme == "https" else {
        throw .invalidURL("\(current.url) redirects from https to http (\(next)); refused")
      }
      // A change (an event's text, a removal) goes only where it was meant to: a server redirecting it to
      // another host would hand the event to a host the user never named.
      guard response.status == 303 || !Self.changes(current.method) || next.mayReceiveCredentials(givenFor: request.url)
      else {
        throw .invalidURL("\(current.url) redirects a \(current.method) to another host (\(next)); refused")
      }
      if response.status == 303 {
        current.method = "GET"
        current.body = []
      }
      current.url = next
    }
    throw .invalidURL("too many redirects from \(request.url)")
  }

  /// Whether a request of this method changes something on the server (and may carry an event's text).
  private static func changes(_ method: String) -> Bool {
    !["GET", "HEAD", "OPTIONS", "PROPFIND", "REPORT"].contains(method)
  }

  private func perform(_ request: HTTPRequest, authorized: Bool) throws(CalDAVError) -> HTTPResponse {
    let url = request.url
    // No `Expect: 100-continue` wait before a body (servers that do not answer it cost a second each).
    var lines = ["Expect:"]
    for (name, value) in request.headers {
      // A value (an ETag a server gave) must not smuggle in a header of its own.
      guard !(name + value).utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0 }) else {
        throw .malformedResponse(url: url.description, detail: "a header value holding a line break")
      }
      lines.append("\(name): \(value)")
    }
    if !request.body.isEmpty, !request.headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
      lines.append("Content-Type:")  // libcurl would call a body form data
    }
    sent.add(1, ordering: .relaxed)
    return try easy.withLock { (easy) throws(CalDAVError) in
      try transfer(&easy, request, authorized: authorized, headers: lines)
    }
  }

  /// Runs one exchange on the handle, which the caller holds alone.
  private func transfer(
    _ easy: inout CurlEasy, _ request: HTTPRequest, authorized: Bool, headers lines: [String]
  ) throws(CalDAVError) -> HTTPResponse {
    let url = request.url
    guard let list = Self.headerList(lines) else {
      throw .network(url: url.description, detail: "no memory for the request's headers")
    }
    defer { curl_slist_free_all(list) }
    let sink = TransferSink(
      maxHeaderBytes: Self.maxHeaderBytes, maxBodyBytes: Self.maxBodyBytes, silence: .milliseconds(timeoutMilliseconds))
    let code = request.body.withUnsafeBytes { body in
      configure(&easy, request, authorized: authorized, headers: list, body: body, sink: sink)
      return withExtendedLifetime(sink) { easy.perform() }
    }
    guard code == CURLE_OK else {
      throw error(code, words: easy.words(for: code), osError: easy.info(CURLINFO_OS_ERRNO), sink: sink, url: url)
    }
    let status = easy.info(CURLINFO_RESPONSE_CODE)
    guard status > 0 else { throw .malformedResponse(url: url.description, detail: "not an HTTP response") }
    return HTTPResponse(status: status, headers: sink.headers, body: sink.takeBody(), url: url)
  }

  /// Sets every option of one request on a handle just reset.
  private func configure(
    _ easy: inout CurlEasy, _ request: HTTPRequest, authorized: Bool, headers: UnsafeMutablePointer<curl_slist>?,
    body: UnsafeRawBufferPointer, sink: TransferSink
  ) {
    easy.reset()
    easy.set(CURLOPT_URL, request.url.description)
    easy.allowHTTPOnly()
    easy.set(CURLOPT_NOSIGNAL, 1)  // timeouts without SIGALRM, which is not thread-safe
    easy.set(CURLOPT_SSL_VERIFYPEER, 1)
    easy.set(CURLOPT_SSL_VERIFYHOST, 2)
    easy.set(CURLOPT_FOLLOWLOCATION, 0)
    easy.set(CURLOPT_CONNECTTIMEOUT_MS, timeoutMilliseconds)
    easy.set(CURLOPT_TIMEOUT_MS, resourceTimeoutMilliseconds)
    easy.set(CURLOPT_ACCEPT_ENCODING, "")  // every compression libcurl can undo
    easy.set(CURLOPT_USERAGENT, userAgent)
    easy.set(CURLOPT_HTTPHEADER, list: headers)
    if authorized, let credentials {
      easy.useBasicAuthentication(user: credentials.user, password: credentials.password)
    }
    switch (request.method, body.isEmpty) {
    case ("GET", true): easy.set(CURLOPT_HTTPGET, 1)
    case ("HEAD", true): easy.set(CURLOPT_NOBODY, 1)
    case (let method, true): easy.set(CURLOPT_CUSTOMREQUEST, method)
    case (let method, false):
      easy.set(CURLOPT_POST, 1)
      easy.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: curl_off_t(body.count))
      easy.set(CURLOPT_POSTFIELDS, pointer: body.baseAddress)
      if method != "POST" { easy.set(CURLOPT_CUSTOMREQUEST, method) }
    }
    let context = Unmanaged.passUnretained(sink).toOpaque()
    easy.set(CURLOPT_MAXFILESIZE_LARGE, offset: curl_off_t(Self.maxBodyBytes))
    easy.set(CURLOPT_HEADERFUNCTION, callback: TransferSink.headerCallback)
    easy.set(CURLOPT_HEADERDATA, pointer: context)
    easy.set(CURLOPT_WRITEFUNCTION, callback: TransferSink.bodyCallback)
    easy.set(CURLOPT_WRITEDATA, pointer: context)
    easy.watchProgress(TransferSink.progressCallback, context: context)  // the sink times silence out
  }

  /// `lines` as a libcurl header list for the caller to free; nil when libcurl has no memory for it.
  private static func headerList(_ lines: [String]) -> UnsafeMutablePointer<curl_slist>? {
    var list: UnsafeMutablePointer<curl_slist>?
    for line in lines {
      guard let longer = curl_slist_append(list, line) else {
        curl_slist_free_all(list)
        return nil
      }
      list = longer
    }
    return list
  }
}

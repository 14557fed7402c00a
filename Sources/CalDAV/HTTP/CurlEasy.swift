import CCurl

/// One libcurl easy handle, kept for the transport's whole life so that connections, TLS sessions and the
/// DNS cache are reused from one request to the next.
///
/// Options are set one by one; the first one libcurl refuses is remembered and returned by `perform` instead
/// of starting a transfer configured only in part.
struct CurlEasy: ~Copyable {
  private let handle: UnsafeMutableRawPointer?
  /// Where libcurl writes the words of its last failure (`CURLOPT_ERRORBUFFER`).
  private let errorBuffer: UnsafeMutablePointer<CChar>
  private var refused = CURLE_OK

  init() {
    errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    handle = Self.globalInit == CURLE_OK ? curl_easy_init() : nil
    reset()
  }

  deinit {
    if let handle { curl_easy_cleanup(handle) }
    errorBuffer.deallocate()
  }

  /// libcurl's process-wide setup, done once before the first handle (it is not safe to run twice at once).
  private static let globalInit: CURLcode = cal_curl_global_init()

  /// Forgets every option of the last request; open connections and caches are kept.
  mutating func reset() {
    guard let handle else {
      refused = CURLE_FAILED_INIT
      return
    }
    curl_easy_reset(handle)
    refused = CURLE_OK
    errorBuffer[0] = 0
    set(CURLOPT_ERRORBUFFER, pointer: errorBuffer)
  }

  mutating func set(_ option: CURLoption, _ value: Int) {
    record { cal_curl_set_long($0, option, value) }
  }

  mutating func set(_ option: CURLoption, offset: curl_off_t) {
    record { cal_curl_set_offset($0, option, offset) }
  }

  /// A string option; libcurl keeps its own copy.
  mutating func set(_ option: CURLoption, _ value: String) {
    record { handle in value.withCString { cal_curl_set_string(handle, option, $0) } }
  }

  /// A pointer libcurl keeps and uses until the transfer ends: the caller keeps it valid that long.
  mutating func set(_ option: CURLoption, pointer: UnsafeRawPointer?) {
    record { cal_curl_set_pointer($0, option, pointer) }
  }

  /// A header list libcurl reads during the transfer: the caller keeps it valid that long.
  mutating func set(_ option: CURLoption, list: UnsafeMutablePointer<curl_slist>?) {
    record { cal_curl_set_list($0, option, list) }
  }

  mutating func set(_ option: CURLoption, callback: curl_write_callback) {
    record { cal_curl_set_callback($0, option, callback) }
  }

  /// Progress reports to `callback` with `context`, which the caller keeps valid until the transfer ends.
  mutating func watchProgress(_ callback: curl_xferinfo_callback, context: UnsafeMutableRawPointer) {
    record { cal_curl_watch_progress($0, callback, context) }
  }

  /// Basic credentials, sent with the request itself rather than after a 401.
  mutating func useBasicAuthentication(user: String, password: String) {
    record { handle in
      user.withCString { user in password.withCString { cal_curl_use_basic_auth(handle, user, $0) } }
    }
  }

  /// Refuses every scheme but http and https, for the request and for anything libcurl might follow.
  mutating func allowHTTPOnly() {
    record { cal_curl_allow_http_only($0) }
  }

  /// Runs the transfer to its end (blocking), or returns the first option that was refused.
  func perform() -> CURLcode {
    guard refused == CURLE_OK, let handle else { return refused }
    return curl_easy_perform(handle)
  }

  /// A number libcurl reports about the last transfer (0 when it has none).
  func info(_ info: CURLINFO) -> Int {
    var value = 0
    guard let handle, cal_curl_get_long(handle, info, &value) == CURLE_OK else { return 0 }
    return value
  }

  /// What libcurl said about the failure `code`: its detailed words when it left any, else the code's name.
  func words(for code: CURLcode) -> String {
    var detail = String(cString: errorBuffer)
    while detail.last?.isNewline == true { detail.removeLast() }
    return detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
  }

  private mutating func record(_ apply: (UnsafeMutableRawPointer) -> CURLcode) {
    guard refused == CURLE_OK, let handle else { return }
    refused = apply(handle)
  }
}

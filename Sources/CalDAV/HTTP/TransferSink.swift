import CCurl

/// What one transfer receives, filled by libcurl's callbacks on the thread running the transfer: the headers of
/// the final response and the body, each within a bound so that a hostile server cannot exhaust memory; and a
/// watch on silence, which libcurl's own low-speed check cannot keep to the second (it averages over seconds,
/// so the bytes of a request sent just before the server froze count as speed for several more).
final class TransferSink {
  /// Why the sink stopped the transfer.
  enum Stop {
    /// The headers went past their bound.
    case headersTooLong
    /// The body went past its bound.
    case bodyTooLarge
    /// The system refused the memory for the body.
    case noMemory
    /// No byte moved either way for longer than the silence allowed.
    case silent
  }

  /// Header values by lower-case name; repeated headers joined with ", " as HTTP allows.
  private(set) var headers: [String: String] = [:]
  /// The body (decompressed, when the server compressed it), as it arrives.
  private let received: ReceivedBytes
  /// Why the sink stopped the transfer; nil while it lets it run.
  private(set) var stop: Stop?
  let maxHeaderBytes: Int
  let maxBodyBytes: Int
  /// How long the transfer may go without a byte moving either way.
  let silence: Duration
  private var headerBytes = 0

  /// The body received, handed over once: the sink holds it no more.
  func takeBody() -> [UInt8] {
    received.take()
  }

  /// Whether any of the answer (a header line at least) came.
  var receivedAnything: Bool { headerBytes > 0 }
  private var lastHeader: String?
  private var moved: (down: curl_off_t, up: curl_off_t) = (0, 0)
  private var lastMove = ContinuousClock.now

  /// A sink for a transfer about to start.
  init(maxHeaderBytes: Int, maxBodyBytes: Int, silence: Duration) {
    self.maxHeaderBytes = maxHeaderBytes
    self.maxBodyBytes = maxBodyBytes
    received = ReceivedBytes(capacity: maxBodyBytes)
    self.silence = silence
  }

  /// `CURLOPT_HEADERFUNCTION`: one whole header line per call, the status line of each response included.
  static let headerCallback: curl_write_callback = { data, size, count, context in
    guard let context, let bytes = buffer(data, size, count) else { return 0 }
    let sink = Unmanaged<TransferSink>.fromOpaque(context).takeUnretainedValue()
    return sink.receiveHeader(bytes) ? bytes.count : 0
  }

  /// `CURLOPT_WRITEFUNCTION`: the next piece of the body.
  static let bodyCallback: curl_write_callback = { data, size, count, context in
    guard let context, let bytes = buffer(data, size, count) else { return 0 }
    let sink = Unmanaged<TransferSink>.fromOpaque(context).takeUnretainedValue()
    return sink.receiveBody(bytes) ? bytes.count : 0
  }

  /// `CURLOPT_XFERINFOFUNCTION`: the byte counts so far, reported at least about once a second.
  static let progressCallback: curl_xferinfo_callback = { context, _, downloaded, _, uploaded in
    guard let context else { return 0 }
    let sink = Unmanaged<TransferSink>.fromOpaque(context).takeUnretainedValue()
    return sink.progress(downloaded: downloaded, uploaded: uploaded) ? 0 : 1
  }

  /// The bytes libcurl hands a callback (`size` is always 1, but the product is checked all the same).
  private static func buffer(
    _ data: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int
  ) -> UnsafeRawBufferPointer? {
    let (total, overflow) = size.multipliedReportingOverflow(by: count)
    guard !overflow else { return nil }
    guard total > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    return data.map { UnsafeRawBufferPointer(start: $0, count: total) }
  }

  private func progress(downloaded: curl_off_t, uploaded: curl_off_t) -> Bool {
    let now = ContinuousClock.now
    if (downloaded, uploaded) != moved {
      moved = (downloaded, uploaded)
      lastMove = now
    } else if now - lastMove > silence {
      stop = .silent
      return false
    }
    return true
  }

  private func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
    do {
      try received.append(bytes)
      return true
    } catch {
      stop = error == .full ? .bodyTooLarge : .noMemory
      return false
    }
  }

  private func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count <= maxHeaderBytes - headerBytes else {
      stop = .headersTooLong
      return false
    }
    headerBytes += bytes.count
    var line = bytes[...]
    while let last = line.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: "\n") { line.removeLast() }
    if line.starts(with: "HTTP/".utf8) {
      // A new response begins (after a 100 Continue or another interim one): only the last one's headers count.
      headers.removeAll()
      lastHeader = nil
    } else if let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
      // An obsolete folded continuation of the previous header.
      if let lastHeader, let value = headers[lastHeader] {
        headers[lastHeader] = value + " " + Self.text(Self.trimmed(line))
      }
    } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
      let name = Self.text(line[..<colon]).lowercased()
      let value = Self.text(Self.trimmed(line[(colon + 1)...]))
      headers[name] = headers[name].map { $0 + ", " + value } ?? value
      lastHeader = name
    }
    return true
  }

  private static func trimmed(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
    var bytes = bytes
    while let first = bytes.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { bytes.removeFirst() }
    while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { bytes.removeLast() }
    return bytes
  }

  private static func text(_ bytes: Slice<UnsafeRawBufferPointer>) -> String {
    String(decoding: bytes, as: UTF8.self)
  }
}

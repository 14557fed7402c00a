/// Splits iCalendar bytes into logical lines as they are read: CRLF, LF or a lone CR end a physical line; one
/// that starts with a space or a tab continues the line before (the fold is removed); an empty physical line
/// inside a fold (Mozilla writes them) is dropped. Only the line being assembled is held, so a file of any
/// size is read in the memory of its longest line.
struct ICSLineReader {
  /// The longest logical line read. Far beyond any real property (a base64 attachment of a few megabytes),
  /// and what keeps an endless source without line ends, such as `/dev/zero`, from being read for ever.
  static let maximumLineLength = 8 << 20
  static let chunkSize = 1 << 16

  /// How the file's bytes become text.
  let encoding: ICSEncoding

  /// Hands each logical line to `body` as UTF-8 bytes (decoded from the file's encoding), with the number of
  /// the physical line it starts on and, for UTF-8 files, whether its bytes are valid UTF-8. A byte-order
  /// mark at the start is left out.
  ///
  /// - Throws: `ICSError` for a line longer than ``maximumLineLength``; what `input` or `body` throw.
  func forEachLine<Input: ICSInput>(
    _ input: inout Input, _ body: (_ line: UnsafeBufferPointer<UInt8>, _ number: Int, _ isValid: Bool) throws -> Void
  ) throws {
    try input.rewind()
    var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
    // The line being assembled, in storage of its own: appended to by copying, emptied by forgetting.
    var line = LineBuffer()
    defer { line.free() }
    var decoded: [UInt8] = []
    var number = 0
    var physical = 0
    var haveLine = false
    var atStart = true
    var afterCR = false
    var isFirst = true

    func emit() throws {
      var bytes = line.bytes
      if isFirst {
        isFirst = false
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
          bytes = UnsafeBufferPointer(rebasing: bytes[3...])
        }
      }
      switch encoding {
      case .utf8: try body(bytes, number, ICSEncoding.isValidUTF8(bytes))
      case .windows1252, .latin1:
        decoded.removeAll(keepingCapacity: true)
        encoding.appendUTF8(of: bytes, to: &decoded)
        try decoded.withUnsafeBufferPointer { try body($0, number, true) }
      }
      line.count = 0
    }

    while true {
      let count = try chunk.withUnsafeMutableBytes { try input.read(into: $0) }
      guard count > 0 else { break }
      try chunk.withUnsafeBufferPointer { buffer in
        var index = 0
        while index < count {
          if afterCR {
            afterCR = false
            if buffer[index] == 0x0A {
              index += 1
              continue
            }
          }
          if atStart {
            let byte = buffer[index]
            if byte == 0x0D || byte == 0x0A {  // an empty physical line
              physical += 1
              afterCR = byte == 0x0D
              index += 1
              continue
            }
            physical += 1
            atStart = false
            if (byte == 0x20 || byte == 0x09) && haveLine {
              index += 1  // a fold: the line goes on without the space
            } else {
              if haveLine { try emit() }
              haveLine = true
              number = physical
            }
          }
          var end = index
          while end < count, buffer[end] > 0x0D || (buffer[end] != 0x0A && buffer[end] != 0x0D) { end += 1 }
          if end > index {
            guard line.count + (end - index) <= Self.maximumLineLength else {
              throw ICSError(
                line: number, "a line longer than \(Self.maximumLineLength >> 20) MiB: this is not an iCalendar file")
            }
            line.append(UnsafeBufferPointer(rebasing: buffer[index..<end]))
          }
          if end < count {
            atStart = true
            afterCR = buffer[end] == 0x0D
            index = end + 1
          } else {
            index = end
          }
        }
      }
    }
    if haveLine { try emit() }
  }

  /// Bytes that grow by copying and are emptied without being freed.
  private struct LineBuffer {
    private var storage = UnsafeMutablePointer<UInt8>.allocate(capacity: 1024)
    private var capacity = 1024
    var count = 0

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: count) }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
      if count + bytes.count > capacity {
        capacity = max(capacity * 2, count + bytes.count)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        larger.update(from: storage, count: count)
        storage.deallocate()
        storage = larger
      }
      (storage + count).update(from: bytes.baseAddress!, count: bytes.count)
      count += bytes.count
    }

    func free() {
      storage.deallocate()
    }
  }
}

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
  /// Whether each line's UTF-8 is checked (a second pass over a file the first has checked need not).
  var checksUTF8 = true

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
      case .utf8: try body(bytes, number, !checksUTF8 || ICSEncoding.isValidUTF8(bytes))
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

  /// A quicker reading of a UTF-8 file for a first look at it: only the logical lines `body` asks for are
  /// assembled and handed over (with the number of the line they start on). After each, `body` says whether
  /// every following line is wanted; otherwise only those whose first letter is one of `initials` (lower case).
  /// The UTF-8 of every byte is checked, folds taken out.
  ///
  /// - Returns: `false`, having stopped, at the first byte that is not UTF-8: the file is then to be read
  ///   line by line with ``forEachLine(_:_:)``, which says where and how to decode it.
  func forEachLine<Input: ICSInput>(
    _ input: inout Input, startingWith initials: [UInt8],
    _ body: (_ line: UnsafeBufferPointer<UInt8>, _ number: Int) throws -> Bool
  ) throws -> Bool {
    try input.rewind()
    var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
    var line = LineBuffer()
    defer { line.free() }
    var number = 0
    var physical = 0
    var haveLine = false
    var keep = false
    var keepAll = false
    /// The length of the logical line, kept or not.
    var length = 0
    var atStart = true
    var afterCR = false
    var isFirst = true
    var check = UTF8Check()

    func emit() throws {
      var bytes = line.bytes
      if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
        bytes = UnsafeBufferPointer(rebasing: bytes[3...])
      }
      keepAll = try body(bytes, number)
      line.count = 0
    }

    while true {
      let count = try chunk.withUnsafeMutableBytes { try input.read(into: $0) }
      guard count > 0 else { break }
      let valid = try chunk.withUnsafeBufferPointer { buffer -> Bool in
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
            if byte == 0x0D || byte == 0x0A {
              physical += 1
              afterCR = byte == 0x0D
              index += 1
              continue
            }
            physical += 1
            atStart = false
            if (byte == 0x20 || byte == 0x09) && haveLine {
              index += 1
            } else {
              // A character cut at the end of a logical line is not UTF-8.
              guard check.isComplete else { return false }
              if haveLine && keep { try emit() }
              haveLine = true
              number = physical
              length = 0
              // The first line may start with a byte-order mark: kept, and looked at without it.
              keep = keepAll || (isFirst && byte == 0xEF) || initials.contains(byte | 0x20)
              isFirst = false
            }
          }
          var end = index
          while end < count, buffer[end] > 0x0D || (buffer[end] != 0x0A && buffer[end] != 0x0D) { end += 1 }
          if end > index {
            let piece = UnsafeBufferPointer(rebasing: buffer[index..<end])
            guard check.take(piece) else { return false }
            length += piece.count
            guard length <= Self.maximumLineLength else {
              throw ICSError(
                line: number, "a line longer than \(Self.maximumLineLength >> 20) MiB: this is not an iCalendar file")
            }
            if keep { line.append(piece) }
          }
          if end < count {
            atStart = true
            afterCR = buffer[end] == 0x0D
            index = end + 1
          } else {
            index = end
          }
        }
        return true
      }
      guard valid else { return false }
    }
    guard check.isComplete else { return false }
    if haveLine && keep { try emit() }
    return true
  }

  /// UTF-8 checked as it comes, in pieces that may cut a character.
  private struct UTF8Check {
    /// Continuation bytes still expected, and the range the next one must be in.
    private var pending = 0
    private var low: UInt8 = 0x80
    private var high: UInt8 = 0xBF

    var isComplete: Bool { pending == 0 }

    /// Whether `bytes` go on as UTF-8.
    mutating func take(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      guard let base = bytes.baseAddress else { return true }
      let count = bytes.count
      var index = 0
      let raw = UnsafeRawPointer(base)
      while index < count {
        if pending == 0 {
          // ASCII, eight bytes at a time.
          while index + 8 <= count && raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
            index += 8
          }
          guard index < count else { break }
          let lead = bytes[index]
          index += 1
          if lead < 0x80 { continue }
          (low, high) = (0x80, 0xBF)
          switch lead {
          case 0xC2...0xDF: pending = 1
          case 0xE0: (pending, low) = (2, 0xA0)
          case 0xE1...0xEC, 0xEE...0xEF: pending = 2
          case 0xED: (pending, high) = (2, 0x9F)
          case 0xF0: (pending, low) = (3, 0x90)
          case 0xF1...0xF3: pending = 3
          case 0xF4: (pending, high) = (3, 0x8F)
          default: return false
          }
        } else {
          guard (low...high).contains(bytes[index]) else { return false }
          (low, high) = (0x80, 0xBF)
          pending -= 1
          index += 1
        }
      }
      return true
    }
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

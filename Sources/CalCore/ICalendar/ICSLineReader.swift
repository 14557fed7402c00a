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
    var splitter = Splitter()
    // The line being assembled, in storage of its own: appended to by copying, emptied by forgetting.
    var line = LineBuffer()
    defer { line.free() }
    var decoded: [UInt8] = []
    var isFirst = true

    func emit(_ number: Int) throws {
      var bytes = line.bytes
      if isFirst {
        isFirst = false
        bytes = Self.withoutByteOrderMark(bytes)
      }
      switch encoding {
      case .utf8: try body(bytes, number, !checksUTF8 || UTF8Check.isValid(bytes))
      case .windows1252, .latin1:
        decoded.removeAll(keepingCapacity: true)
        encoding.appendUTF8(of: bytes, to: &decoded)
        try decoded.withUnsafeBufferPointer { try body($0, number, true) }
      }
      line.count = 0
    }

    _ = try splitter.read(
      &input,
      starts: { _, previous in
        if let previous { try emit(previous) }
        return true
      },
      piece: { piece in
        line.append(piece)
        return true
      })
    if let last = splitter.lineNumber { try emit(last) }
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
    var splitter = Splitter()
    var line = LineBuffer()
    defer { line.free() }
    var keep = false
    var keepAll = false
    var isFirst = true
    var check = UTF8Check()

    func emit(_ number: Int) throws {
      keepAll = try body(Self.withoutByteOrderMark(line.bytes), number)
      line.count = 0
    }

    let valid = try splitter.read(
      &input,
      starts: { first, previous in
        // A character cut at the end of a logical line is not UTF-8.
        guard check.isComplete else { return false }
        if let previous, keep { try emit(previous) }
        // The first line may start with a byte-order mark: kept, and looked at without it.
        keep = keepAll || (isFirst && first == 0xEF) || initials.contains(first | 0x20)
        isFirst = false
        return true
      },
      piece: { piece in
        guard check.take(piece) else { return false }
        if keep { line.append(piece) }
        return true
      })
    guard valid && check.isComplete else { return false }
    if let last = splitter.lineNumber, keep { try emit(last) }
    return true
  }

  /// `bytes` without the UTF-8 byte-order mark they start with, if they do.
  private static func withoutByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    guard bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF else { return bytes }
    return UnsafeBufferPointer(rebasing: bytes[3...])
  }

  /// Where bytes read in chunks break into logical lines, what both readings share: CRLF, LF or a lone CR
  /// (also cut between two chunks) end a physical line; one that starts with a space or a tab continues the
  /// line before, without it; an empty physical line is dropped.
  private struct Splitter {
    /// The number of the physical line the logical line being read starts on; `nil` before the first.
    private(set) var lineNumber: Int?
    private var physical = 0
    /// The length of the logical line being read.
    private var length = 0
    private var atStart = true
    private var afterCR = false

    /// Reads `input` from its start. `starts` is called as each logical line starts, with its first byte and
    /// the number of the line before it (`nil` for the first); `piece` with each run of the line's bytes.
    /// Either returning `false` stops the reading, which then returns `false`.
    ///
    /// - Throws: `ICSError` for a line longer than ``ICSLineReader/maximumLineLength``; what `input`,
    ///   `starts` or `piece` throw.
    @inline(__always)
    mutating func read<Input: ICSInput>(
      _ input: inout Input, starts: (_ first: UInt8, _ previous: Int?) throws -> Bool,
      piece: (UnsafeBufferPointer<UInt8>) throws -> Bool
    ) throws -> Bool {
      try input.rewind()
      var chunk = [UInt8](repeating: 0, count: ICSLineReader.chunkSize)
      while true {
        let count = try chunk.withUnsafeMutableBytes { try input.read(into: $0) }
        guard count > 0 else { return true }
        let going = try chunk.withUnsafeBufferPointer {
          try take(UnsafeBufferPointer(rebasing: $0[..<count]), starts: starts, piece: piece)
        }
        guard going else { return false }
      }
    }

    @inline(__always)
    private mutating func take(
      _ buffer: UnsafeBufferPointer<UInt8>, starts: (_ first: UInt8, _ previous: Int?) throws -> Bool,
      piece: (UnsafeBufferPointer<UInt8>) throws -> Bool
    ) throws -> Bool {
      let count = buffer.count
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
          physical += 1
          if byte == 0x0D || byte == 0x0A {  // an empty physical line
            afterCR = byte == 0x0D
            index += 1
            continue
          }
          atStart = false
          if (byte == 0x20 || byte == 0x09) && lineNumber != nil {
            index += 1  // a fold: the line goes on without the space
          } else {
            guard try starts(byte, lineNumber) else { return false }
            lineNumber = physical
            length = 0
          }
        }
        let end = Self.lineEnd(buffer, from: index)
        if end > index {
          length += end - index
          guard length <= ICSLineReader.maximumLineLength else {
            throw ICSError(
              line: lineNumber ?? physical,
              "a line longer than \(ICSLineReader.maximumLineLength >> 20) MiB: this is not an iCalendar file")
          }
          guard try piece(UnsafeBufferPointer(rebasing: buffer[index..<end])) else { return false }
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

    /// Where the physical line going on at `start` ends: the index of its CR or LF, or the end of `buffer`.
    /// Eight bytes at a time: a byte test per byte was the most of reading a file's lines.
    @inline(__always)
    private static func lineEnd(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
      let count = buffer.count
      guard let base = buffer.baseAddress else { return count }
      let raw = UnsafeRawPointer(base)
      let ones: UInt64 = 0x0101_0101_0101_0101
      var index = start
      while true {
        while index + 8 <= count {
          // The top bit of a byte below 0x0E is set here (CR is 0x0D, LF 0x0A; a tab too, which is looked at
          // byte by byte and passed over). The lowest byte marked is always one below 0x0E.
          let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
          if (word &- ones &* 0x0E) & ~word & (ones &<< 7) != 0 { break }
          index += 8
        }
        let stop = min(index + 8, count)
        while index < stop {
          let byte = buffer[index]
          if byte == 0x0A || byte == 0x0D { return index }
          index += 1
        }
        if index >= count { return count }
      }
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

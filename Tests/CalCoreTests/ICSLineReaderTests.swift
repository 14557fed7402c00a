import Testing

@testable import CalCore

/// The line reader against a plain byte-by-byte reading of the same rules, over inputs made of the bytes its
/// eight-at-a-time search treats specially (CR, LF, tab, NUL, 0x0D-0x0E, a fold's space), of every length
/// around a word's, handed over in pieces of every size so that each falls on a word's and a piece's edge.
@Suite("iCalendar lines")
struct ICSLineReaderTests {
  /// Hands out `bytes` in pieces of the sizes `sizes` gives in turn (a file read through a pipe).
  struct PieceInput: ICSInput {
    let bytes: [UInt8]
    let sizes: [Int]
    var offset = 0
    var turn = 0

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
      let count = min(buffer.count, bytes.count - offset, sizes[turn % sizes.count])
      turn += 1
      guard count > 0 else { return 0 }
      bytes.withUnsafeBytes { source in
        buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
      }
      offset += count
      return count
    }

    mutating func rewind() {
      (offset, turn) = (0, 0)
    }
  }

  /// The logical lines of `bytes` and the physical line each starts on, one byte at a time: CRLF, LF or a
  /// lone CR end a line, an empty one is dropped, one starting with a space or tab goes on the line before.
  static func reference(_ bytes: [UInt8]) -> [(line: [UInt8], number: Int)] {
    var lines: [(line: [UInt8], number: Int)] = []
    var physical: [[UInt8]] = []
    var current: [UInt8] = []
    var index = 0
    var ended = false
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte == 0x0A || byte == 0x0D {
        physical.append(current)
        current = []
        if byte == 0x0D && index < bytes.count && bytes[index] == 0x0A { index += 1 }
        ended = true
      } else {
        current.append(byte)
        ended = false
      }
    }
    if !ended && !current.isEmpty { physical.append(current) }
    for (offset, text) in physical.enumerated() where !text.isEmpty {
      if (text[0] == 0x20 || text[0] == 0x09) && !lines.isEmpty {
        lines[lines.count - 1].line += text.dropFirst()
      } else {
        lines.append((text, offset + 1))
      }
    }
    return lines
  }

  /// What the reader hands over, reading `bytes` in pieces of `sizes`.
  static func read(_ bytes: [UInt8], sizes: [Int]) throws -> [(line: [UInt8], number: Int)] {
    var input = PieceInput(bytes: bytes, sizes: sizes)
    var lines: [(line: [UInt8], number: Int)] = []
    try ICSLineReader(encoding: .utf8).forEachLine(&input) { line, number, _ in lines.append((Array(line), number)) }
    return lines
  }

  /// What the first look hands over when it asks for every line.
  static func scan(_ bytes: [UInt8], sizes: [Int]) throws -> (valid: Bool, lines: [(line: [UInt8], number: Int)]) {
    var input = PieceInput(bytes: bytes, sizes: sizes)
    var lines: [(line: [UInt8], number: Int)] = []
    let valid = try ICSLineReader(encoding: .utf8).forEachLine(&input, startingWith: Array(0...255)) { line, number in
      lines.append((Array(line), number))
      return true
    }
    return (valid, lines)
  }

  static func expectSame(
    _ bytes: [UInt8], sizes: [Int], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let expected = reference(bytes)
    let read = try read(bytes, sizes: sizes)
    #expect(
      read.map(\.line) == expected.map(\.line) && read.map(\.number) == expected.map(\.number),
      "\(bytes) in pieces of \(sizes)", sourceLocation: sourceLocation)
    // The first look, asking for every line (by every first byte), stops at the first byte that is not UTF-8.
    let (valid, scanned) = try scan(bytes, sizes: sizes)
    #expect(valid, sourceLocation: sourceLocation)
    #expect(
      scanned.map(\.line) == expected.map(\.line) && scanned.map(\.number) == expected.map(\.number),
      "first look: \(bytes) in pieces of \(sizes)", sourceLocation: sourceLocation)
  }

  @Test("Lines of every length to 17 at the end, each end of line, in pieces of every size")
  func everyLengthAtTheEnd() throws {
    let ends: [[UInt8]] = [[], [0x0A], [0x0D], [0x0D, 0x0A], [0x0A, 0x0A], [0x0D, 0x0D, 0x0A], [0x0D, 0x0A, 0x20]]
    for length in 0...17 {
      let body = (0..<length).map { UInt8(0x41 + $0 % 26) }
      for end in ends {
        for prefix in [[], Array("X:1\r\n".utf8), Array("X:1\r\n Y\r\n".utf8)] {
          let bytes = prefix + body + end
          for size in [1, 2, 3, 7, 8, 9, 15, 16, 17, 1 << 16] { try Self.expectSame(bytes, sizes: [size]) }
        }
      }
    }
  }

  @Test("The bytes around 0x0D, tabs and NULs at every place of an eight-byte word")
  func specialBytesAtEveryPlace() throws {
    let specials: [UInt8] = [0x00, 0x09, 0x0A, 0x0C, 0x0D, 0x0E, 0x20, 0x8D, 0x7F]
    for position in 0..<18 {
      for special in specials {
        for second in [nil, 0x0A, 0x0D, 0x20] as [UInt8?] {
          var bytes = Array(repeating: UInt8(ascii: "a"), count: 20)
          bytes[position] = special
          if let second { bytes[position + 1] = second }
          // 0x8D is not ASCII: as a line's only odd byte it is not UTF-8, which the first look stops at.
          if special == 0x8D {
            #expect(try Self.read(bytes, sizes: [8]).count == Self.reference(bytes).count)
            continue
          }
          for sizes in [[1 << 16], [8], [5, 3], [9], [1, 7], [13]] { try Self.expectSame(bytes, sizes: sizes) }
        }
      }
    }
  }

  @Test("Random lines of the special bytes, in random pieces")
  func randomBytes() throws {
    var generator = RecurrenceRuleLimitTests.Generator(state: 509)
    let alphabet: [UInt8] = [0x0A, 0x0D, 0x0D, 0x0A, 0x09, 0x20, 0x00, 0x0E, 0x0C, 0x41, 0x42, 0x3A, 0x3B]
    for _ in 0..<3000 {
      let count = Int(generator.next() % 40)
      let bytes = (0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
      let sizes = (0..<3).map { _ in 1 + Int(generator.next() % 17) }
      try Self.expectSame(bytes, sizes: sizes)
    }
  }
}

/// The tokens of a netrc file: runs of non-space bytes, or double-quoted strings with `\` escapes;
/// `#` at the start of a token comments out the rest of the line.
struct NetrcTokens {
  private let bytes: [UInt8]
  private var position = 0

  init(_ text: String) {
    bytes = Array(text.utf8)
  }

  mutating func next() -> String? {
    while position < bytes.count {
      let byte = bytes[position]
      if Self.isSpace(byte) {
        position += 1
      } else if byte == UInt8(ascii: "#") {
        while position < bytes.count, bytes[position] != 0x0A { position += 1 }
      } else {
        break
      }
    }
    guard position < bytes.count else { return nil }
    var token: [UInt8] = []
    if bytes[position] == UInt8(ascii: "\"") {
      position += 1
      while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
        if bytes[position] == UInt8(ascii: "\\"), position + 1 < bytes.count {
          position += 1
        }
        token.append(bytes[position])
        position += 1
      }
      position += 1
    } else {
      while position < bytes.count, !Self.isSpace(bytes[position]) {
        token.append(bytes[position])
        position += 1
      }
    }
    return String(decoding: token, as: UTF8.self)
  }

  /// Skips a `macdef` body: everything up to an empty line.
  mutating func skipMacro() {
    while position < bytes.count, bytes[position] != 0x0A { position += 1 }
    while position < bytes.count {
      position += 1
      if position < bytes.count, bytes[position] == 0x0A || starts(blankLineAt: position) { return }
      while position < bytes.count, bytes[position] != 0x0A { position += 1 }
    }
  }

  private func starts(blankLineAt index: Int) -> Bool {
    bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
  }
}

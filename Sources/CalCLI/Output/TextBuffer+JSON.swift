import CalCore

/// JSON written straight into the buffer: `list --json` writes thousands of objects, and building each as a
/// ``JSONValue`` first (arrays of members, a String per value) cost three times the text listing.
extension TextBuffer {
  /// `"text"`, with RFC 8259's escapes: quotes, backslashes and every control character; also the C1
  /// controls (U+0080 to U+009F), which a terminal may obey, and U+2028 and U+2029, for JavaScript's sake.
  mutating func append(jsonString string: String) {
    var string = string
    string.withUTF8 { bytes in
      // Most strings need no escaping at all: their bytes go in whole. 0xC2 leads the C1 controls and 0xE2
      // U+2028 and U+2029 (and much else, written as it is below).
      var plain = true
      for byte in bytes
      where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || byte == 0xC2
        || byte == 0xE2
      {
        plain = false
        break
      }
      append(byte: UInt8(ascii: "\""))
      if plain {
        append(bytes: bytes)
      } else {
        appendEscaped(bytes)
      }
      append(byte: UInt8(ascii: "\""))
    }
  }

  /// A string, or `null` when absent.
  mutating func append(jsonString string: String?) {
    if let string { append(jsonString: string) } else { append(literal: "null") }
  }

  /// `"YYYY-MM-DD"`.
  mutating func append(jsonDate date: CivilDate) {
    write(atMost: 28) { cursor in
      cursor.put(UInt8(ascii: "\""))
      cursor.put(date: date)
      cursor.put(UInt8(ascii: "\""))
    }
  }

  /// `"2024-05-12T14:30:00+02:00"`: the instant on `zone`'s clocks, as ``ZoneInfo/iso8601(atUnixMilliseconds:)``
  /// writes it.
  mutating func append(jsonTimestamp milliseconds: Int64, zone: ZoneInfo) {
    let (held, offset) = zone.writable(unixMilliseconds: milliseconds)
    write(atMost: LocalDateTime.iso8601Count + 2) { cursor in
      cursor.put(UInt8(ascii: "\""))
      cursor.put(iso8601: held, utcOffsetSeconds: offset)
      cursor.put(UInt8(ascii: "\""))
    }
  }

  /// The bytes of valid UTF-8 text, escaped; `bytes` cannot end inside a character.
  private mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""): append(literal: "\\\"")
      case UInt8(ascii: "\\"): append(literal: "\\\\")
      case UInt8(ascii: "\n"): append(literal: "\\n")
      case UInt8(ascii: "\r"): append(literal: "\\r")
      case UInt8(ascii: "\t"): append(literal: "\\t")
      case 0x08: append(literal: "\\b")
      case 0x0C: append(literal: "\\f")
      case 0x00..<0x20, 0x7F: appendUnicodeEscape(UInt32(byte))
      case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
        appendUnicodeEscape(UInt32(bytes[index + 1]))
        index += 1
      case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (0xA8...0xA9).contains(bytes[index + 2]):
        appendUnicodeEscape(0x2000 | UInt32(bytes[index + 2] & 0x3F))
        index += 2
      default: append(byte: byte)
      }
      index += 1
    }
  }

  /// `\uXXXX` for a scalar below U+10000, in lowercase hex.
  private mutating func appendUnicodeEscape(_ value: UInt32) {
    write(atMost: 6) { cursor in
      cursor.put(UInt8(ascii: "\\"))
      cursor.put(UInt8(ascii: "u"))
      for shift in stride(from: 12, through: 0, by: -4) {
        let digit = UInt8(truncatingIfNeeded: (value >> UInt32(shift)) & 0xF)
        cursor.put(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
      }
    }
  }
}

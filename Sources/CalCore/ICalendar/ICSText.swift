/// TEXT values.
public enum ICSText {
  /// `\\n` and `\\N` to a line feed, `\\,` `\\;` `\\\\` to themselves; a backslash before anything else is kept
  /// as written. Byte by byte (an escape is two ASCII octets), into a string of the same length at most.
  public static func unescaped(_ value: String) -> String {
    guard value.containsByte(0x5C) else { return value }
    var value = value
    return value.withUTF8 { bytes in
      String(unsafeUninitializedCapacity: bytes.count) { output in
        var count = 0
        var index = 0
        while index < bytes.count {
          var byte = bytes[index]
          index += 1
          if byte == 0x5C && index < bytes.count {
            let next = bytes[index]
            switch next {
            case 0x6E, 0x4E:
              byte = 0x0A
              index += 1
            case 0x5C, 0x3B, 0x2C:
              byte = next
              index += 1
            default: break  // not an escape RFC 5545 knows: the backslash stays, and what follows it
            }
          }
          output[count] = byte
          count += 1
        }
        return count
      }
    }
  }

  /// The reverse, for writing.
  public static func escaped(_ text: String) -> String {
    var bytes: [UInt8] = []
    appendEscaped(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `text` escaped to `output`: `\\`, `;` and `,` with a backslash before them, line ends (LF, CRLF
  /// or CR) as `\\n`. Other control characters (but for tab) are left out: RFC 5545 allows none in text, and
  /// readers refuse a line that holds one.
  static func appendEscaped(_ text: String, to output: inout [UInt8]) {
    var text = text
    text.withUTF8 { bytes in
      // Runs of bytes that stay as they are (most text is one run) are copied whole, the bytes between them
      // looked at one at a time.
      var run = 0
      var index = 0
      while index < bytes.count {
        // Eight bytes at a time while none of them needs a look.
        while index + 8 <= bytes.count,
          !wordNeedsLook(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
        {
          index += 8
        }
        guard index < bytes.count else { break }
        let byte = bytes[index]
        if !Self.needsLook(byte) {
          index += 1
          continue
        }
        if run < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<index])) }
        index += 1
        switch byte {
        case 0x5C, 0x3B, 0x2C:
          output.append(0x5C)
          output.append(byte)
        case 0x0D:
          output.append(0x5C)
          output.append(0x6E)
        case 0x0A where index < 2 || bytes[index - 2] != 0x0D:  // CRLF is one line end, written at the CR
          output.append(0x5C)
          output.append(0x6E)
        case 0x09: output.append(byte)
        // C1 controls (U+0080 to U+009F) are C2 80 to C2 9F in UTF-8: both bytes left out.
        case 0xC2 where index < bytes.count && (0x80...0x9F).contains(bytes[index]): index += 1
        case 0xC2: output.append(byte)
        default: break  // other controls are left out
        }
        run = index
      }
      if run < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...])) }
    }
  }

  /// Whether any of the eight bytes of `word` may be one that ``needsLook(_:)``: never false when one is
  /// (now and then true when none is, past a byte that is).
  @inline(__always)
  private static func wordNeedsLook(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    // The high bit of each byte lane that is zero; of a byte below 0x20 for the first.
    func zeros(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
    let below = (word &- ones &* 0x20) & ~word & highs
    let found =
      below | zeros(word ^ (ones &* 0x5C)) | zeros(word ^ (ones &* 0x3B)) | zeros(word ^ (ones &* 0x2C))
      | zeros(word ^ (ones &* 0x7F)) | zeros(word ^ (ones &* 0xC2))
    return found != 0
  }

  /// Whether `byte` is one ``appendEscaped(_:to:)`` does not copy as it is: `\\`, `;`, `,`, a control
  /// character (tab too, which stays) or the lead byte of a C1 control.
  @inline(__always)
  private static func needsLook(_ byte: UInt8) -> Bool {
    // One bit for each byte below 0x80: 0x00 to 0x1F, `,` (0x2C), `;` (0x3B); `\\` (0x5C), DEL (0x7F).
    let low: UInt64 = 0x0800_1000_FFFF_FFFF
    let high: UInt64 = 0x8000_0000_1000_0000
    switch byte {
    case 0..<64: return low >> byte & 1 != 0
    case 64..<128: return high >> (byte - 64) & 1 != 0
    default: return byte == 0xC2
    }
  }
}

extension String {
  /// Whether the string is empty or all white space, ASCII looked at byte by byte.
  var isBlank: Bool {
    var text = self
    let ascii = text.withUTF8 { bytes -> Bool? in
      for byte in bytes {
        if byte >= 0x80 { return nil }
        if byte != 0x20 && !(0x09...0x0D).contains(byte) { return false }
      }
      return true
    }
    return ascii ?? allSatisfy(\.isWhitespace)
  }
}

/// The character encoding of an iCalendar file: UTF-8, as RFC 5545 requires, or the code page a file that
/// is not UTF-8 names in a CHARSET parameter.
public enum ICSEncoding: Sendable {
  /// UTF-8 (with or without a byte-order mark).
  case utf8
  /// Windows-1252, as Outlook writes text that is not UTF-8.
  case windows1252
  /// ISO-8859-1.
  case latin1

  /// Appends `bytes`, in this encoding, to `output` as UTF-8.
  func appendUTF8(of bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    for byte in bytes {
      guard byte >= 0x80 else {
        output.append(byte)
        continue
      }
      let scalar =
        self == .windows1252 && byte <= 0x9F ? Windows1252.characters[Int(byte) - 0x80] : Unicode.Scalar(byte)
      output.append(contentsOf: UTF8.encode(scalar)!)
    }
  }

  /// Whether `bytes` are well-formed UTF-8: no stray continuation bytes, no overlong forms, no surrogates,
  /// nothing beyond U+10FFFF. Lines of ASCII, almost all of them, are passed eight bytes at a time.
  static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    var index = 0
    let raw = UnsafeRawPointer(base)
    while index + 8 <= count {
      if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
      index += 8
    }
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        high = 0x9F
      case 0xF0:
        length = 4
        low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        high = 0x8F
      default: return false
      }
      guard index + length <= count, (low...high).contains(bytes[index + 1]) else { return false }
      for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return false }
      index += length
    }
    return true
  }
}

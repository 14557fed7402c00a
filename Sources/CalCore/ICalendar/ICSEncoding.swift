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
}

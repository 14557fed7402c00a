/// Whether a text contains what is searched for, ignoring case in every script: `Müller` finds `müller`.
///
/// The meaning is `text.lowercased().contains(needle.lowercased())`, compared as Characters (canonical
/// equivalence, `\r\n` one character). A search of 100,000 events made that comparison for every title, note
/// and location, most of a second; when the needle and a text are both ASCII (and the needle has no line
/// break, which could be half of a `\r\n`) bytes compare exactly as Characters do, and that is how they are
/// compared.
public struct TextSearch: Sendable {
  /// What is searched for, lowercased.
  public let needle: String
  /// The needle's bytes, when the byte comparison can stand for the Character one.
  private let asciiNeedle: [UInt8]?

  /// A search for `text`.
  public init(_ text: String) {
    needle = text.lowercased()
    let bytes = Array(needle.utf8)
    asciiNeedle =
      bytes.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") } ? bytes : nil
  }

  /// Whether `text` contains the needle.
  public func matches(_ text: String) -> Bool {
    if asciiNeedle != nil {
      var text = text
      if let found = text.withUTF8({ matchesASCII($0) }) { return found }
    }
    return text.lowercased().contains(needle)
  }

  /// Whether the UTF-8 text `bytes` contains the needle (bytes that are not UTF-8 are read as `String`
  /// reads them, each as U+FFFD).
  public func matches(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    if asciiNeedle != nil, let found = matchesASCII(bytes) { return found }
    return String(decoding: bytes, as: UTF8.self).lowercased().contains(needle)
  }

  /// The answer for ASCII `bytes` and an ASCII needle; `nil` when either is not ASCII.
  private func matchesASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    guard let asciiNeedle else { return nil }
    var isASCII = true
    for byte in bytes where byte >= 0x80 {
      isASCII = false
      break
    }
    guard isASCII else { return nil }
    let count = asciiNeedle.count
    guard count > 0 else { return true }
    guard bytes.count >= count else { return false }
    return asciiNeedle.withUnsafeBufferPointer { needle in
      let first = needle[0]
      var start = 0
      let lastStart = bytes.count - count
      while start <= lastStart {
        if Self.lower(bytes[start]) == first {
          var index = 1
          while index < count && Self.lower(bytes[start + index]) == needle[index] { index += 1 }
          if index == count { return true }
        }
        start += 1
      }
      return false
    }
  }

  @inline(__always)
  private static func lower(_ byte: UInt8) -> UInt8 {
    byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
  }
}

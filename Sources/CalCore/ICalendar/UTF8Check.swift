/// UTF-8 checked as it comes, in pieces that may cut a character: no stray continuation bytes, no overlong
/// forms, no surrogates, nothing beyond U+10FFFF. Runs of ASCII, almost all of a file, are passed eight bytes
/// at a time.
struct UTF8Check {
  /// Whether `bytes` are well-formed UTF-8, whole (no character cut at their end).
  static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var check = UTF8Check()
    return check.take(bytes) && check.isComplete
  }
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
        while index + 8 <= count
          && raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        {
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

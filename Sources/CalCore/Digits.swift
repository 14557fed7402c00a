/// The value of a run of ASCII digits, or `nil` when `text` holds anything else or has the wrong length.
func parseDigits(_ text: Substring, minimumCount: Int, maximumCount: Int = 9) -> Int? {
  guard (minimumCount...maximumCount).contains(text.utf8.count) else { return nil }
  var value = 0
  for byte in text.utf8 {
    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
    value = value * 10 + Int(byte - UInt8(ascii: "0"))
  }
  return value
}

/// `value` (not negative) in decimal, zero-padded on the left to `width` digits. Written straight into
/// the string's storage: dates are printed by the thousand in a long listing.
func pad(_ value: Int, _ width: Int) -> String {
  var digits = 1
  var rest = value / 10
  while rest > 0 {
    digits += 1
    rest /= 10
  }
  let count = max(digits, width)
  return String(unsafeUninitializedCapacity: count) { buffer in
    var remaining = value
    for index in stride(from: count - 1, through: 0, by: -1) {
      buffer[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
      remaining /= 10
    }
    return count
  }
}

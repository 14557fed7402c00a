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

/// `value` in decimal, zero-padded on the left to `width` digits.
func pad(_ value: Int, _ width: Int) -> String {
  let digits = String(value)
  return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

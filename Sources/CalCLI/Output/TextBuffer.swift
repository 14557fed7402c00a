import CalCore

/// Output built as UTF-8 bytes: a month of a busy calendar is thousands of lines, and appending bytes costs
/// a fraction of growing a String piece by piece.
struct TextBuffer {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  /// The text so far.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// How many bytes there are so far.
  var count: Int { bytes.count }

  mutating func append(_ text: String) {
    if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
      bytes.append(contentsOf: text.utf8)
    }
  }

  /// A literal, straight from its static bytes.
  mutating func append(literal text: StaticString) {
    let start = text.utf8Start
    for index in 0..<text.utf8CodeUnitCount { bytes.append(start[index]) }
  }

  /// Empties the buffer, keeping its room for what comes next.
  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
  }

  mutating func append(byte: UInt8) {
    bytes.append(byte)
  }

  /// `YYYY-MM-DD`.
  mutating func append(date: CivilDate) {
    let year = date.year
    if year > 9999 {
      append(digits: year, width: 4)
    } else {
      append(digit: year / 1000)
      append(digit: year / 100 % 10)
      append(digit: year / 10 % 10)
      append(digit: year % 10)
    }
    bytes.append(UInt8(ascii: "-"))
    append(twoDigits: date.month)
    bytes.append(UInt8(ascii: "-"))
    append(twoDigits: date.day)
  }

  /// `HH:MM` for minutes after midnight.
  mutating func append(clock minutes: Int) {
    append(twoDigits: minutes / 60)
    bytes.append(UInt8(ascii: ":"))
    append(twoDigits: minutes % 60)
  }

  private mutating func append(digit: Int) {
    bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digit))
  }

  private mutating func append(twoDigits value: Int) {
    append(digit: value / 10)
    append(digit: value % 10)
  }

  /// A whole number of 64 bits, such as an id.
  mutating func append(digits value: Int64) {
    if let small = Int(exactly: value), small > Int.min { append(digits: small) } else { append(String(value)) }
  }

  /// A whole number, at least `width` digits (zero-padded).
  mutating func append(digits value: Int, width: Int = 1) {
    var magnitude = value < 0 ? -value : value
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var count = 1
    var probe = magnitude / 10
    while probe > 0 {
      count += 1
      probe /= 10
    }
    count = max(count, width)
    // Room first, then the digits from the right: no temporary array.
    let end = bytes.count + count
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
    var index = end - 1
    while magnitude > 0 {
      bytes[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
      magnitude /= 10
      index -= 1
    }
  }

  /// Spaces up to `width` bytes after `start` (for ASCII columns).
  mutating func pad(from start: Int, to width: Int) {
    for _ in (bytes.count - start)..<max(width, bytes.count - start) { bytes.append(UInt8(ascii: " ")) }
  }
}

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
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
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
    guard (0...9999).contains(year) else {
      append(digits: year, width: 4)
      bytes.append(UInt8(ascii: "-"))
      return append(monthAndDay: date)
    }
    // Ten bytes written at once: a listing writes a date on every line.
    let zero = UInt8(ascii: "0")
    let dash = UInt8(ascii: "-")
    let digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
      zero &+ UInt8(truncatingIfNeeded: year / 1000), zero &+ UInt8(truncatingIfNeeded: year / 100 % 10),
      zero &+ UInt8(truncatingIfNeeded: year / 10 % 10), zero &+ UInt8(truncatingIfNeeded: year % 10), dash,
      zero &+ UInt8(truncatingIfNeeded: date.month / 10), zero &+ UInt8(truncatingIfNeeded: date.month % 10), dash,
      zero &+ UInt8(truncatingIfNeeded: date.day / 10), zero &+ UInt8(truncatingIfNeeded: date.day % 10)
    )
    withUnsafeBytes(of: digits) { bytes.append(contentsOf: $0) }
  }

  private mutating func append(monthAndDay date: CivilDate) {
    append(twoDigits: date.month)
    bytes.append(UInt8(ascii: "-"))
    append(twoDigits: date.day)
  }

  /// `HH:MM` for minutes after midnight.
  mutating func append(clock minutes: Int) {
    let zero = UInt8(ascii: "0")
    let (hours, rest) = (minutes / 60, minutes % 60)
    let digits: (UInt8, UInt8, UInt8, UInt8, UInt8) = (
      zero &+ UInt8(truncatingIfNeeded: hours / 10), zero &+ UInt8(truncatingIfNeeded: hours % 10), UInt8(ascii: ":"),
      zero &+ UInt8(truncatingIfNeeded: rest / 10), zero &+ UInt8(truncatingIfNeeded: rest % 10)
    )
    withUnsafeBytes(of: digits) { bytes.append(contentsOf: $0) }
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

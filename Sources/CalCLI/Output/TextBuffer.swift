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
    bytes.append(contentsOf: text.utf8)
  }

  mutating func append(byte: UInt8) {
    bytes.append(byte)
  }

  /// `YYYY-MM-DD`.
  mutating func append(date: CivilDate) {
    append(digits: date.year, width: 4)
    bytes.append(UInt8(ascii: "-"))
    append(digits: date.month, width: 2)
    bytes.append(UInt8(ascii: "-"))
    append(digits: date.day, width: 2)
  }

  /// `HH:MM` for minutes after midnight.
  mutating func append(clock minutes: Int) {
    append(digits: minutes / 60, width: 2)
    bytes.append(UInt8(ascii: ":"))
    append(digits: minutes % 60, width: 2)
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

import CalCore

/// Writes bytes into room a ``TextBuffer`` has made for them (see ``TextBuffer/write(atMost:_:)``): a line's
/// short pieces (dates, times, numbers) go in one after the other with no check of room between them, which
/// in a listing of thousands of lines costs more than the pieces themselves.
struct ByteCursor {
  /// Where the next byte goes.
  private(set) var position: UnsafeMutablePointer<UInt8>

  init(_ position: UnsafeMutablePointer<UInt8>) {
    self.position = position
  }

  mutating func put(_ byte: UInt8) {
    position.pointee = byte
    position += 1
  }

  /// Bytes as they are.
  mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    position.update(from: source, count: bytes.count)
    position += bytes.count
  }

  /// The first `count` bytes of `words` (as they lie in memory), after storing all 24 of them: the room
  /// made must reach 24 bytes past the cursor.
  mutating func put(words: (UInt64, UInt64, UInt64), count: Int) {
    let target = UnsafeMutableRawPointer(position)
    target.storeBytes(of: words.0, as: UInt64.self)
    target.storeBytes(of: words.1, toByteOffset: 8, as: UInt64.self)
    target.storeBytes(of: words.2, toByteOffset: 16, as: UInt64.self)
    position += count
  }

  /// A literal, straight from its static bytes.
  mutating func put(_ literal: StaticString) {
    put(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  /// `count` spaces (none when it is not above zero).
  mutating func put(spaces count: Int) {
    guard count > 0 else { return }
    position.update(repeating: UInt8(ascii: " "), count: count)
    position += count
  }

  /// `YYYY-MM-DD`: 10 bytes, at most 26 for a year beyond four digits.
  mutating func put(date: CivilDate) {
    let year = date.year
    if _fastPath((0...9999).contains(year)) {
      put(twoDigits: year / 100)
      put(twoDigits: year % 100)
    } else {
      put(digits: year, width: 4)
    }
    put(UInt8(ascii: "-"))
    put(twoDigits: date.month)
    put(UInt8(ascii: "-"))
    put(twoDigits: date.day)
  }

  /// ``LocalDateTime/iso8601(unixMilliseconds:utcOffsetSeconds:)``'s 25 bytes.
  mutating func put(iso8601 milliseconds: Int64, utcOffsetSeconds: Int) {
    LocalDateTime.writeISO8601(unixMilliseconds: milliseconds, utcOffsetSeconds: utcOffsetSeconds, to: position)
    position += LocalDateTime.iso8601Count
  }

  /// `HH:MM` for minutes after midnight (0 to 1439): 5 bytes.
  mutating func put(clock minutes: Int) {
    let minutes = UInt(truncatingIfNeeded: minutes)
    put(pair: minutes / 60)
    put(UInt8(ascii: ":"))
    put(pair: minutes % 60)
  }

  /// `9:30am`, `12:00pm`, `12:15am` for minutes after midnight (0 to 1439): 6 or 7 bytes.
  mutating func put(twelveHourClock minutes: Int) {
    let minutes = UInt(truncatingIfNeeded: minutes)
    let hour = minutes / 60
    let dial = hour % 12 == 0 ? 12 : hour % 12
    if dial >= 10 {
      put(pair: dial)
    } else {
      put(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: dial))
    }
    put(UInt8(ascii: ":"))
    put(pair: minutes % 60)
    put(UInt8(ascii: hour < 12 ? "a" : "p"))
    put(UInt8(ascii: "m"))
  }

  /// A space before the text written from `start` on when it starts with a one-digit hour (`9:30am` becomes
  /// ` 9:30am`), so that the hours of a column line up: one more byte, or none.
  mutating func alignHour(from start: UnsafeMutablePointer<UInt8>) {
    let count = position - start
    guard count >= 2, start[1] == UInt8(ascii: ":") else { return }
    // The regions overlap: copyMemory moves them as memmove does.
    UnsafeMutableRawPointer(start + 1).copyMemory(from: start, byteCount: count)
    start.pointee = UInt8(ascii: " ")
    position += 1
  }

  /// `value` (0 to 99) as two decimal digits.
  mutating func put(twoDigits value: Int) {
    put(pair: UInt(truncatingIfNeeded: value))
  }

  @inline(__always)
  private mutating func put(pair value: UInt) {
    let tens = value / 10
    position[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens)
    position[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value &- tens &* 10)
    position += 2
  }

  /// A whole number, at least `width` digits (zero-padded): at most 20 bytes, or `width` and a sign.
  mutating func put(digits value: Int, width: Int = 1) {
    // The magnitude as unsigned: Int.min has none as a signed number.
    var rest = value < 0 ? 0 &- UInt(bitPattern: value) : UInt(bitPattern: value)
    if value < 0 { put(UInt8(ascii: "-")) }
    var count = 1
    var probe = rest / 10
    while probe > 0 {
      count &+= 1
      probe /= 10
    }
    count = max(count, width)
    var index = count
    while index > 0 {
      index &-= 1
      position[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
      rest /= 10
    }
    position += count
  }
}

import CalCore

/// Output built as UTF-8 bytes: a month of a busy calendar is thousands of lines, and appending bytes costs
/// a fraction of growing a String piece by piece. The bytes are written straight into memory the buffer
/// owns: an array's `append(contentsOf:)` costs a hundred instructions or so for every piece, more than
/// writing a whole date.
struct TextBuffer {
  /// The memory, shared by copies of the buffer until one of them writes (copy on write, as arrays do).
  private final class Storage {
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int

    init(capacity: Int) {
      self.capacity = capacity
      base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }
  }

  private var storage: Storage
  /// How many bytes there are so far.
  private(set) var count = 0

  init(capacity: Int) {
    storage = Storage(capacity: max(capacity, 16))
  }

  /// The text so far.
  var text: String { withBytes { String(decoding: $0, as: UTF8.self) } }

  /// Calls `body` with the bytes so far.
  func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try body(UnsafeRawBufferPointer(start: storage.base, count: count))
  }

  /// `count` bytes from byte `start` on, where they are: valid until the buffer next changes.
  func unsafeBytes(from start: Int, count: Int) -> UnsafeBufferPointer<UInt8> {
    precondition(start >= 0 && count >= 0 && start <= self.count - count, "bytes beyond the buffer's")
    return UnsafeBufferPointer(start: storage.base + start, count: count)
  }

  /// Makes room for `limit` more bytes and lets `body` write up to that many through a cursor: pieces written
  /// together take one check of room, not one each.
  @inline(__always)
  mutating func write(atMost limit: Int, _ body: (inout ByteCursor) -> Void) {
    if _slowPath(!isKnownUniquelyReferenced(&storage) || storage.capacity - count < limit) { grow(limit) }
    let start = storage.base + count
    var cursor = ByteCursor(start)
    body(&cursor)
    let written = cursor.position - start
    assert((0...limit).contains(written), "wrote past the room made")
    count &+= written
  }

  /// Moves the bytes to memory of their own with room for `needed` more (and as much again, so that growing
  /// costs little over a long listing).
  private mutating func grow(_ needed: Int) {
    let wanted = count + needed
    let capacity = storage.capacity >= wanted ? storage.capacity : max(wanted, storage.capacity * 2)
    let moved = Storage(capacity: capacity)
    moved.base.update(from: storage.base, count: count)
    storage = moved
  }

  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { append(bytes: $0) }
  }

  /// Bytes as they are.
  @inline(__always)
  mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
    write(atMost: bytes.count) { $0.put(bytes) }
  }

  /// A literal, straight from its static bytes.
  @inline(__always)
  mutating func append(literal text: StaticString) {
    write(atMost: text.utf8CodeUnitCount) { $0.put(text) }
  }

  /// Empties the buffer, keeping its room for what comes next.
  mutating func removeAll() {
    count = 0
  }

  @inline(__always)
  mutating func append(byte: UInt8) {
    write(atMost: 1) { $0.put(byte) }
  }

  /// A whole number of 64 bits, such as an id.
  mutating func append(digits value: Int64) {
    write(atMost: 20) { $0.put(digits: Int(value)) }
  }
}

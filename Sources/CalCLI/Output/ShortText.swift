/// A few bytes of text kept by value (at most ``capacity``): a date or a time that the next lines of a
/// listing print again, copied rather than worked out again.
struct ShortText {
  /// The most bytes it holds.
  static let capacity = 24
  private var storage: (UInt64, UInt64, UInt64) = (0, 0, 0)
  /// How many bytes it holds.
  private(set) var count = 0

  /// No text.
  init() {}

  /// The bytes from `start` up to `end`, at most ``capacity`` of them (`nil` for more).
  init?(from start: UnsafeMutablePointer<UInt8>, to end: UnsafeMutablePointer<UInt8>) {
    let count = end - start
    guard (0...Self.capacity).contains(count) else { return nil }
    withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: UnsafeRawBufferPointer(start: start, count: count)) }
    self.count = count
  }

  /// Writes the text. All ``capacity`` bytes are stored, in three words (no copy of memory is called for),
  /// and the cursor moves on by ``count``: the room made must reach ``capacity`` bytes past the cursor.
  func put(into line: inout ByteCursor) {
    line.put(words: storage, count: count)
  }
}

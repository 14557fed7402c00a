/// Bytes written again and again, kept by a key: the title of an event, which each of its occurrences
/// prints. Direct-mapped (one place per key, a newcomer takes an older key's place) and emptied when it
/// fills, so that a listing of centuries holds no more than a few kilobytes; the bytes of all the keys lie
/// in one buffer, so that keeping one costs no allocation of its own.
struct TextCache {
  private struct Place {
    var key = Int64.min
    var start = 0
    var count = 0
  }

  private static let places = 512
  private static let byteLimit = 1 << 15
  /// Made at the first use: a writer of one line never needs them.
  private var places: [Place] = []
  private var bytes = TextBuffer(capacity: 0)

  /// The bytes kept for `key`, which `make` writes first when there are none. They stay where they are
  /// until the next call.
  mutating func bytes(for key: Int64, make: (inout TextBuffer) -> Void) -> UnsafeBufferPointer<UInt8> {
    if places.isEmpty { places = [Place](repeating: Place(), count: Self.places) }
    let index = Int(truncatingIfNeeded: key) & (Self.places - 1)
    var place = places[index]
    // Int64.min marks an empty place, so a key of that value is never found.
    if place.key != key || key == Int64.min {
      if bytes.count >= Self.byteLimit { empty() }
      let start = bytes.count
      make(&bytes)
      place = Place(key: key, start: start, count: bytes.count - start)
      places[index] = place
    }
    return bytes.unsafeBytes(from: place.start, count: place.count)
  }

  private mutating func empty() {
    bytes.removeAll()
    for index in places.indices { places[index] = Place() }
  }
}

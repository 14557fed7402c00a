/// A 64-bit FNV-1a hash of text: what the sync engine remembers of an event's state to tell whether it
/// changed since (not a defence against anyone forging a collision: it hashes the user's own data).
public enum ContentHash {
  /// The hash of `text`'s UTF-8 bytes.
  public static func of(_ text: String) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return Int64(bitPattern: hash)
  }
}

import CalCore
import Glibc

/// Recurrence rules already read, by their RRULE text: many series share one (every birthday is
/// FREQ=YEARLY), and a listing reads hundreds of series. Looked up by the column's bytes where SQLite keeps
/// them, with a hash of their own: no string is made, or hashed, for a rule already known.
final class RuleCache {
  /// A rule read, with the text it was read from.
  private final class Entry {
    let hash: UInt64
    let text: [UInt8]
    let rule: RecurrenceRule

    init(hash: UInt64, text: [UInt8], rule: RecurrenceRule) {
      self.hash = hash
      self.text = text
      self.rule = rule
    }
  }

  /// The rules last found, one place per low bits of the hash: most lookups end here, without the
  /// dictionary's own hashing of the hash (a dictionary lookup and the copies of its array of entries cost
  /// more than the rest of reading a series).
  private var recent = [Entry?](repeating: nil, count: 64)
  /// Every rule read, by hash.
  private var rules: [UInt64: [Entry]] = [:]

  /// The rule the text `bytes` stands for, read once; `nil` when it is not one.
  func rule(_ bytes: UnsafeBufferPointer<UInt8>) -> RecurrenceRule? {
    // FNV-1a: a few instructions a byte, and rules are short.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let place = Int(truncatingIfNeeded: hash & 63)
    if let entry = recent[place], entry.hash == hash, Self.equal(entry.text, bytes) { return entry.rule }
    let entry: Entry
    if let known = rules[hash]?.first(where: { Self.equal($0.text, bytes) }) {
      entry = known
    } else {
      let text = String(decoding: bytes, as: UTF8.self)
      guard let rule = RecurrenceRule.fromDatabaseValue(.text(text)) else { return nil }
      entry = Entry(hash: hash, text: Array(bytes), rule: rule)
      rules[hash, default: []].append(entry)
    }
    recent[place] = entry
    return entry.rule
  }

  private static func equal(_ known: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard known.count == bytes.count else { return false }
    guard let other = bytes.baseAddress else { return true }
    return known.withUnsafeBufferPointer { memcmp($0.baseAddress!, other, bytes.count) == 0 }
  }
}

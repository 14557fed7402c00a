import CalCore
import Glibc

/// Recurrence rules already read, by their RRULE text: many series share one (every birthday is
/// FREQ=YEARLY), and a listing reads hundreds of series. Looked up by the column's bytes where SQLite keeps
/// them, with a hash of their own: no string is made, or hashed, for a rule already known.
final class RuleCache {
  private var rules: [UInt64: [(text: [UInt8], rule: RecurrenceRule)]] = [:]

  /// The rule the text `bytes` stands for, read once; `nil` when it is not one.
  func rule(_ bytes: UnsafeBufferPointer<UInt8>) -> RecurrenceRule? {
    // FNV-1a: a few instructions a byte, and rules are short.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    if let known = rules[hash]?.first(where: { Self.equal($0.text, bytes) }) { return known.rule }
    let text = String(decoding: bytes, as: UTF8.self)
    guard let rule = RecurrenceRule.fromDatabaseValue(.text(text)) else { return nil }
    rules[hash, default: []].append((Array(bytes), rule))
    return rule
  }

  private static func equal(_ known: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard known.count == bytes.count else { return false }
    guard let other = bytes.baseAddress else { return true }
    return known.withUnsafeBufferPointer { memcmp($0.baseAddress!, other, bytes.count) == 0 }
  }
}

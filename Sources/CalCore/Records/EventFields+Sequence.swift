/// The revision an event's source counts (RFC 5545 §3.8.7.4), among the lines kept from it.
extension EventFields {
  /// The kept lines with their `SEQUENCE` counted up by one, as RFC 5545 asks of an organizer who changes
  /// when an event happens, so that attendees' calendars take the change for a newer revision; the lines
  /// themselves when they hold none (an event never sent out) or one that cannot be counted further.
  public var keptLinesWithNextSequence: String? {
    guard let kept = keptLines else { return nil }
    var lines = kept.split(separator: "\n", omittingEmptySubsequences: false)
    guard let index = Self.sequenceIndex(in: lines), let number = Int32(lines[index].dropFirst(9)), number >= 0,
      number < Int32.max
    else { return kept }
    lines[index] = "SEQUENCE:\(number + 1)"
    return lines.concatenated(separator: "\n")
  }

  /// `kept` with the `SEQUENCE` line of `other` in place of its own (left out when `other` holds none):
  /// another side's lines with the revision this side counted. `kept` itself when it holds no SEQUENCE.
  public static func keptLines(_ kept: String?, withSequenceOf other: String?) -> String? {
    guard let kept else { return nil }
    var lines = kept.split(separator: "\n", omittingEmptySubsequences: false)
    guard let index = sequenceIndex(in: lines) else { return kept }
    let others = other.map { $0.split(separator: "\n", omittingEmptySubsequences: false) } ?? []
    if let theirs = sequenceIndex(in: others) {
      lines[index] = others[theirs]
    } else {
      lines.remove(at: index)
    }
    return lines.isEmpty ? nil : lines.concatenated(separator: "\n")
  }

  /// Where among kept `lines` the event's own `SEQUENCE` stands: among its own properties (an alarm's
  /// lines are not the event's).
  private static func sequenceIndex(in lines: [Substring]) -> Int? {
    ownProperties(among: lines).firstIndex { $0.hasPrefix("SEQUENCE:") }
  }
}

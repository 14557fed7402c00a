/// The revision an event's source counts (RFC 5545 §3.8.7.4), among the lines kept from it.
extension EventFields {
  /// The kept lines with their `SEQUENCE` counted up by one, as RFC 5545 asks of an organizer who changes
  /// when an event happens, so that attendees' calendars take the change for a newer revision; the lines
  /// themselves when they hold none (an event never sent out) or one that cannot be counted further.
  public var keptLinesWithNextSequence: String? {
    guard let kept = keptLines else { return nil }
    var counted = false
    let lines = kept.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard !counted, line.hasPrefix("SEQUENCE:"), let number = Int32(line.dropFirst(9)), number >= 0,
        number < Int32.max
      else { return String(line) }
      counted = true
      return "SEQUENCE:\(number + 1)"
    }
    return counted ? lines.concatenated(separator: "\n") : kept
  }
}

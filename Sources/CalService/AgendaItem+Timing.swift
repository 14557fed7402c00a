import CalCore

/// Where an occurrence stands at an instant: over, under way.
extension AgendaItem {
  /// Whether a timed occurrence is over at `instant` (Unix milliseconds): it ended at or before it (one
  /// without a length, when it started). All-day occurrences are never over during their days.
  public func hasEnded(by instant: Int64) -> Bool {
    guard let end = occurrence.endInstant else { return false }
    return end * 1000 <= instant
  }

  /// Whether a timed occurrence is under way at `instant` (Unix milliseconds): started, not yet ended.
  public func isRunning(at instant: Int64) -> Bool {
    guard let start = occurrence.startInstant, let end = occurrence.endInstant else { return false }
    return start * 1000 <= instant && instant < end * 1000
  }
}

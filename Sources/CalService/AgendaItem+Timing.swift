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

extension AgendaItem {
  /// Whether the occurrence is under way at some moment from `start` up to `end` (Unix milliseconds): an
  /// all-day one on its days always, a timed one that started before `end` and ends after `start`, one
  /// without a length when it starts among them.
  public func isUnderWay(from start: Int64, until end: Int64) -> Bool {
    guard let begins = occurrence.startInstant, let ends = occurrence.endInstant else { return isAllDay }
    let (first, last) = (begins * 1000, ends * 1000)
    return first == last ? (start <= first && first < end) : (first < end && last > start)
  }
}

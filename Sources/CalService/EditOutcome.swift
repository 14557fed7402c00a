public import CalCore

/// What an edit did.
public enum EditOutcome: Sendable {
  /// The event (or the whole series) changed.
  case changed(EventRecord)
  /// One occurrence of series `series` changed: `occurrence` is the row that now stands for it.
  case changedOccurrence(series: Int64, day: CivilDate, occurrence: EventRecord)
  /// Series `series` now ends before `day`, and `following` takes over from that day with the changes.
  case split(series: Int64, day: CivilDate, following: EventRecord)

  /// The event as it is now.
  public var event: EventRecord {
    switch self {
    case .changed(let event), .changedOccurrence(_, _, let event), .split(_, _, let event): return event
    }
  }

  /// The same outcome with `event` as the event as it is now.
  func replacingEvent(with event: EventRecord) -> EditOutcome {
    switch self {
    case .changed: return .changed(event)
    case .changedOccurrence(let series, let day, _):
      return .changedOccurrence(series: series, day: day, occurrence: event)
    case .split(let series, let day, _): return .split(series: series, day: day, following: event)
    }
  }
}

/// What a removal did.
public enum RemovalOutcome: Sendable {
  /// The event (a series with all its occurrences) is gone; this is what it was. A series that was split
  /// by an edit "from here on" stays as it is: `continuations` are the series that took over from it.
  case removed(EventRecord, continuations: [EventRecord])
  /// The occurrence of series `series` on `day` is gone; the rest of the series stays.
  case removedOccurrence(series: EventRecord, day: CivilDate)
}

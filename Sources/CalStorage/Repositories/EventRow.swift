public import CalCore

/// A row of a window's query of `events`, valid only inside the closure it is handed to, read as far as it
/// is asked (see ``EventRepository/forEachOtherRow(from:through:calendar:withReminders:_:)``).
public struct EventRow {
  let row: Row
  let repository: EventRepository

  /// The event's id.
  public func id() throws -> Int64 { try row[EventColumn.id] }

  /// When the event happens, checked as the whole record is.
  public func schedule() throws -> EventSchedule { try repository.schedule(row) }

  /// The start day of the last occurrence of `schedule` (this row's), as ``EventRecord/lastOccurrenceDay``
  /// has it.
  public func lastOccurrenceDay(of schedule: EventSchedule) throws -> CivilDate? {
    schedule.lastOccurrenceDay(lastDay: try row[EventColumn.lastDay])
  }

  /// The whole record around `schedule`, read with ``schedule()``.
  public func record(with schedule: EventSchedule) throws -> EventRecord {
    try repository.record(row, schedule: schedule)
  }
}

public import CalCore

/// A calendar with how many events it holds (a series counted once), as `calendar list` shows it.
public struct CalendarSummary: Sendable {
  /// The calendar.
  public let calendar: CalendarRecord
  /// Its events.
  public let eventCount: Int64
}

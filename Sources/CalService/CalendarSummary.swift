public import CalCore

/// A calendar with how many events (a series counted once) and to-dos it holds, as `calendar list` shows it.
public struct CalendarSummary: Sendable {
  /// The calendar.
  public let calendar: CalendarRecord
  /// Its events.
  public let eventCount: Int64
  /// Its to-dos, done ones too.
  public let todoCount: Int64
}

/// Where a calendar's events come from.
public enum CalendarKind: String, Sendable, CaseIterable {
  /// Kept in this file only.
  case local
  /// Mirrored two ways with a CalDAV collection.
  case caldav
  /// Mirrored one way from an iCalendar feed: read-only here.
  case subscription
}

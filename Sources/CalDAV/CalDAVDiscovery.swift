/// What discovery found from one URL: the account's principal and calendar home when they were visited,
/// and the calendars that hold events.
public struct CalDAVDiscovery: Sendable, Equatable {
  /// The principal URL (`current-user-principal`), if the server named one.
  public var principalURL: String?
  /// The calendar home (`calendar-home-set`) that was listed, if any.
  public var homeURL: String?
  /// The event calendars found, in the server's order.
  public var calendars: [CalDAVCalendar]

  /// A discovery result.
  public init(principalURL: String?, homeURL: String?, calendars: [CalDAVCalendar]) {
    self.principalURL = principalURL
    self.homeURL = homeURL
    self.calendars = calendars
  }
}

public import CalCore

/// What is next: the agenda from an instant on, for `cal agenda` and any front end's "what's next".
extension CalendarService {
  /// What is still to come from `instant` (Unix milliseconds) through the end of `last`: the agenda of the
  /// instant's day (on the user's clock) through `last`, less the timed occurrences that ended at or before
  /// the instant; of calendar `calendar` alone, when given. Empty when `last` is before the instant's day.
  public func upcoming(from instant: Int64, through last: CivilDate, calendar: String? = nil) throws -> [AgendaItem] {
    var items: [AgendaItem] = []
    try forEachUpcomingItem(from: instant, through: last, calendar: calendar) { item in
      items.append(item)
      return true
    }
    return items
  }

  /// The items `upcoming(from:through:)` gives, handed to `body` in order a chunk of days at a time, so that
  /// what is next over centuries holds one chunk in memory; `body` returning false stops.
  public func forEachUpcomingItem(
    from instant: Int64, through last: CivilDate, calendar: String? = nil, _ body: (AgendaItem) throws -> Bool
  ) throws {
    let seconds = instant.floorDivided(by: 1000)
    guard let first = environment.localZone.wallClock(atUTC: seconds)?.date, first <= last else { return }
    try forEachAgendaItem(from: first, through: last, calendar: calendar) { item in
      item.hasEnded(by: instant) ? true : try body(item)
    }
  }

  /// What is still to come from `instant` over `days` days, the instant's own day first (`days` of 7 is
  /// today and the six days after it); up to the calendar's last day.
  ///
  /// - Throws: `ServiceError.invalidRequest` for fewer than one day.
  public func upcoming(from instant: Int64, days: Int) throws -> [AgendaItem] {
    guard days >= 1 else { throw ServiceError(.invalidRequest, "the agenda needs at least one day") }
    let seconds = instant.floorDivided(by: 1000)
    guard let first = environment.localZone.wallClock(atUTC: seconds)?.date else { return [] }
    return try upcoming(from: instant, through: first.adding(days: days - 1) ?? .last)
  }
}

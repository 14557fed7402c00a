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

/// What is under way at a moment, as khal's `at` tells it.
extension CalendarService {
  /// The items of the local day of `start` under way at some moment from `start` up to `end` (Unix
  /// milliseconds, `end` after `start` and on the same day), in order: that day's all-day events, the timed
  /// ones that overlap the moments, and those without a length that start among them.
  ///
  /// - Throws: `ServiceError.invalidRequest` when `end` is not after `start`.
  public func forEachItem(
    underWayFrom start: Int64, until end: Int64, calendar: String? = nil, _ body: (AgendaItem) throws -> Bool
  ) throws {
    guard end > start else { throw ServiceError(.invalidRequest, "the moments' end must come after their start") }
    guard let day = environment.localZone.wallClock(atUTC: start.floorDivided(by: 1000))?.date else { return }
    try forEachAgendaItem(from: day, through: day, calendar: calendar) { item in
      item.isUnderWay(from: start, until: end) ? try body(item) : true
    }
  }
}

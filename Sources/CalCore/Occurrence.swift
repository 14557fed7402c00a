/// One occurrence of an event as the user sees it: on their own clock, over the days it covers.
public struct Occurrence: Equatable, Sendable {
  /// The occurrence's own day (RFC 5545's RECURRENCE-ID), in the event's zone.
  public let occurrenceDay: CivilDate
  /// The first day it covers on the user's clock.
  public let firstDay: CivilDate
  /// The last day it covers on the user's clock (the same as `firstDay` for most events).
  public let lastDay: CivilDate
  /// For a timed event, the start instant in Unix seconds; `nil` for an all-day one.
  public let startInstant: Int64?
  /// For a timed event, the end instant in Unix seconds; `nil` for an all-day one.
  public let endInstant: Int64?

  /// Every occurrence of `schedule` that covers a day from `first` through `last` on the user's clock.
  ///
  /// - Parameters:
  ///   - eventZone: the event's own zone, or `nil` for times on the user's clock.
  ///   - localZone: the user's zone.
  ///   - lastOccurrence: the schedule's last occurrence day, when known, so COUNT is not counted again.
  ///   - skipped: occurrence days removed from a series (exceptions and edited occurrences).
  public static func occurrences(
    of schedule: EventSchedule, from first: CivilDate, through last: CivilDate, eventZone: ZoneInfo?,
    localZone: ZoneInfo, lastOccurrence: CivilDate?, skipped: Set<CivilDate> = []
  ) -> [Occurrence] {
    // A zone shift moves an occurrence by at most a day; the span reaches back from the window.
    let margin = schedule.isAllDay ? 0 : 2
    let searchFirst = first.adding(days: -(schedule.spanDays + margin)) ?? .first
    let searchLast = last.adding(days: margin) ?? .last
    let lastStart = schedule.rule == nil ? schedule.startDay : lastOccurrence
    let days = schedule.occurrenceDays(from: searchFirst, through: searchLast, lastOccurrence: lastStart)
    var result: [Occurrence] = []
    result.reserveCapacity(days.count)
    for day in days where skipped.isEmpty || !skipped.contains(day) {
      guard let occurrence = occurrence(of: schedule, on: day, eventZone: eventZone, localZone: localZone),
        occurrence.lastDay >= first && occurrence.firstDay <= last
      else { continue }
      result.append(occurrence)
    }
    return result
  }

  /// The occurrence of `schedule` that starts on `day` (in the event's zone).
  public static func occurrence(
    of schedule: EventSchedule, on day: CivilDate, eventZone: ZoneInfo?, localZone: ZoneInfo
  ) -> Occurrence? {
    guard let time = schedule.startTime else {
      let span = schedule.spanDays
      let end = span == 0 ? day : day.adding(days: span) ?? day
      return Occurrence(occurrenceDay: day, firstDay: day, lastDay: end, startInstant: nil, endInstant: nil)
    }
    let wall = Int64(day.daysSince1970) * 86_400 + Int64(time.minutes) * 60
    let zone = eventZone ?? localZone
    let start = zone.utc(fromLocal: wall)
    let length = Int64(schedule.boundedLengthMinutes) * 60
    // A length is elapsed time, across any clock change.
    let end = start + length
    func localDay(_ instant: Int64) -> CivilDate? {
      // Usually the same day as the occurrence's own: no date to build then.
      let local = instant + Int64(localZone.offset(atUTC: instant))
      let number = Int(local.floorDivided(by: 86_400))
      return number == day.daysSince1970 ? day : CivilDate(daysSince1970: number)
    }
    guard let firstDay = localDay(start) else { return nil }
    // An event that ends exactly at midnight does not cover the next day.
    let lastDay = length > 0 ? (localDay(end - 1) ?? firstDay) : firstDay
    return Occurrence(
      occurrenceDay: day, firstDay: firstDay, lastDay: max(firstDay, lastDay), startInstant: start, endInstant: end)
  }
}

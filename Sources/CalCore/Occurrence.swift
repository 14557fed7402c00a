/// One occurrence of an event as the user sees it: on their own clock, over the days it covers.
public struct Occurrence: Equatable, Sendable {
  /// The occurrence's own day (RFC 5545's RECURRENCE-ID), in the event's zone.
  public let occurrenceDay: CivilDate
  /// The first day it covers on the user's clock; 1 January 1 when that day is before year 1, 31 December 9999
  /// when after, so that no occurrence vanishes at the calendar's edges (its instants tell the true time).
  public let firstDay: CivilDate
  /// The last day it covers on the user's clock (the same as `firstDay` for most events), held to the
  /// calendar's edges as `firstDay` is.
  public let lastDay: CivilDate
  /// For a timed event, the start instant in Unix seconds; `nil` for an all-day one.
  @inlinable public var startInstant: Int64? { storedStart == .min ? nil : storedStart }
  /// For a timed event, the end instant in Unix seconds; `nil` for an all-day one.
  @inlinable public var endInstant: Int64? { storedEnd == .min ? nil : storedEnd }
  // The instants without optionals (an optional Int64 takes 16 bytes), Int64.min for none: a listing holds
  // occurrences by the thousand, and a smaller item is fewer pages touched. No instant of years 1-9999 is it.
  @usableFromInline let storedStart: Int64
  @usableFromInline let storedEnd: Int64

  init(occurrenceDay: CivilDate, firstDay: CivilDate, lastDay: CivilDate, startInstant: Int64?, endInstant: Int64?) {
    self.occurrenceDay = occurrenceDay
    self.firstDay = firstDay
    self.lastDay = lastDay
    storedStart = startInstant ?? .min
    storedEnd = endInstant ?? .min
  }

  /// How many days a time on one zone's clock can fall from its own day on another's: 26 hours from UTC-12
  /// to UTC+14 (23:00 in Pago Pago is midnight two days later in Kiritimati), under 31 with the local mean
  /// times of the past; a window of days is searched this much wider for zoned events.
  public static let zoneShiftDays = 2

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
    var result: [Occurrence] = []
    var days: [CivilDate] = []
    forEach(
      of: schedule, from: first, through: last, eventZone: eventZone, localZone: localZone,
      lastOccurrence: lastOccurrence, skipped: skipped, days: &days
    ) {
      result.append($0)
      return true
    }
    return result
  }

  /// The same occurrences handed to `body` in order, their days found in `days` (emptied first): a listing
  /// keeps one such buffer for all its series rather than two arrays a series. `body` returning false stops.
  public static func forEach(
    of schedule: EventSchedule, from first: CivilDate, through last: CivilDate, eventZone: ZoneInfo?,
    localZone: ZoneInfo, lastOccurrence: CivilDate?, skipped: Set<CivilDate> = [], days: inout [CivilDate],
    _ body: (Occurrence) throws -> Bool
  ) rethrows {
    // A zone shift moves an occurrence by at most a day; the span reaches back from the window.
    let margin = schedule.isAllDay ? 0 : zoneShiftDays
    let searchFirst = first.adding(days: -(schedule.spanDays + margin)) ?? .first
    let searchLast = last.adding(days: margin) ?? .last
    let lastStart = schedule.repeats ? lastOccurrence : schedule.startDay
    days.removeAll(keepingCapacity: true)
    schedule.appendOccurrenceDays(from: searchFirst, through: searchLast, lastOccurrence: lastStart, to: &days)
    for day in days where skipped.isEmpty || !skipped.contains(day) {
      guard let occurrence = occurrence(of: schedule, on: day, eventZone: eventZone, localZone: localZone),
        occurrence.lastDay >= first && occurrence.firstDay <= last
      else { continue }
      guard try body(occurrence) else { return }
    }
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
    // Days are counted on the event's clock (the same wall time so many days later); the rest of a length
    // is elapsed time, across any clock change.
    let days = Int64(schedule.boundedLengthDays)
    let end =
      (days == 0 ? start : zone.utc(fromLocal: wall + days * 86_400)) + Int64(schedule.boundedLengthMinutes) * 60
    let length = end - start
    func localDay(_ instant: Int64) -> CivilDate {
      // Usually the same day as the occurrence's own: no date to build then.
      let local = instant + Int64(localZone.offset(atUTC: instant))
      let number = Int(local.floorDivided(by: 86_400))
      if number == day.daysSince1970 { return day }
      // A local day before year 1 or after 9999 (an event at 0001-01-01 00:00 in Kiritimati, seen from
      // Honolulu) is shown on the calendar's first or last day rather than not at all.
      return CivilDate(daysSince1970: number) ?? (number < 0 ? .first : .last)
    }
    let firstDay = localDay(start)
    // An event that ends exactly at midnight does not cover the next day.
    let lastDay = length > 0 ? localDay(end - 1) : firstDay
    return Occurrence(
      occurrenceDay: day, firstDay: firstDay, lastDay: max(firstDay, lastDay), startInstant: start, endInstant: end)
  }
}

extension Occurrence {
  /// Whether a timed occurrence began before 1 January 1 on `zone`'s clock and goes on into it, where
  /// ``firstDay`` holds it: on that day it is under way from the start, not starting. (One over before the
  /// year 1 is held there too, with its own times.)
  public func beganBeforeCalendar(in zone: ZoneInfo) -> Bool {
    guard firstDay == .first, let start = startInstant, let end = endInstant else { return false }
    let first = CivilDate.first.daysSince1970
    return Self.localDayNumber(start, in: zone) < first && Self.localDayNumber(max(start, end - 1), in: zone) >= first
  }

  /// Whether a timed occurrence that starts by 31 December 9999 on `zone`'s clock goes on past it, where
  /// ``lastDay`` holds it: on that day it does not end.
  public func runsPastCalendar(in zone: ZoneInfo) -> Bool {
    guard lastDay == .last, let start = startInstant, let end = endInstant, end > start else { return false }
    let last = CivilDate.last.daysSince1970
    return Self.localDayNumber(end - 1, in: zone) > last && Self.localDayNumber(start, in: zone) <= last
  }

  /// The number of the day (since 1970-01-01) that `instant` falls on in `zone`.
  private static func localDayNumber(_ instant: Int64, in zone: ZoneInfo) -> Int {
    Int((instant + Int64(zone.offset(atUTC: instant))).floorDivided(by: 86_400))
  }
}

/// When an event happens: all day (over one or more days) or at a time for a length, in the user's zone
/// or a zone of its own, once or by a recurrence rule.
public struct EventSchedule: Equatable, Sendable {
  /// The first day (in the event's own zone, for a zoned event).
  public var startDay: CivilDate
  /// The start time; `nil` for an all-day event.
  public var startTime: TimeOfDay?
  /// How long a timed event lasts beyond its whole days (``lengthDays``), in minutes of elapsed time;
  /// `nil` when that part is zero, and with no days either, when the event has no end.
  public var lengthMinutes: Int?
  /// The whole days of a timed event's length, counted on its clock (RFC 5545's nominal days): across a
  /// change of the clock, one day ends at the same wall time the next day, 23 or 25 hours later. 0 for none.
  public var lengthDays: Int
  /// The last day an all-day event covers (inclusive); `nil` for one day.
  public var endDay: CivilDate?
  /// The event's own time zone; `nil` for times on the user's own clock.
  public var timeZone: String?
  /// The recurrence rule; `nil` for a one-off event.
  public var rule: RecurrenceRule?

  // Inlinable: built in place by the repositories, which read hundreds of rows a listing, instead of
  // copied whole into a call and out again.
  /// A schedule from its parts.
  @inlinable
  public init(
    startDay: CivilDate, startTime: TimeOfDay? = nil, lengthMinutes: Int? = nil, lengthDays: Int = 0,
    endDay: CivilDate? = nil, timeZone: String? = nil, rule: RecurrenceRule? = nil
  ) {
    self.startDay = startDay
    self.startTime = startTime
    self.lengthMinutes = lengthMinutes
    self.lengthDays = lengthDays
    self.endDay = endDay
    self.timeZone = timeZone
    self.rule = rule
  }

  /// Whether the event lasts whole days.
  public var isAllDay: Bool { startTime == nil }

  /// Whether the event repeats (has a rule). Asked by looking, not by `rule != nil`, which copies the rule
  /// (arrays and all) to compare it: a listing asks on every line.
  public var repeats: Bool {
    switch rule {
    case .some: return true
    case .none: return false
    }
  }

  /// How many days after its start day one occurrence can reach, in its own zone.
  public var spanDays: Int {
    if let startTime {
      return (startTime.minutes + boundedLengthDays * 1440 + boundedLengthMinutes) / 1440
    }
    return (endDay?.daysSince1970 ?? startDay.daysSince1970) - startDay.daysSince1970
  }

  /// The length in minutes as occurrences take it, whatever was stored: none below zero, none longer than the
  /// calendar, so that no instant computed from it can overflow.
  var boundedLengthMinutes: Int { min(max(lengthMinutes ?? 0, 0), EventLength.maximumMinutes) }

  /// The nominal days the same way: none below zero, none beyond the calendar.
  var boundedLengthDays: Int { min(max(lengthDays, 0), EventLength.maximumMinutes / 1440) }

  /// Whether a timed event has an end: a length of days, minutes or both.
  public var hasLength: Bool { lengthDays > 0 || lengthMinutes != nil }

  /// The recurrence, if the event repeats.
  public var recurrence: Recurrence? { rule.map { Recurrence(start: startDay, rule: $0) } }

  /// The last day any occurrence covers, in the event's own zone (at most 31 December 9999); `nil` for a
  /// series without end.
  public func lastDay() -> CivilDate? {
    guard let recurrence else { return startDay.adding(days: spanDays) ?? .last }
    guard let last = recurrence.lastDay() else { return nil }
    return last.adding(days: spanDays) ?? .last
  }

  /// The start day of the last occurrence of a schedule whose occurrences cover days through `lastDay` (the
  /// stored ``lastDay()``); `nil` for a series without end.
  public func lastOccurrenceDay(lastDay: CivilDate?) -> CivilDate? {
    guard let lastDay else { return nil }
    return lastDay.adding(days: -spanDays) ?? lastDay
  }

  /// The days from `first` through `last` (in the event's own zone) on which occurrences start; only the
  /// first for a series that ``overlapsBeyondReading``.
  public func occurrenceDays(from first: CivilDate, through last: CivilDate, lastOccurrence: CivilDate?)
    -> [CivilDate]
  {
    var days: [CivilDate] = []
    appendOccurrenceDays(from: first, through: last, lastOccurrence: lastOccurrence, to: &days)
    return days
  }

  /// The same days, appended to `days` (a buffer a listing keeps for all its series).
  public func appendOccurrenceDays(
    from first: CivilDate, through last: CivilDate, lastOccurrence: CivilDate?, to days: inout [CivilDate]
  ) {
    guard let rule, !overlapsBeyondReading else {
      if startDay >= first && startDay <= last { days.append(startDay) }
      return
    }
    Recurrence(start: startDay, rule: rule).appendOccurrences(
      from: first, through: last, lastDay: lastOccurrence, to: &days)
  }

  /// Whether `day` is an occurrence of this schedule.
  public func hasOccurrence(on day: CivilDate) -> Bool {
    let last = rule == nil ? startDay : recurrence?.lastDay()
    return occurrenceDays(from: day, through: day, lastOccurrence: last) == [day]
  }
}

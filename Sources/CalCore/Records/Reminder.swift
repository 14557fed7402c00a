/// When `cal remind` tells the user about an event: a signed offset from the start or the end of each
/// occurrence, or one fixed instant.
///
/// An all-day event has no start time, so its start and end are taken at `allDayTime` on the user's clock
/// (09:00 unless set): the start on its first day, the end on the day after its last (where an iCalendar
/// DTEND would be). Imported alarms of all-day events are kept at 00:00, which is what RFC 5545 means.
public struct Reminder: Hashable, Sendable {
  /// What the reminder is timed from.
  public enum Trigger: Hashable, Sendable {
    /// `offsetSeconds` after the start of each occurrence (negative: before it).
    case start(offsetSeconds: Int64)
    /// `offsetSeconds` after the end of each occurrence (negative: before it).
    case end(offsetSeconds: Int64)
    /// Once, at this instant (Unix seconds), whatever the occurrence.
    case at(unixSeconds: Int64)
  }

  /// When it fires.
  public var trigger: Trigger
  /// For an all-day event, the time of day its start and end are taken at; `nil` for the default, 09:00.
  public var allDayTime: TimeOfDay?

  /// The time of day an all-day event's reminders are taken from unless told otherwise.
  public static let defaultAllDayTime = TimeOfDay(minutes: 9 * 60)!
  /// The most reminders one event may have.
  public static let maximumCount = 100
  /// The furthest a reminder may be from its event, either way: the calendar's whole span, so that no due
  /// time computed from it can overflow.
  public static let maximumOffsetSeconds = Int64(EventLength.maximumMinutes) * 60
  /// The instants a fixed reminder may be at (Unix seconds): the years 1 to 9999.
  public static let instants: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

  /// Whether the reminder is within the bounds a stored one keeps (the offset within ``maximumOffsetSeconds``,
  /// the instant within ``instants``), so that no due time computed from it can overflow.
  public var isWithinBounds: Bool {
    switch trigger {
    case .start(let offset), .end(let offset): return offset.magnitude <= Self.maximumOffsetSeconds.magnitude
    case .at(let instant): return Self.instants.contains(instant)
    }
  }

  /// A reminder.
  public init(_ trigger: Trigger, allDayTime: TimeOfDay? = nil) {
    self.trigger = trigger
    self.allDayTime = allDayTime
  }

  /// The offset from the start or end; `nil` for a reminder at a fixed instant.
  public var offsetSeconds: Int64? {
    switch trigger {
    case .start(let offset), .end(let offset): return offset
    case .at: return nil
    }
  }

  /// The instant (Unix seconds) this reminder is due for `occurrence` of an event.
  ///
  /// - Parameter localZone: the user's zone, on whose clock an all-day event's days begin.
  public func due(for occurrence: Occurrence, localZone: ZoneInfo) -> Int64 {
    let anchor: Int64
    switch trigger {
    case .at(let instant): return instant
    case .start:
      anchor = occurrence.startInstant ?? allDayInstant(occurrence.firstDay.daysSince1970, localZone: localZone)
    case .end:
      // The day after the last, counted rather than built: after 9999-12-31 there is no date to build.
      anchor = occurrence.endInstant ?? allDayInstant(occurrence.lastDay.daysSince1970 + 1, localZone: localZone)
    }
    // Offsets and instants are both held to the calendar's span, so the sum cannot overflow.
    return anchor + (offsetSeconds ?? 0)
  }

  /// The day numbered `day` (days since 1970) at the all-day time on the user's clock.
  private func allDayInstant(_ day: Int, localZone: ZoneInfo) -> Int64 {
    let time = allDayTime ?? Self.defaultAllDayTime
    return localZone.utc(fromLocal: Int64(day) * 86_400 + Int64(time.minutes) * 60)
  }

  /// `15m before`, `at the start`, `1h after the end`, `1d before 09:00` (all-day), `at 2024-05-12 08:00`.
  ///
  /// - Parameters:
  ///   - isAllDay: whether the event lasts whole days (its start and end are then a time of day).
  ///   - localZone: the user's zone, for a reminder at a fixed instant.
  ///   - clock: the clock its times are written on (`1d before 9:00am` on the 12-hour one).
  public func description(isAllDay: Bool, localZone: ZoneInfo, clock: ClockStyle = .twentyFourHour) -> String {
    let (offset, anchor): (Int64, String)
    switch trigger {
    case .at(let instant):
      // An instant of the years 1 to 9999 whose date on the user's clock is not (9999-12-31 23:59 UTC east of
      // UTC) is said in UTC, not as a number of seconds.
      let (wall, zone) =
        localZone.wallClock(atUTC: instant).map { ($0, "") } ?? (ZoneInfo.utc.wallClock(atUTC: instant), " UTC")
      guard let wall else { return "at \(instant)" }
      return "at \(wall.date) \(clock.text(minutes: wall.secondOfDay / 60))\(zone)"
    case .start(let seconds): (offset, anchor) = (seconds, "the start")
    case .end(let seconds): (offset, anchor) = (seconds, "the end")
    }
    // An all-day event's start is a time of day, and naming it says what the offset counts from.
    let time = (allDayTime ?? Self.defaultAllDayTime).description(on: clock)
    if isAllDay, anchor == "the start", allDayTime?.minutes == 0, let moment = Self.momentOfDay(offset, clock: clock) {
      return moment
    }
    let target = isAllDay ? (anchor == "the start" ? time : "the end (\(time) the next day)") : anchor
    guard offset != 0 else { return "at \(target)" }
    let length = Self.length(offset.magnitude)
    if offset < 0 { return isAllDay || anchor == "the end" ? "\(length) before \(target)" : "\(length) before" }
    return "\(length) after \(target)"
  }

  /// An imported alarm of an all-day event counts from its day's midnight (`TRIGGER:-PT15H`), which reads
  /// better as the moment it names: `at 09:00 the day before`, `at 09:00 on the day`, `at 18:00 2 days
  /// before`; `nil` for an offset that is not a whole minute or is zero.
  static func momentOfDay(_ offset: Int64, clock: ClockStyle) -> String? {
    let (days, second) = offset.floorDividedWithRemainder(by: 86_400)
    guard offset != 0, second % 60 == 0, let time = TimeOfDay(minutes: Int(second / 60)) else { return nil }
    let day: String
    switch days {
    case 0: day = "on the day"
    case -1: day = "the day before"
    case 1: day = "the day after"
    default: day = "\(days.magnitude) days " + (days < 0 ? "before" : "after")
    }
    return "at \(time.description(on: clock)) \(day)"
  }

  /// `1d2h30m`, with seconds only when there are some.
  static func length(_ seconds: UInt64) -> String {
    let minutes = Int(seconds / 60)
    let rest = seconds % 60
    if minutes == 0 { return "\(rest)s" }
    return EventLength.description(minutes: minutes) + (rest == 0 ? "" : "\(rest)s")
  }
}

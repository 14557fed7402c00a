/// Free time on one day: the stretches of the chosen hours that no busy time covers, as `cal free` finds
/// them to fit a meeting in.
public enum FreeTime {
  /// A free stretch, from `start` up to `end` (Unix seconds), on the day it is found on.
  public struct Slot: Equatable, Sendable {
    /// The day it is found on, on the clock the hours are read on.
    public let day: CivilDate
    /// Its first instant, in Unix seconds.
    public let start: Int64
    /// The instant it ends at (not included), in Unix seconds.
    public let end: Int64

    /// A free stretch.
    public init(day: CivilDate, start: Int64, end: Int64) {
      self.day = day
      self.start = start
      self.end = end
    }

    /// How long it lasts, in whole minutes.
    public var minutes: Int { Int((end - start) / 60) }
  }

  /// Hours of a day: minutes from midnight, from `start` up to `end` (at most 1440, the next midnight).
  public struct Hours: Equatable, Sendable {
    /// The first minute.
    public let start: Int
    /// The minute they end at (not included): 1440 for the day's end.
    public let end: Int

    /// `nil` unless `0 <= start < end <= 1440`.
    public init?(start: Int, end: Int) {
      guard 0 <= start, start < end, end <= 1440 else { return nil }
      self.start = start
      self.end = end
    }

    /// Nine to five.
    public static let office = Hours(start: 9 * 60, end: 17 * 60)!
  }

  /// The free stretches of `hours` on `day` on `zone`'s clocks, from `notBefore` on, that none of `busy`
  /// (instants from `start` up to `end`, in any order, overlapping or not) covers and that last at least
  /// `minimum` seconds. Hours that a clock change skips or repeats count as the clocks show them: 09:00 to
  /// 17:00 is seven or nine hours on such a day, as it is at work.
  public static func slots(
    on day: CivilDate, hours: Hours, zone: ZoneInfo, busy: [(start: Int64, end: Int64)], notBefore: Int64,
    minimum: Int64
  ) -> [Slot] {
    let midnight = Int64(day.daysSince1970) * 86_400
    var from = max(zone.utc(fromLocal: midnight + Int64(hours.start) * 60), notBefore)
    let until = zone.utc(fromLocal: midnight + Int64(hours.end) * 60)
    var slots: [Slot] = []
    // A moment (an event without a length) takes no time.
    for interval in busy.sorted(by: { $0.start < $1.start }) where interval.end > from && interval.end > interval.start
    {
      guard interval.start < until else { break }
      if interval.start - from >= max(minimum, 1) { slots.append(Slot(day: day, start: from, end: interval.start)) }
      from = max(from, interval.end)
    }
    if until - from >= max(minimum, 1) { slots.append(Slot(day: day, start: from, end: until)) }
    return slots
  }
}

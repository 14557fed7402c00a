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
  /// `minimum` seconds. Hours that a clock change skips or repeats count as the clocks show them: 00:00 to
  /// 24:00 is 23 or 25 hours on such a day, 01:00 to 04:00 two or four.
  public static func slots(
    on day: CivilDate, hours: Hours, zone: ZoneInfo, busy: [(start: Int64, end: Int64)], notBefore: Int64,
    minimum: Int64
  ) -> [Slot] {
    let midnight = Int64(day.daysSince1970) * 86_400
    var from = max(firstInstant(showing: midnight + Int64(hours.start) * 60, zone: zone), notBefore)
    let until = firstInstant(showing: midnight + Int64(hours.end) * 60, zone: zone)
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

  /// The first instant the clocks show the reading `local` or a later one: for a reading that a clock change
  /// skips, the change itself. (RFC 5545 reads 02:30 as 03:30 there, which would put free time after hours
  /// that end at 02:45, and leave out 03:00 to 03:30 from hours that begin at 02:30.)
  private static func firstInstant(showing local: Int64, zone: ZoneInfo) -> Int64 {
    guard case .skipped(let shifted, let shift) = zone.resolve(localSeconds: local), shift > 0 else {
      return zone.utc(fromLocal: local)
    }
    // The change lies after `early`, which the clocks show as a reading before the skipped ones, and no later
    // than `shifted`, which they show as one after them: the first instant with the later offset.
    var (early, late) = (shifted - Int64(shift), shifted)
    let later = zone.offset(atUTC: late)
    while late - early > 1 {
      let middle = early + (late - early) / 2
      if zone.offset(atUTC: middle) == later { late = middle } else { early = middle }
    }
    return late
  }
}

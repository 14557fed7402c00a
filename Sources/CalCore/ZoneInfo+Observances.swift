extension ZoneInfo {
  /// One change of the zone's offset, as a VTIMEZONE observance starts it.
  struct Change: Equatable, Sendable {
    /// The UTC instant, in seconds.
    let instant: Int64
    /// The offset before, seconds east of UTC.
    let from: Int
    /// The offset after.
    let to: Int
    /// Whether the new offset is daylight-saving time.
    let isDaylight: Bool
    /// Whether the change comes from the rule for the future, which goes on every year.
    let followsRule: Bool

    /// The onset on the clock of the offset before, in seconds since 1970-01-01 00:00 on that clock, as
    /// RFC 5545 writes an observance's DTSTART. For a change within the calendar's years: one a zone file
    /// puts at the ends of Int64 has none.
    var localOnset: Int64 { instant + Int64(from) }
  }

  /// The changes a reader needs to know the offset of every instant from `first` through `last` (UTC
  /// seconds): the change in force at `first`, then every later one up to `last`. With `last` `nil` (a series
  /// without end), the changes up to the last one in the zone's history and then at least two years of its
  /// rule for the future, so that the rule shows. `before` is the offset in force when no change precedes
  /// `first`.
  func changes(from first: Int64, through last: Int64?) -> (before: Int?, changes: [Change]) {
    var history: [Change] = []
    var previous = initialOffset
    for (index, instant) in transitions.enumerated() where offsets[index] != previous {
      history.append(
        Change(instant: instant, from: previous, to: offsets[index], isDaylight: false, followsRule: false))
      previous = offsets[index]
    }
    let lastHistoric = history.last?.instant
    // The rule takes over after the last transition the file lists (2037 in a "fat" file, the last change of
    // law in a "slim" one).
    if let rule, let daylight = rule.daylightOffset, let start = rule.start, let end = rule.end {
      let firstYear = Self.year(of: max(first, lastHistoric ?? first)) - 1
      let lastYear = last.map { Self.year(of: $0) + 1 } ?? max(firstYear + 3, Self.year(of: first) + 2)
      for year in firstYear...max(firstYear, lastYear) {
        guard let onset = start.localSeconds(inYear: year), let offset = end.localSeconds(inYear: year) else {
          continue
        }
        for change in [
          Change(
            instant: onset - Int64(rule.standardOffset), from: rule.standardOffset, to: daylight, isDaylight: true,
            followsRule: true),
          Change(
            instant: offset - Int64(daylight), from: daylight, to: rule.standardOffset, isDaylight: false,
            followsRule: true),
        ] where change.instant > (lastHistoric ?? Int64.min) {
          history.append(change)
        }
      }
      history.sort { $0.instant < $1.instant }
    }
    // A historic change is daylight time when the offset goes up and comes down again at the next change.
    for index in history.indices where !history[index].followsRule {
      let change = history[index]
      let next = index + 1 < history.count ? history[index + 1] : nil
      if change.to > change.from, let next, next.to < change.to {
        history[index] = Change(
          instant: change.instant, from: change.from, to: change.to, isDaylight: true, followsRule: false)
      }
    }
    let inForce = history.lastIndex { $0.instant <= first }
    let wanted = history[(inForce ?? 0)...].prefix { $0.instant <= last ?? .max }
    return (inForce == nil ? initialOffset : nil, Array(wanted))
  }

  /// The year, on UTC's clock, of an instant; clamped to the years 1 to 9999.
  private static func year(of instant: Int64) -> Int {
    let days = instant.floorDivided(by: 86_400)
    let clamped = Int(min(max(days, -719_162), 2_932_896))
    return CivilDate(daysSince1970: clamped)?.year ?? 1970
  }
}

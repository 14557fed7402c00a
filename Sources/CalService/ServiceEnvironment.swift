public import CalCore

/// Everything the service may know about the world, handed in by the entry point: nothing in the service
/// reads the clock, the environment or a file by itself, so tests pin each of them.
public struct ServiceEnvironment {
  /// The current instant in Unix milliseconds, read anew each time (a long-running page crosses midnight).
  public let now: () -> Int64
  /// The user's time zone, for events on their own clock and for today's date.
  public let localZone: ZoneInfo
  /// Zones of the system's time-zone database, by name.
  public let zones: ZoneLoader

  /// An environment from its parts.
  public init(now: @escaping () -> Int64, localZone: ZoneInfo, zones: ZoneLoader) {
    self.now = now
    self.localZone = localZone
    self.zones = zones
  }

  /// Today's date on the user's clock; at an instant whose date there lies outside the years 1 to 9999, the
  /// calendar's first or last day (never a date of no relation to the instant).
  public var today: CivilDate {
    let seconds = now().floorDivided(by: 1000)
    return localZone.wallClock(atUTC: seconds)?.date ?? (seconds < 0 ? .first : .last)
  }
}

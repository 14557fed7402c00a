/// A wall-clock date and time with its offset from UTC: how an instant reads in one place.
public struct LocalDateTime: Equatable, Sendable, CustomStringConvertible {
  /// The calendar day.
  public let date: CivilDate
  /// Seconds since local midnight.
  public let secondOfDay: Int
  /// The offset from UTC in seconds, east positive.
  public let utcOffsetSeconds: Int

  /// How the instant `unixMilliseconds` reads at `utcOffsetSeconds` from UTC; `nil` outside years 1–9999,
  /// or for an offset of 26 hours or more.
  public init?(unixMilliseconds: Int64, utcOffsetSeconds: Int) {
    self.init(unixSeconds: unixMilliseconds.floorDivided(by: 1000), utcOffsetSeconds: utcOffsetSeconds)
  }

  /// The same from Unix seconds.
  init?(unixSeconds: Int64, utcOffsetSeconds: Int) {
    guard ZoneInfo.offsetRange.contains(utcOffsetSeconds) else { return nil }
    let (localSeconds, overflow) = unixSeconds.addingReportingOverflow(Int64(utcOffsetSeconds))
    guard !overflow else { return nil }
    let (days, second) = localSeconds.floorDividedWithRemainder(by: 86_400)
    guard let dayNumber = Int(exactly: days), let date = CivilDate(daysSince1970: dayNumber) else { return nil }
    self.date = date
    self.secondOfDay = Int(second)
    self.utcOffsetSeconds = utcOffsetSeconds
  }

  /// ISO 8601 with the offset: `2024-05-12T14:30:00+02:00`.
  public var description: String {
    let offset = abs(utcOffsetSeconds) / 60
    return "\(date)T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
      + (utcOffsetSeconds < 0 ? "-" : "+") + pad(offset / 60, 2) + ":" + pad(offset % 60, 2)
  }
}

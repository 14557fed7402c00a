/// A wall-clock date and time with its offset from UTC: how an instant reads in one place.
public struct LocalDateTime: Equatable, Sendable, CustomStringConvertible {
  /// The calendar day.
  public let date: CivilDate
  /// Seconds since local midnight.
  public let secondOfDay: Int
  /// The offset from UTC in seconds, east positive.
  public let utcOffsetSeconds: Int

  /// How the instant `unixMilliseconds` reads at `utcOffsetSeconds` from UTC; `nil` outside years 1–9999.
  public init?(unixMilliseconds: Int64, utcOffsetSeconds: Int) {
    let localSeconds = Int(unixMilliseconds.floorDivided(by: 1000)) + utcOffsetSeconds
    let (days, second) = localSeconds.floorDividedWithRemainder(by: 86_400)
    guard let date = CivilDate(daysSince1970: days) else { return nil }
    self.date = date
    self.secondOfDay = second
    self.utcOffsetSeconds = utcOffsetSeconds
  }

  /// ISO 8601 with the offset: `2024-05-12T14:30:00+02:00`.
  public var description: String {
    let offset = abs(utcOffsetSeconds) / 60
    return "\(date)T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))"
      + (utcOffsetSeconds < 0 ? "-" : "+") + pad(offset / 60, 2) + ":" + pad(offset % 60, 2)
  }
}

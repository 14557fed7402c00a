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
    Self.iso8601(
      year: date.year, month: date.month, day: date.day, secondOfDay: secondOfDay, utcOffsetSeconds: utcOffsetSeconds)
  }

  /// ISO 8601 text for the instant `unixMilliseconds` at `utcOffsetSeconds` from UTC, whatever the instant:
  /// where ``init(unixMilliseconds:utcOffsetSeconds:)`` gives `nil` because the local date is outside the
  /// years 1 to 9999, years past 9999 and before 0 are written in ISO 8601's expanded form
  /// (`+10000-01-01T00:00:00+00:00`, `-0001-12-31T23:59:59+00:00`) and year 0 (1 BC) as `0000`.
  public static func iso8601(unixMilliseconds: Int64, utcOffsetSeconds: Int) -> String {
    let (year, month, day, secondOfDay) = fields(unixMilliseconds: unixMilliseconds, utcOffsetSeconds: utcOffsetSeconds)
    return iso8601(year: year, month: month, day: day, secondOfDay: secondOfDay, utcOffsetSeconds: utcOffsetSeconds)
  }

  /// How many bytes ``iso8601(unixMilliseconds:utcOffsetSeconds:)`` writes for the years 0 to 9999.
  public static let iso8601Count = 25

  /// Writes ``iso8601(unixMilliseconds:utcOffsetSeconds:)``'s text into the ``iso8601Count`` bytes at `target`
  /// and returns `true` when the local year is 0 to 9999; otherwise writes nothing and returns `false` (the
  /// text of other years is longer). For listings that write bytes, not Strings.
  public static func writeISO8601(
    unixMilliseconds: Int64, utcOffsetSeconds: Int, to target: UnsafeMutablePointer<UInt8>
  ) -> Bool {
    let (year, month, day, secondOfDay) = fields(unixMilliseconds: unixMilliseconds, utcOffsetSeconds: utcOffsetSeconds)
    guard (0...9999).contains(year) else { return false }
    write(year: year, month: month, day: day, secondOfDay: secondOfDay, utcOffsetSeconds: utcOffsetSeconds, to: target)
    return true
  }

  private static func fields(unixMilliseconds: Int64, utcOffsetSeconds: Int) -> (Int, Int, Int, Int) {
    // Saturated, so that even an offset no zone has cannot trap; the text is then merely far away.
    let local = unixMilliseconds.floorDivided(by: 1000).addingSaturated(Int64(clamping: utcOffsetSeconds))
    let (days, second) = local.floorDividedWithRemainder(by: 86_400)
    let (year, month, day) = Gregorian.date(daysSince1970: Int(days))
    return (year, month, day, Int(second))
  }

  private static func iso8601(year: Int, month: Int, day: Int, secondOfDay: Int, utcOffsetSeconds: Int) -> String {
    guard (0...9999).contains(year) else {
      let yearText = year > 9999 ? "+" + pad(year, 4) : "-" + pad(Int(clamping: year.magnitude), 4)
      let offset = Int(clamping: utcOffsetSeconds.magnitude / 60)
      return yearText + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2) + ":"
        + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2) + (utcOffsetSeconds < 0 ? "-" : "+")
        + pad(offset / 60, 2) + ":" + pad(offset % 60, 2)
    }
    // The usual case, written straight into the string's bytes: listings print these by the million.
    return String(unsafeUninitializedCapacity: iso8601Count) { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      write(year: year, month: month, day: day, secondOfDay: secondOfDay, utcOffsetSeconds: utcOffsetSeconds, to: base)
      return iso8601Count
    }
  }

  /// `YYYY-MM-DDTHH:MM:SS+HH:MM` for a year of 0 to 9999: 25 bytes.
  private static func write(
    year: Int, month: Int, day: Int, secondOfDay: Int, utcOffsetSeconds: Int, to target: UnsafeMutablePointer<UInt8>
  ) {
    let offset = Int(clamping: utcOffsetSeconds.magnitude / 60)
    func pair(_ value: Int, at index: Int) {
      target[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10 % 10)
      target[index + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
    }
    pair(year / 100, at: 0)
    pair(year % 100, at: 2)
    target[4] = UInt8(ascii: "-")
    pair(month, at: 5)
    target[7] = UInt8(ascii: "-")
    pair(day, at: 8)
    target[10] = UInt8(ascii: "T")
    pair(secondOfDay / 3600, at: 11)
    target[13] = UInt8(ascii: ":")
    pair(secondOfDay / 60 % 60, at: 14)
    target[16] = UInt8(ascii: ":")
    pair(secondOfDay % 60, at: 17)
    target[19] = utcOffsetSeconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
    pair(offset / 60, at: 20)
    target[22] = UInt8(ascii: ":")
    pair(offset % 60, at: 23)
  }
}

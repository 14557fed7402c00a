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
    String(unsafeUninitializedCapacity: Self.iso8601Count) { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      Self.write(
        year: date.year, month: date.month, day: date.day, secondOfDay: secondOfDay,
        utcOffsetSeconds: utcOffsetSeconds, to: base)
      return Self.iso8601Count
    }
  }

  /// RFC 3339 text (ISO 8601 with the offset) for the instant `unixMilliseconds` at `utcOffsetSeconds` from
  /// UTC, whatever the instant. RFC 3339 writes four-digit years, and most readers (Python's `datetime`,
  /// JavaScript's `Date.parse`) refuse ISO 8601's expanded `+10000-01-01`, so a local time past the year 9999
  /// (the end of an event on 9999-12-31 at 23:30, free time to that day's end) reads as the last second of
  /// 9999, `9999-12-31T23:59:59`, and one before the year 0 as `0000-01-01T00:00:00`: the calendar's own
  /// days end there (an occurrence's days are held to them the same way). Year 0 (1 BC) is `0000`.
  public static func iso8601(unixMilliseconds: Int64, utcOffsetSeconds: Int) -> String {
    String(unsafeUninitializedCapacity: iso8601Count) { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      writeISO8601(unixMilliseconds: unixMilliseconds, utcOffsetSeconds: utcOffsetSeconds, to: base)
      return iso8601Count
    }
  }

  /// How many bytes ``iso8601(unixMilliseconds:utcOffsetSeconds:)`` writes: always 25.
  public static let iso8601Count = 25

  /// Writes ``iso8601(unixMilliseconds:utcOffsetSeconds:)``'s text into the ``iso8601Count`` bytes at
  /// `target`: for listings that write bytes, not Strings.
  public static func writeISO8601(
    unixMilliseconds: Int64, utcOffsetSeconds: Int, to target: UnsafeMutablePointer<UInt8>
  ) {
    let (year, month, day, secondOfDay) = fields(unixMilliseconds: unixMilliseconds, utcOffsetSeconds: utcOffsetSeconds)
    write(year: year, month: month, day: day, secondOfDay: secondOfDay, utcOffsetSeconds: utcOffsetSeconds, to: target)
  }

  /// The local seconds (since 1970 on the local clock) of 0000-01-01T00:00:00 and 9999-12-31T23:59:59.
  static let writableLocalSeconds: ClosedRange<Int64> = -62_167_219_200...253_402_300_799

  private static func fields(unixMilliseconds: Int64, utcOffsetSeconds: Int) -> (Int, Int, Int, Int) {
    // Saturated, so that even an offset no zone has cannot trap; the text is then merely held to the ends.
    let local = unixMilliseconds.floorDivided(by: 1000).addingSaturated(Int64(clamping: utcOffsetSeconds))
    let held = min(max(local, writableLocalSeconds.lowerBound), writableLocalSeconds.upperBound)
    let (days, second) = held.floorDividedWithRemainder(by: 86_400)
    let (year, month, day) = Gregorian.date(daysSince1970: Int(days))
    return (year, month, day, Int(second))
  }

  /// `YYYY-MM-DDTHH:MM:SS+HH:MM` for a year of 0 to 9999 and an offset under 100 hours: 25 bytes.
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

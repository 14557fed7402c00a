import CalCore
import Testing

@Suite("Local timestamps")
struct LocalDateTimeTests {
  private func expectTimestamp(
    _ milliseconds: Int64, offset: Int, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let text = LocalDateTime(unixMilliseconds: milliseconds, utcOffsetSeconds: offset)?.description
    #expect(text == expected, sourceLocation: sourceLocation)
  }

  @Test("instants read as ISO 8601 with their offset")
  func formatting() {
    expectTimestamp(0, offset: 0, "1970-01-01T00:00:00+00:00")
    expectTimestamp(1_715_517_000_000, offset: 7200, "2024-05-12T14:30:00+02:00")  // Berlin, summer
    expectTimestamp(1_715_517_000_999, offset: -18000, "2024-05-12T07:30:00-05:00")  // New York-ish
    expectTimestamp(-1, offset: 0, "1969-12-31T23:59:59+00:00")  // before the epoch rounds down
    expectTimestamp(0, offset: 19800, "1970-01-01T05:30:00+05:30")  // India, a half-hour offset
    expectTimestamp(0, offset: -34200, "1969-12-31T14:30:00-09:30")  // Marquesas
  }
}

extension LocalDateTimeTests {
  private func expectText(
    _ milliseconds: Int64, offset: Int, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      LocalDateTime.iso8601(unixMilliseconds: milliseconds, utcOffsetSeconds: offset) == expected,
      sourceLocation: sourceLocation)
  }

  @Test("any instant has RFC 3339 text: years past 9999 and before 0 held to the last and first second")
  func heldYears() {
    expectText(1_715_517_000_000, offset: 7200, "2024-05-12T14:30:00+02:00")  // the same as description
    expectText(253_402_300_800_000, offset: 0, "9999-12-31T23:59:59+00:00")  // just past 9999
    expectText(253_402_300_799_999, offset: 0, "9999-12-31T23:59:59+00:00")
    expectText(253_402_297_200_000, offset: 3600, "9999-12-31T23:59:59+01:00")  // 9999 ends an hour sooner there
    expectText(253_402_297_199_000, offset: 3600, "9999-12-31T23:59:59+01:00")
    expectText(253_402_297_198_000, offset: 3600, "9999-12-31T23:59:58+01:00")
    expectText(262_042_250_340_000, offset: 0, "9999-12-31T23:59:59+00:00")  // an end issue 9 saw as raw milliseconds
    expectText(-62_135_596_800_001, offset: 0, "0000-12-31T23:59:59+00:00")  // just before year 1
    expectText(-62_135_596_800_000, offset: -36000, "0000-12-31T14:00:00-10:00")  // year 1 begins, seen from Honolulu
    expectText(-62_167_219_200_000, offset: 0, "0000-01-01T00:00:00+00:00")  // 1 BC is year 0
    expectText(-62_167_219_200_001, offset: 0, "0000-01-01T00:00:00+00:00")  // 2 BC is -0001
    expectText(.max, offset: 0, "9999-12-31T23:59:59+00:00")
    expectText(.min, offset: 0, "0000-01-01T00:00:00+00:00")
    // Offsets no zone has give text too, however meaningless.
    for offset in [Int.max, Int.min] {
      for milliseconds in [Int64.max, Int64.min] {
        _ = LocalDateTime.iso8601(unixMilliseconds: milliseconds, utcOffsetSeconds: offset)
      }
    }
  }
}

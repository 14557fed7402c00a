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

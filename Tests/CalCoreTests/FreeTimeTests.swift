import CalCore
import Testing

@Suite("Free time on a day")
struct FreeTimeTests {
  /// Berlin's rules: clocks forward on 31 March 2024, back on 27 October 2024.
  static let berlin = try! ZoneInfo(name: "Europe/Berlin", posix: "CET-1CEST,M3.5.0,M10.5.0/3")
  static let day = try! CivilDate(parsing: "2024-05-13")

  /// The instant of `clock` (`09:30`) on `day` in Berlin.
  private static func at(_ clock: String, on day: CivilDate = day) -> Int64 {
    let minutes = try! TimeExpression.time(clock).minutes
    return berlin.utc(fromLocal: Int64(day.daysSince1970) * 86_400 + Int64(minutes) * 60)
  }

  /// Expects the free stretches of 09:00 to 17:00 beside `busy` (clock pairs) to be `free`.
  private func expect(
    busy: [(String, String)], notBefore: String? = nil, minimum: Int64 = 60, free: [(String, String)],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let slots = FreeTime.slots(
      on: Self.day, hours: .office, zone: Self.berlin, busy: busy.map { (Self.at($0.0), Self.at($0.1)) },
      notBefore: notBefore.map { Self.at($0) } ?? .min, minimum: minimum)
    #expect(
      slots.map { [$0.start, $0.end] } == free.map { [Self.at($0.0), Self.at($0.1)] }, "\(busy)",
      sourceLocation: sourceLocation)
  }

  @Test("busy time in any order, overlapping, beyond the hours, moments, now and the shortest worth listing")
  func stretches() {
    expect(busy: [], free: [("9:00", "17:00")])
    expect(busy: [("10:00", "11:00")], free: [("9:00", "10:00"), ("11:00", "17:00")])
    expect(
      busy: [("14:00", "15:00"), ("10:00", "11:00"), ("10:30", "12:00")],
      free: [("9:00", "10:00"), ("12:00", "14:00"), ("15:00", "17:00")])
    expect(busy: [("7:00", "9:30"), ("16:30", "23:00")], free: [("9:30", "16:30")])
    expect(busy: [("8:00", "18:00")], free: [])
    expect(busy: [("12:00", "12:00")], free: [("9:00", "17:00")])
    expect(busy: [("10:00", "11:00")], notBefore: "10:30", free: [("11:00", "17:00")])
    expect(busy: [], notBefore: "18:00", free: [])
    expect(busy: [("9:20", "16:00")], minimum: 30 * 60, free: [("16:00", "17:00")])
    expect(busy: [("9:30", "16:30")], minimum: 30 * 60, free: [("9:00", "9:30"), ("16:30", "17:00")])
  }

  @Test("hours as the clocks show them on the days the clocks change, and up to the next midnight")
  func clockChanges() throws {
    let spring = try CivilDate(parsing: "2024-03-31")
    let autumn = try CivilDate(parsing: "2024-10-27")
    let whole = try #require(FreeTime.Hours(start: 0, end: 1440))
    for (day, hours) in [(spring, 23), (autumn, 25), (Self.day, 24)] {
      let slots = FreeTime.slots(on: day, hours: whole, zone: Self.berlin, busy: [], notBefore: .min, minimum: 60)
      #expect(slots.map(\.minutes) == [hours * 60], "\(day)")
    }
    let office = FreeTime.slots(on: spring, hours: .office, zone: Self.berlin, busy: [], notBefore: .min, minimum: 60)
    #expect(office.map(\.minutes) == [8 * 60])
    #expect(FreeTime.Hours(start: 600, end: 600) == nil && FreeTime.Hours(start: 0, end: 1441) == nil)
  }
}

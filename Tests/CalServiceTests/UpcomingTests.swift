import CalCore
import CalService
import Foundation
import Testing

@Suite("What is next")
struct UpcomingTests {
  /// What `upcoming` gives at `instant` for `days` days after adding `events`, as summaries, with `*` before
  /// the occurrences under way.
  private func upcoming(
    _ events: [EventFields], at instant: String, days: Int = 7, zone: String = "Europe/Berlin"
  ) throws -> [String] {
    let fixture = try ServiceFixture(zone: zone, at: instant)
    for fields in events { _ = try fixture.service.add(fields) }
    return try fixture.service.upcoming(from: fixture.now, days: days).map { item in
      (item.isRunning(at: fixture.now) ? "* " : "") + item.summary(in: fixture.localZone)
    }
  }

  private func check(
    _ events: [EventFields], at instant: String, days: Int = 7, _ expected: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(try upcoming(events, at: instant, days: days) == expected, sourceLocation: sourceLocation)
  }

  @Test("timed events that ended today are left out, running ones marked, all-day ones kept, 7 days")
  func today() throws {
    let events = [
      event("2024-05-12", "breakfast", at: "08:00", for: 60), event("2024-05-12", "call", at: "09:30", for: 60),
      event("2024-05-12", "reminder", at: "10:00"), event("2024-05-12", "dentist", at: "14:30", for: 45),
      event("2024-05-12", "birthday"), event("2024-05-18", "last day"), event("2024-05-19", "too late"),
      event("2024-05-11", "yesterday"),
    ]
    try check(
      events, at: "2024-05-12T10:00:00+02:00",
      [
        "2024-05-12 all day birthday", "* 2024-05-12 09:30 call", "2024-05-12 14:30 dentist",
        "2024-05-18 all day last day",
      ])
    // An event without a length is over once it has started; one that ends now is over.
    try check(
      events, at: "2024-05-12T10:30:00+02:00", days: 1, ["2024-05-12 all day birthday", "2024-05-12 14:30 dentist"])
  }

  @Test("a timed event from yesterday still under way is listed today, marked; series are expanded")
  func spansAndSeries() throws {
    try check(
      [
        event("2024-05-11", "night shift", at: "22:00", for: 720),
        event("2024-05-06", "standup", at: "09:00", for: 15, repeating: "FREQ=WEEKLY;BYDAY=MO,WE,FR"),
      ], at: "2024-05-12T08:00:00+02:00", days: 3,
      ["* 2024-05-12 2024-05-11T22:00 night shift", "2024-05-13 09:00 standup"])
  }

  @Test("the days are counted on the user's clock, and at the calendar's end the window stops there")
  func edges() throws {
    // 23:30 UTC on 11 May is already 12 May in Berlin.
    try check([event("2024-05-12", "sunday")], at: "2024-05-11T23:30:00Z", days: 1, ["2024-05-12 all day sunday"])
    try check([event("9999-12-31", "the end")], at: "9999-12-31T10:00:00Z", days: 30, ["9999-12-31 all day the end"])
    let fixture = try ServiceFixture()
    #expect(throws: ServiceError.self) { try fixture.service.upcoming(from: fixture.now, days: 0) }
    #expect(try fixture.service.upcoming(from: fixture.now, through: day("2024-05-11")).isEmpty)
  }
}

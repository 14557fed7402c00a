import CalCore
import Testing

@Suite("Occurrences at the calendar's edges")
struct OccurrenceTests {
  @Test("an event at 0001-01-01 00:00 in Kiritimati is kept on 1 January 1 for a user in Honolulu")
  func beforeYear1() throws {
    let year1 = CivilDate.first
    let schedule = EventSchedule(
      startDay: year1, startTime: TimeOfDay(minutes: 0), lengthMinutes: 60, timeZone: "Pacific/Kiritimati")
    for (event, user) in [
      (try ZoneInfoTests.zone("Pacific/Kiritimati"), try ZoneInfoTests.zone("Pacific/Honolulu")),
      (try ZoneInfo(name: "x", posix: "<+14>-14"), try ZoneInfo(name: "y", posix: "HST10")),
    ] {
      let found = Occurrence.occurrences(
        of: schedule, from: year1, through: try CivilDate(parsing: "0001-01-31"), eventZone: event, localZone: user,
        lastOccurrence: nil)
      #expect(found.count == 1)
      #expect(found.first?.firstDay == year1)
      #expect(found.first?.lastDay == year1)
      // It starts on 31 December of year 0 on the user's clock.
      let start = try #require(found.first?.startInstant)
      #expect(user.wallClock(atUTC: start) == nil)
      #expect(user.iso8601(atUnixMilliseconds: start * 1000).hasPrefix("0000-12-31T"))
    }
  }

  @Test("an event late on 9999-12-31 is kept on that day for a user east of it, and one reaching past it ends there")
  func afterYear9999() throws {
    let east = try ZoneInfo(name: "x", posix: "<+14>-14")
    let december = try CivilDate(parsing: "9999-12-01")
    let late = EventSchedule(
      startDay: .last, startTime: TimeOfDay(minutes: 23 * 60), lengthMinutes: 30, timeZone: "UTC")
    let found = Occurrence.occurrences(
      of: late, from: december, through: .last, eventZone: .utc, localZone: east, lastOccurrence: nil)
    #expect(found.map(\.firstDay) == [.last])
    let long = EventSchedule(startDay: december, startTime: TimeOfDay(minutes: 0), lengthMinutes: 100 * 1440)
    let reaching = Occurrence.occurrence(of: long, on: december, eventZone: nil, localZone: .utc)
    #expect(reaching?.lastDay == .last)
    #expect(long.lastDay() == .last)
  }

  @Test("one held to an edge of the calendar says whether it goes on across it, on the user's clock")
  func acrossTheEdges() throws {
    let december = try CivilDate(parsing: "9999-12-31")
    func timed(_ day: CivilDate, _ minutes: Int, length: Int, zone: ZoneInfo) -> Occurrence? {
      Occurrence.occurrence(
        of: EventSchedule(startDay: day, startTime: TimeOfDay(minutes: minutes), lengthMinutes: length), on: day,
        eventZone: zone, localZone: .utc)
    }
    // 14:00 for ten hours ends at midnight, on the day; for eleven it goes on into the year 10000.
    #expect(timed(december, 14 * 60, length: 600, zone: .utc)?.runsPastCalendar(in: .utc) == false)
    #expect(timed(december, 14 * 60, length: 660, zone: .utc)?.runsPastCalendar(in: .utc) == true)
    #expect(timed(december, 14 * 60, length: 660, zone: .utc)?.beganBeforeCalendar(in: .utc) == false)
    // From midnight on 1 January 1 at UTC+14, 10:00 UTC the day before: over before it, or going on into it.
    let east = try ZoneInfo(name: "x", posix: "<+14>-14")
    #expect(timed(.first, 0, length: 60, zone: east)?.beganBeforeCalendar(in: .utc) == false)
    #expect(timed(.first, 0, length: 60 * 15, zone: east)?.beganBeforeCalendar(in: .utc) == true)
    #expect(timed(.first, 0, length: 60 * 15, zone: east)?.runsPastCalendar(in: .utc) == false)
  }
}

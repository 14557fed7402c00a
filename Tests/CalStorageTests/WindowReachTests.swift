import CalCore
import Testing

@testable import CalStorage

/// A window's series, spans and zoned events are read by how far each can reach past its first day
/// (migration 0020): those reaching at most a week by a range of their first day, the others from the first
/// of them. Together the two must find exactly the events that reach the window, no more, no fewer.
@Suite struct WindowReachTests {
  @Test("a window finds exactly the events that reach it, whatever their length, zone or repeat")
  func exactlyThoseThatReach() throws {
    let folder = try TemporaryFolder()
    let store = try CalendarStore(path: folder.file("cal.db"), now: 0)
    let origin = day("2024-04-01")
    try store.write {
      // Lengths either side of the short index's bound, starting on every day of seven weeks.
      for offset in 0..<49 {
        let start = try #require(origin.adding(days: offset))
        for length in 0...10 {
          for schedule in Self.schedules(start: start, length: length) {
            _ = try store.events.insert(EventFields(title: "\(offset)/\(length)", schedule: schedule), at: 1)
          }
        }
      }
    }
    let all = try store.events.topLevel()
    for (first, last) in [("2024-04-20", "2024-04-20"), ("2024-04-15", "2024-04-30"), ("2024-05-10", "2024-06-30")] {
      let (first, last) = (day(first), day(last))
      let expected = all.filter { event in
        let schedule = event.fields.schedule
        let simple = schedule.rule == nil && schedule.spanDays == 0 && schedule.timeZone == nil
        return !simple && schedule.startDay <= last && (event.lastDay.map { $0 >= first } ?? true)
      }
      let found = try store.events.otherEvents(from: first, through: last)
      #expect(found.map(\.id) == expected.map(\.id), "\(first)...\(last)")
      #expect(found.contains { $0.fields.schedule.spanDays > EventRepository.shortReach })
    }
  }

  /// Events starting on `start` that reach `length` days past it: an all-day span, a timed event in a zone
  /// and one on the user's clock, and a series of two.
  static func schedules(start: CivilDate, length: Int) -> [EventSchedule] {
    let evening = TimeOfDay(minutes: 22 * 60)
    return [
      EventSchedule(startDay: start, endDay: start.adding(days: length)),
      EventSchedule(startDay: start, startTime: evening, lengthMinutes: 60, lengthDays: length, timeZone: "Asia/Tokyo"),
      EventSchedule(startDay: start, startTime: evening, lengthMinutes: 180, lengthDays: length),
      EventSchedule(
        startDay: start, endDay: start.adding(days: length), rule: try! RecurrenceRule(parsing: "FREQ=WEEKLY;COUNT=2")),
    ]
  }

  @Test("the events of a window that reach at most a week are searched by a range of their first day")
  func shortOnesAreSearched() throws {
    let folder = try TemporaryFolder()
    let store = try CalendarStore(path: folder.file("cal.db"), now: 0)
    let query = "EXPLAIN QUERY PLAN " + EventRepository.otherRowsQuery(columns: EventRepository.columns)
    let plan = try store.database.fetch(query, ["2030-12-31", "2030-12-01", nil as Int64?, "2030-11-24"]) {
      try $0[3] as String
    }
    #expect(plan.contains { $0.hasPrefix("SEARCH") && $0.contains("events_short (day>? AND day<?)") }, "\(plan)")
    #expect(!plan.contains { $0.hasPrefix("SCAN") || $0.contains("TEMP B-TREE") }, "\(plan)")
  }
}

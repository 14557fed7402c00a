import CalCore
import Testing

@testable import CalStorage

@Suite("Several calendars in the schema")
struct CalendarsMigrationTests {
  /// `simple_days` as the triggers keep it, and as counting the events again gives it.
  private func simpleDays(_ store: CalendarStore) throws -> (kept: [String], counted: [String]) {
    let kept = try store.database.fetch("SELECT day, calendar_id, events FROM simple_days ORDER BY day, calendar_id") {
      "\(try $0[0] as String) \(try $0[1] as Int64) \(try $0[2] as Int64)"
    }
    let counted = try store.database.fetch(
      """
      SELECT day, calendar_id, count(*) FROM events WHERE rrule IS NULL AND span_days = 0 AND time_zone IS NULL
      GROUP BY day, calendar_id ORDER BY day, calendar_id
      """
    ) { "\(try $0[0] as String) \(try $0[1] as Int64) \(try $0[2] as Int64)" }
    return (kept, counted)
  }

  @Test("0006 moves every event of an older file to personal, losing nothing, and the day counts stay right")
  func upgradeFromOlderFile() throws {
    let folder = try TemporaryFolder()
    let path = try folder.olderCalendar(before: "0006") { database in
      for (index, day) in ["2024-05-12", "2024-05-12", "2024-05-13"].enumerated() {
        try database.execute(
          "INSERT INTO events (day, title, created_at, updated_at, uid) VALUES (?, ?, 0, 0, ?)",
          [day, "event \(index)", "uid-\(index)"])
      }
      try database.execute(
        "INSERT INTO events (day, title, rrule, created_at, updated_at, uid) VALUES ('2024-05-01', 's', 'FREQ=DAILY', 0, 0, 's')"
      )
      try database.execute("INSERT INTO event_exceptions (event_id, day) VALUES (4, '2024-05-02')")
    }
    let store = try CalendarStore(path: path, now: 2)
    #expect(try store.calendars.all().map(\.name) == ["personal"])
    let all = try store.events.topLevel()
    #expect(all.map(\.title) == ["s", "event 0", "event 1", "event 2"])
    #expect(all.allSatisfy { $0.calendarID == 1 })
    #expect(try store.events.exceptions(eventID: 4) == [day("2024-05-02")])
    let counts = try simpleDays(store)
    #expect(counts.kept == ["2024-05-12 1 2", "2024-05-13 1 1"])
    #expect(counts.kept == counts.counted)
  }

  @Test("the day counts follow events into, between and out of calendars")
  func dayCountsPerCalendar() throws {
    let folder = try TemporaryFolder()
    let store = try CalendarStore(path: folder.file("cal.db"), now: 0)
    let work = try store.calendars.insert(CalendarRecord(id: 0, name: "work"))
    let a = try store.events.insert(fields("2024-05-12", "a"), calendar: 1, at: 1)
    _ = try store.events.insert(fields("2024-05-12", "b"), calendar: work.id, at: 1)
    _ = try store.events.insert(fields("2024-05-13", "c"), calendar: work.id, at: 1)
    #expect(
      try store.events.simpleDays(from: day("2024-05-01"), through: day("2024-05-31"), calendar: work.id).map(
        \.description) == ["2024-05-12", "2024-05-13"])
    #expect(
      try store.events.simpleDays(from: day("2024-05-01"), through: day("2024-05-31"), calendar: 1).map(\.description)
        == ["2024-05-12"])
    try store.database.execute("UPDATE events SET calendar_id = ? WHERE id = ?", [work.id, a.id])
    var counts = try simpleDays(store)
    #expect(counts.kept == ["2024-05-12 \(work.id) 2", "2024-05-13 \(work.id) 1"])
    #expect(counts.kept == counts.counted)
    #expect(try store.events.deleteAll(calendar: work.id) == 3)
    counts = try simpleDays(store)
    #expect(counts.kept.isEmpty && counts.counted.isEmpty)
    try store.calendars.delete(id: work.id)
    #expect(try store.calendars.all().map(\.name) == ["personal"])
  }

  @Test("a UID is unique within a calendar, not across calendars; an event needs a calendar that exists")
  func uniqueness() throws {
    let folder = try TemporaryFolder()
    let store = try CalendarStore(path: folder.file("cal.db"), now: 0)
    let work = try store.calendars.insert(CalendarRecord(id: 0, name: "Work"))
    var shared = fields("2024-05-12", "shared")
    shared.uid = "same@host"
    _ = try store.events.insert(shared, calendar: 1, at: 1)
    _ = try store.events.insert(shared, calendar: work.id, at: 1)
    #expect(try store.events.event(uid: "same@host", calendar: work.id)?.calendarID == work.id)
    #expect(throws: DatabaseError.self) { try store.events.insert(shared, calendar: work.id, at: 1) }
    #expect(throws: DatabaseError.self) { try store.events.insert(fields("2024-05-12", "x"), calendar: 99, at: 1) }
    #expect(throws: DatabaseError.self) { try store.calendars.delete(id: work.id) }
    #expect(throws: DatabaseError.self) { try store.calendars.insert(CalendarRecord(id: 0, name: "WORK")) }
  }
}

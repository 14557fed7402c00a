import CalCore
import Testing

@testable import CalStorage

@Suite("Repositories")
struct RepositoryTests {
  let folder: TemporaryFolder
  let store: CalendarStore

  init() throws {
    folder = try TemporaryFolder()
    store = try CalendarStore(path: folder.file("cal.db"), now: 0)
  }

  @Test("events list by day then id, within the range only")
  func eventsInRange() throws {
    for (start, title) in [
      ("2024-05-31", "late"), ("2024-05-01", "early"), ("2024-06-01", "next month"),
      ("2024-05-01", "early too"), ("2024-04-30", "last month"),
    ] {
      _ = try store.events.insert(fields(start, title), at: 1)
    }
    let titles = try store.events.simpleEvents(from: day("2024-05-01"), through: day("2024-05-31")).map(\.title)
    #expect(titles == ["early", "early too", "late"])
    #expect(
      try store.events.simpleDays(from: day("2024-05-01"), through: day("2024-05-31")) == [
        day("2024-05-01"), day("2024-05-31"),
      ])
  }

  @Test("text round-trips exactly, including NUL, emoji and notes")
  func textRoundTrip() throws {
    let event = try store.events.insert(
      fields("2024-05-12", "a\u{0}b 🦷 Zahnarzt", note: "line\nline"), at: 7)
    #expect(try store.events.event(id: event.id) == event)
  }

  @Test("delete returns what it removed, and nil for an unknown id")
  func delete() throws {
    let event = try store.events.insert(fields("2024-05-12", "dentist", note: "card"), at: 7)
    #expect(try store.events.delete(id: event.id) == event)
    #expect(try store.events.delete(id: event.id) == nil)
    #expect(try store.events.count() == 0)
  }

  @Test("ids are never reused after a deletion")
  func idsNotReused() throws {
    let first = try store.events.insert(fields("2024-05-12", "one"), at: 1)
    _ = try store.events.delete(id: first.id)
    let second = try store.events.insert(fields("2024-05-12", "two"), at: 1)
    #expect(second.id > first.id)
  }

  @Test("the schema refuses an empty title and a malformed day")
  func constraints() throws {
    let emptyTitle = try #require(throws: DatabaseError.self) {
      try store.events.insert(fields("2024-05-12", "  "), at: 1)
    }
    #expect(emptyTitle.resultCode.primary == .constraint)
    #expect(emptyTitle.description.hasPrefix("SQLite error 19: CHECK constraint failed"))
    #expect(emptyTitle.description.contains("while executing `INSERT INTO events"))
    // A day that is not YYYY-MM-DD cannot come from a CivilDate; the schema refuses it all the same.
    #expect(throws: DatabaseError.self) {
      try store.database.execute(
        "INSERT INTO events (day, title, created_at, updated_at) VALUES ('May 12', 'x', 1, 1)")
    }
  }

  @Test("the viewed month is one row, replaced on every save")
  func viewedMonth() throws {
    #expect(try store.viewedMonth.month() == nil)
    try store.viewedMonth.setMonth(month("2024-05"))
    try store.viewedMonth.setMonth(month("2024-06"))
    #expect(try store.viewedMonth.month() == month("2024-06"))
    #expect(try store.database.fetchOne("SELECT count(*) FROM viewed_month") { try $0[0] as Int64 } == 1)
  }

  @Test("transitions come back newest first, limited on request")
  func transitions() throws {
    _ = try store.transitions.append(at: 1, direction: .upLeft, from: month("2024-05"), to: month("2024-06"))
    _ = try store.transitions.append(at: 2, direction: nil, from: month("2024-06"), to: month("2030-01"))
    let all = try store.transitions.newestFirst()
    #expect(all.map(\.to) == [month("2030-01"), month("2024-06")])
    #expect(all.last?.direction == .upLeft)
    #expect(try store.transitions.newestFirst(limit: 1).map(\.kind) == [.goto])
  }

  @Test("a flip without a direction is refused by the schema")
  func transitionConstraint() throws {
    #expect(throws: DatabaseError.self) {
      try store.database.execute(
        "INSERT INTO transitions (at, kind, direction, curl, from_month, to_month) VALUES (1, 'flip', NULL, NULL, '2024-05', '2024-06')"
      )
    }
  }

  @Test("a failed write transaction leaves nothing behind")
  func rollback() throws {
    struct Abort: Error {}
    #expect(throws: Abort.self) {
      try store.write {
        _ = try store.events.insert(fields("2024-05-12", "doomed"), at: 1)
        throw Abort()
      }
    }
    #expect(try store.events.count() == 0)
    #expect(!store.database.isInTransaction)
  }
}

@Suite("Series, spans and exceptions in storage")
struct SeriesStorageTests {
  let folder: TemporaryFolder
  let store: CalendarStore

  init() throws {
    folder = try TemporaryFolder()
    store = try CalendarStore(path: folder.file("cal.db"), now: 0)
  }

  @Test("series, spans and zoned events are found while they last; one-day events by their day")
  func otherEvents() throws {
    _ = try store.events.insert(fields("2024-05-12", "one day"), at: 1)
    let series = try store.events.insert(fields("2024-01-01", "weekly", rrule: "FREQ=WEEKLY"), at: 1)
    let span = try store.events.insert(fields("2024-04-28", "span", endDay: "2024-05-03"), at: 1)
    let ended = try store.events.insert(fields("2024-03-01", "ended", rrule: "FREQ=DAILY;COUNT=3"), at: 1)
    let found = try store.events.otherEvents(from: day("2024-05-01"), through: day("2024-05-31")).map(\.title)
    #expect(found == ["weekly", "span"])
    #expect(
      try store.events.simpleEvents(from: day("2024-05-01"), through: day("2024-05-31")).map(\.title) == ["one day"])
    #expect(try store.events.simpleDays(from: day("2024-04-01"), through: day("2024-05-31")) == [day("2024-05-12")])
    #expect(series.lastDay == nil)
    // The span's reach and the last day of the ended series are worked out when they are written.
    #expect(span.fields.schedule.spanDays == 5 && span.lastDay == day("2024-05-03"))
    #expect(ended.lastDay == day("2024-03-03"))
  }

  @Test("exceptions and edited occurrences are skipped days; deleting the series takes them along")
  func exceptions() throws {
    let series = try store.events.insert(fields("2024-05-01", "daily", rrule: "FREQ=DAILY"), at: 1)
    try store.events.addException(eventID: series.id, day: day("2024-05-03"))
    try store.events.addException(eventID: series.id, day: day("2024-05-03"))  // twice is once
    let edited = try store.events.insert(
      fields("2024-05-05", "moved", parentID: series.id, recurrenceDay: "2024-05-04"), at: 1)
    #expect(
      try store.events.skippedDays(from: day("2024-05-01"), through: day("2024-05-31")) == [
        series.id: [day("2024-05-03"), day("2024-05-04")]
      ])
    #expect(try store.events.override(of: series.id, on: day("2024-05-04")) == edited)
    _ = try store.events.delete(id: series.id)
    #expect(try store.events.event(id: edited.id) == nil)
    #expect(try store.events.exceptions(eventID: series.id).isEmpty)
  }

  @Test("splitting a series hands on the exceptions and edits from the split day")
  func move() throws {
    let old = try store.events.insert(fields("2024-05-01", "a", rrule: "FREQ=DAILY"), at: 1)
    let new = try store.events.insert(fields("2024-05-10", "b", rrule: "FREQ=DAILY"), at: 1)
    try store.events.addException(eventID: old.id, day: day("2024-05-02"))
    try store.events.addException(eventID: old.id, day: day("2024-05-12"))
    try store.events.moveExceptions(from: old.id, to: new.id, onOrAfter: day("2024-05-10"))
    #expect(try store.events.exceptions(eventID: old.id) == [day("2024-05-02")])
    #expect(try store.events.exceptions(eventID: new.id) == [day("2024-05-12")])
  }

  @Test("a database of the first schema is upgraded, its events kept")
  func upgradeFromFirstSchema() throws {
    let path = folder.file("old.db")
    do {
      let database = try Database(path: path)
      try Migrator(migrations: Array(BundledMigrations.all.prefix(1))).migrate(database, now: 0)
      try database.execute(
        "INSERT INTO events (day, title, note, created_at, updated_at) VALUES ('2024-05-12', 'old', NULL, 0, 0)")
    }
    let upgraded = try CalendarStore(path: path, now: 1)
    let events = try upgraded.events.simpleEvents(from: day("2024-05-01"), through: day("2024-05-31"))
    #expect(events.map(\.title) == ["old"])
    #expect(events.first?.lastDay == day("2024-05-12"))
  }
}

@Suite("Days with one-day events")
struct SimpleDaysTests {
  @Test("the per-day counts follow inserts, updates and deletes, and only of one-day events on the user's clock")
  func counts() throws {
    let folder = try TemporaryFolder()
    let store = try CalendarStore(path: folder.file("cal.db"), now: 0)
    let days = { try store.events.simpleDays(from: day("2024-01-01"), through: day("2024-12-31")).map(\.description) }
    let a = try store.events.insert(fields("2024-05-12", "a"), at: 1)
    _ = try store.events.insert(fields("2024-05-12", "b"), at: 1)
    _ = try store.events.insert(fields("2024-05-13", "series", rrule: "FREQ=DAILY"), at: 1)
    _ = try store.events.insert(fields("2024-05-14", "zoned", startMinute: 60, timeZone: "UTC"), at: 1)
    #expect(try days() == ["2024-05-12"])
    _ = try store.events.update(id: a.id, fields("2024-06-01", "a"), at: 2)
    #expect(try days() == ["2024-05-12", "2024-06-01"])
    _ = try store.events.delete(id: a.id)
    #expect(try days() == ["2024-05-12"])
    let count = try store.database.fetchOne("SELECT events FROM simple_days WHERE day = '2024-05-12'") {
      try $0[0] as Int64
    }
    #expect(count == 1)
  }
}

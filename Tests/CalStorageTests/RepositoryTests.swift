import CalStorage
import Testing

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
    for (day, title) in [
      ("2024-05-31", "late"), ("2024-05-01", "early"), ("2024-06-01", "next month"),
      ("2024-05-01", "early too"), ("2024-04-30", "last month"),
    ] {
      _ = try store.events.insert(EventFields(day: day, title: title, note: nil), at: 1)
    }
    let titles = try store.events.simpleEvents(from: "2024-05-01", through: "2024-05-31").map(\.title)
    #expect(titles == ["early", "early too", "late"])
    #expect(try store.events.simpleDays(from: "2024-05-01", through: "2024-05-31") == ["2024-05-01", "2024-05-31"])
  }

  @Test("text round-trips exactly, including NUL, emoji and notes")
  func textRoundTrip() throws {
    let event = try store.events.insert(
      EventFields(day: "2024-05-12", title: "a\u{0}b 🦷 Zahnarzt", note: "line\nline"), at: 7)
    #expect(try store.events.event(id: event.id) == event)
  }

  @Test("delete returns what it removed, and nil for an unknown id")
  func delete() throws {
    let event = try store.events.insert(EventFields(day: "2024-05-12", title: "dentist", note: "card"), at: 7)
    #expect(try store.events.delete(id: event.id) == event)
    #expect(try store.events.delete(id: event.id) == nil)
    #expect(try store.events.count() == 0)
  }

  @Test("ids are never reused after a deletion")
  func idsNotReused() throws {
    let first = try store.events.insert(EventFields(day: "2024-05-12", title: "one", note: nil), at: 1)
    _ = try store.events.delete(id: first.id)
    let second = try store.events.insert(EventFields(day: "2024-05-12", title: "two", note: nil), at: 1)
    #expect(second.id > first.id)
  }

  @Test("the schema refuses an empty title and a malformed day")
  func constraints() throws {
    let emptyTitle = try #require(throws: DatabaseError.self) {
      try store.events.insert(EventFields(day: "2024-05-12", title: "  ", note: nil), at: 1)
    }
    #expect(emptyTitle.primaryResultCode == 19)  // SQLITE_CONSTRAINT
    #expect(emptyTitle.description.hasPrefix("SQLite error 19: CHECK constraint failed"))
    #expect(emptyTitle.description.contains("while executing `INSERT INTO events"))
    #expect(throws: DatabaseError.self) {
      try store.events.insert(EventFields(day: "May 12", title: "x", note: nil), at: 1)
    }
  }

  @Test("the viewed month is one row, replaced on every save")
  func viewedMonth() throws {
    #expect(try store.viewedMonth.month() == nil)
    try store.viewedMonth.setMonth("2024-05")
    try store.viewedMonth.setMonth("2024-06")
    #expect(try store.viewedMonth.month() == "2024-06")
    #expect(try store.database.fetchOne("SELECT count(*) FROM viewed_month") { $0.integer(0) } == 1)
  }

  @Test("transitions come back newest first, limited on request")
  func transitions() throws {
    _ = try store.transitions.append(
      at: 1, kind: .flip, direction: "up-left", curl: "curl", from: "2024-05", to: "2024-06")
    _ = try store.transitions.append(at: 2, kind: .goto, direction: nil, curl: nil, from: "2024-06", to: "2030-01")
    let all = try store.transitions.newestFirst()
    #expect(all.map(\.toMonth) == ["2030-01", "2024-06"])
    #expect(all.last?.direction == "up-left")
    #expect(try store.transitions.newestFirst(limit: 1).map(\.kind) == [.goto])
  }

  @Test("a flip without a direction is refused by the schema")
  func transitionConstraint() throws {
    #expect(throws: DatabaseError.self) {
      try store.transitions.append(at: 1, kind: .flip, direction: nil, curl: nil, from: "2024-05", to: "2024-06")
    }
  }

  @Test("a failed write transaction leaves nothing behind")
  func rollback() throws {
    struct Abort: Error {}
    #expect(throws: Abort.self) {
      try store.write {
        _ = try store.events.insert(EventFields(day: "2024-05-12", title: "doomed", note: nil), at: 1)
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
    _ = try store.events.insert(EventFields(day: "2024-05-12", title: "one day"), at: 1)
    let series = try store.events.insert(
      EventFields(day: "2024-01-01", title: "weekly", rrule: "FREQ=WEEKLY", lastDay: nil), at: 1)
    _ = try store.events.insert(
      EventFields(day: "2024-04-28", title: "span", endDay: "2024-05-03", spanDays: 5, lastDay: "2024-05-03"), at: 1)
    _ = try store.events.insert(
      EventFields(day: "2024-03-01", title: "ended", rrule: "FREQ=DAILY;COUNT=3", lastDay: "2024-03-03"), at: 1)
    let found = try store.events.otherEvents(from: "2024-05-01", through: "2024-05-31").map(\.title)
    #expect(found == ["weekly", "span"])
    #expect(try store.events.simpleEvents(from: "2024-05-01", through: "2024-05-31").map(\.title) == ["one day"])
    #expect(try store.events.simpleDays(from: "2024-04-01", through: "2024-05-31") == ["2024-05-12"])
    #expect(series.fields.lastDay == nil)
  }

  @Test("exceptions and edited occurrences are skipped days; deleting the series takes them along")
  func exceptions() throws {
    let series = try store.events.insert(EventFields(day: "2024-05-01", title: "daily", rrule: "FREQ=DAILY"), at: 1)
    try store.events.addException(eventID: series.id, day: "2024-05-03")
    try store.events.addException(eventID: series.id, day: "2024-05-03")  // twice is once
    let edited = try store.events.insert(
      EventFields(day: "2024-05-05", title: "moved", parentID: series.id, recurrenceDay: "2024-05-04"), at: 1)
    #expect(
      try store.events.skippedDays(from: "2024-05-01", through: "2024-05-31") == [
        series.id: ["2024-05-03", "2024-05-04"]
      ])
    #expect(try store.events.override(of: series.id, on: "2024-05-04") == edited)
    _ = try store.events.delete(id: series.id)
    #expect(try store.events.event(id: edited.id) == nil)
    #expect(try store.events.exceptions(eventID: series.id).isEmpty)
  }

  @Test("splitting a series hands on the exceptions and edits from the split day")
  func move() throws {
    let old = try store.events.insert(EventFields(day: "2024-05-01", title: "a", rrule: "FREQ=DAILY"), at: 1)
    let new = try store.events.insert(EventFields(day: "2024-05-10", title: "b", rrule: "FREQ=DAILY"), at: 1)
    try store.events.addException(eventID: old.id, day: "2024-05-02")
    try store.events.addException(eventID: old.id, day: "2024-05-12")
    try store.events.moveExceptions(from: old.id, to: new.id, onOrAfter: "2024-05-10")
    #expect(try store.events.exceptions(eventID: old.id) == ["2024-05-02"])
    #expect(try store.events.exceptions(eventID: new.id) == ["2024-05-12"])
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
    let events = try upgraded.events.simpleEvents(from: "2024-05-01", through: "2024-05-31")
    #expect(events.map(\.title) == ["old"])
    #expect(events.first?.fields.lastDay == "2024-05-12")
  }
}

@Suite("Days with one-day events")
struct SimpleDaysTests {
  @Test("the per-day counts follow inserts, updates and deletes, and only of one-day events on the user's clock")
  func counts() throws {
    let folder = try TemporaryFolder()
    let store = try CalendarStore(path: folder.file("cal.db"), now: 0)
    let days = { try store.events.simpleDays(from: "2024-01-01", through: "2024-12-31") }
    let a = try store.events.insert(EventFields(day: "2024-05-12", title: "a"), at: 1)
    _ = try store.events.insert(EventFields(day: "2024-05-12", title: "b"), at: 1)
    _ = try store.events.insert(EventFields(day: "2024-05-13", title: "series", rrule: "FREQ=DAILY"), at: 1)
    _ = try store.events.insert(EventFields(day: "2024-05-14", title: "zoned", startMinute: 60, timeZone: "UTC"), at: 1)
    #expect(try days() == ["2024-05-12"])
    _ = try store.events.update(id: a.id, EventFields(day: "2024-06-01", title: "a"), at: 2)
    #expect(try days() == ["2024-05-12", "2024-06-01"])
    _ = try store.events.delete(id: a.id)
    #expect(try days() == ["2024-05-12"])
    let count = try store.database.fetchOne("SELECT events FROM simple_days WHERE day = '2024-05-12'") { $0.integer(0) }
    #expect(count == 1)
  }
}

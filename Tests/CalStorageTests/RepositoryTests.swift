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
      _ = try store.events.insert(day: day, title: title, note: nil, at: 1)
    }
    let titles = try store.events.events(from: "2024-05-01", through: "2024-05-31").map(\.title)
    #expect(titles == ["early", "early too", "late"])
    #expect(try store.events.days(withEventsFrom: "2024-05-01", through: "2024-05-31") == ["2024-05-01", "2024-05-31"])
  }

  @Test("text round-trips exactly, including NUL, emoji and notes")
  func textRoundTrip() throws {
    let event = try store.events.insert(day: "2024-05-12", title: "a\u{0}b 🦷 Zahnarzt", note: "line\nline", at: 7)
    #expect(try store.events.event(id: event.id) == event)
  }

  @Test("delete returns what it removed, and nil for an unknown id")
  func delete() throws {
    let event = try store.events.insert(day: "2024-05-12", title: "dentist", note: "card", at: 7)
    #expect(try store.events.delete(id: event.id) == event)
    #expect(try store.events.delete(id: event.id) == nil)
    #expect(try store.events.count() == 0)
  }

  @Test("ids are never reused after a deletion")
  func idsNotReused() throws {
    let first = try store.events.insert(day: "2024-05-12", title: "one", note: nil, at: 1)
    _ = try store.events.delete(id: first.id)
    let second = try store.events.insert(day: "2024-05-12", title: "two", note: nil, at: 1)
    #expect(second.id > first.id)
  }

  @Test("the schema refuses an empty title and a malformed day")
  func constraints() throws {
    let emptyTitle = try #require(throws: DatabaseError.self) {
      try store.events.insert(day: "2024-05-12", title: "  ", note: nil, at: 1)
    }
    #expect(emptyTitle.primaryResultCode == 19)  // SQLITE_CONSTRAINT
    #expect(emptyTitle.description.hasPrefix("SQLite error 19: CHECK constraint failed"))
    #expect(emptyTitle.description.contains("while executing `INSERT INTO events"))
    #expect(throws: DatabaseError.self) { try store.events.insert(day: "May 12", title: "x", note: nil, at: 1) }
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
        _ = try store.events.insert(day: "2024-05-12", title: "doomed", note: nil, at: 1)
        throw Abort()
      }
    }
    #expect(try store.events.count() == 0)
    #expect(!store.database.isInTransaction)
  }
}

import CalCore
import Foundation
import Testing

@testable import CalStorage

@Suite("The change log")
struct ChangeLogTests {
  let now: Int64 = 1_700_000_000_000

  private func titles(_ store: CalendarStore) throws -> [String] {
    try store.events.topLevel().map(\.title)
  }

  @Test("a large change is kept in parts, and undone and redone whole")
  func parts() throws {
    let folder = try TemporaryFolder()
    let store = try CalendarStore(path: folder.file("cal.db"), now: now)
    _ = try store.write {
      try store.events.insert(EventFields(title: "before", schedule: .init(startDay: .first)), at: now)
    }
    store.changes.recording.partMemory = 16 << 10
    try store.write(recording: "import", label: nil, at: now) {
      for index in 0..<2_000 {
        let fields = EventFields(
          title: "event \(index)", schedule: EventSchedule(startDay: CivilDate(daysSince1970: index)!),
          reminders: [Reminder(.start(offsetSeconds: -900))])
        _ = try store.events.insert(fields, at: now)
        if index % 100 == 99 { try store.changes.checkpoint() }
      }
      return ((), "imported 2,000 events")
    }
    let parts = try store.database.fetchOne("SELECT count(*) FROM change_sets") { try $0[0] as Int64 }
    #expect((parts ?? 0) > 5)
    #expect(try titles(store).count == 2_001)
    _ = try store.write { try store.changes.undo(count: 1) }
    #expect(try titles(store) == ["before"])
    #expect(try store.database.fetchOne("SELECT count(*) FROM reminders") { try $0[0] as Int64 } == 0)
    _ = try store.write { try store.changes.redo(count: 1) }
    #expect(try titles(store).count == 2_001)
    #expect(try store.database.fetchOne("SELECT count(*) FROM reminders") { try $0[0] as Int64 } == 2_000)
  }

  @Test("a write that fails records nothing; the next one records normally")
  func failedWrite() throws {
    let folder = try TemporaryFolder()
    let store = try CalendarStore(path: folder.file("cal.db"), now: now)
    struct Refused: Error {}
    #expect(throws: Refused.self) {
      try store.write(recording: "add", label: nil, at: now) { () throws -> ((), String) in
        _ = try store.events.insert(EventFields(title: "x", schedule: .init(startDay: .first)), at: now)
        throw Refused()
      }
    }
    #expect(try store.changes.newestFirst().isEmpty)
    try store.write(recording: "add", label: "cal add", at: now) {
      _ = try store.events.insert(EventFields(title: "y", schedule: .init(startDay: .first)), at: now)
      return ((), "added y")
    }
    #expect(try store.changes.newestFirst().map(\.summary) == ["added y"])
  }
}

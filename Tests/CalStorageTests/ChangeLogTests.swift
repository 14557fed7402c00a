import CalCore
import Foundation
import Testing

@testable import CalStorage

@Suite("The change log")
struct ChangeLogTests {
  let now: Int64 = 1_700_000_000_000

  private func titles(_ store: CalendarStore) throws -> [String] {
    var titles: [String] = []
    try store.events.forEachTopLevel {
      titles.append($0.title)
      return true
    }
    return titles
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

  @Test("undoing the removal of a CalDAV calendar brings back its sync state, so the next sync knows its events")
  func calendarRemovalKeepsSyncState() throws {
    let folder = try TemporaryFolder()
    let store = try CalendarStore(path: folder.file("cal.db"), now: now)
    let item = SyncItemRecord(uid: "u1", href: "/cal/u1.ics", etag: "\"1\"", localHash: 7)
    let calendar = try store.write {
      let calendar = try store.calendars.insert(
        CalendarRecord(id: 0, name: "work", kind: .caldav, url: "http://localhost/cal/", syncToken: "t1"))
      let fields = EventFields(title: "meeting", schedule: EventSchedule(startDay: .first), uid: "u1")
      _ = try store.events.insert(fields, calendar: calendar.id, at: now)
      try store.syncItems.save(item, calendar: calendar.id)
      return calendar
    }
    try store.write(recording: "calendar", label: nil, at: now) {
      _ = try store.events.deleteAll(calendar: calendar.id)
      try store.changes.endPart()
      try store.calendars.delete(id: calendar.id)
      return ((), "removed calendar work")
    }
    #expect(try store.syncItems.items(calendar: calendar.id).isEmpty)
    _ = try store.write { try store.changes.undo(count: 1) }
    #expect(try store.calendars.calendar(id: calendar.id)?.syncToken == "t1")
    #expect(try store.syncItems.items(calendar: calendar.id) == [item])
    _ = try store.write { try store.changes.redo(count: 1) }
    #expect(try store.syncItems.items(calendar: calendar.id).isEmpty)
  }

  @Test("rows read back make the changeset the session would have recorded, to the byte")
  func addedRowsAsRecorded() throws {
    let folder = try TemporaryFolder()
    let store = try CalendarStore(path: folder.file("cal.db"), now: now)
    let database = store.database
    // Rolled back: only the changesets are wanted.
    #expect(throws: Rollback.self) {
      try database.writeTransaction {
        let session = try Session(database, tables: ["events"])
        var fields = EventFields(
          title: "Zoë's call", note: String(repeating: "long note ", count: 40),
          schedule: EventSchedule(
            startDay: CivilDate(daysSince1970: 19_800)!, startTime: TimeOfDay(minutes: 540)!, lengthMinutes: 45,
            timeZone: "Europe/Berlin", rule: RecurrenceRule(frequency: .weekly)),
          uid: "call@example.com")
        _ = try store.events.insert(fields, at: -now)
        fields.uid = nil
        fields.schedule = EventSchedule(startDay: .first)
        _ = try store.events.insert(fields, at: now)
        let recorded = try session.changeset()
        var read: [[UInt8]] = []
        try AddedRows(table: "events", after: 0).write(from: database, partSize: 1 << 20) { read.append($0) }
        #expect(read.count == 1)
        // The session writes its rows in an order of its own: the same rows, each the same, in any order.
        #expect(read.first?.count == recorded.count)
        let columns =
          try store.database.fetchOne("SELECT count(*) FROM pragma_table_info('events')") {
            try $0[0] as Int64
          }.map(Int.init) ?? 0
        let header = 1 + 1 + columns + "events".utf8.count + 1
        #expect(read.first?.prefix(header) == recorded.prefix(header))
        #expect(
          Set(try rows(read.first ?? [], after: header, columns: columns))
            == Set(try rows(recorded, after: header, columns: columns)))
        throw Rollback()
      }
    }
  }

  @Test("an import's rows read back are undone and redone whole, with what the session recorded")
  func addedRows() throws {
    let folder = try TemporaryFolder()
    let store = try CalendarStore(path: folder.file("cal.db"), now: now)
    store.changes.recording.partMemory = 16 << 10
    try store.write(recording: "import", label: nil, at: now) {
      try store.changes.recordAddedRows(of: "events", after: 0)
      for index in 0..<2_000 {
        let fields = EventFields(
          title: "event \(index)", schedule: EventSchedule(startDay: CivilDate(daysSince1970: index)!),
          reminders: [Reminder(.start(offsetSeconds: -900))])
        let event = try store.events.insert(fields, at: now)
        var child = fields
        child.parentID = event.id
        child.reminders = []
        if index % 500 == 0 { _ = try store.events.insert(child, at: now) }
        if index % 100 == 99 { try store.changes.checkpoint() }
      }
      return ((), "imported 2,000 events")
    }
    let parts = { try store.database.fetch("SELECT part FROM change_sets ORDER BY part") { try $0[0] as Int64 } }
    let count = { (table: String) in try store.database.fetchOne("SELECT count(*) FROM \(table)") { try $0[0] as Int64 }
    }
    // The rows added are kept as their range until the change is undone; the session's parts as recorded.
    #expect(try parts().allSatisfy { $0 >= 0 } && parts().contains(0) && count("added_rows") == 1)
    #expect(try titles(store).count == 2_000)
    #expect(try count("events") == 2_004)
    _ = try store.write { try store.changes.undo(count: 1) }
    #expect(try parts().filter { $0 < 0 }.count > 5 && count("added_rows") == 0)
    #expect(try count("events") == 0 && count("reminders") == 0 && count("simple_days") == 0)
    _ = try store.write { try store.changes.redo(count: 1) }
    #expect(try count("events") == 2_004 && count("reminders") == 2_000 && count("simple_days") == 2_000)
  }

  @Test("rows an import added that something unrecorded changed since make its undo refused, as a changeset would")
  func addedRowsChangedSince() throws {
    let folder = try TemporaryFolder()
    let store = try CalendarStore(path: folder.file("cal.db"), now: now)
    try store.write(recording: "import", label: nil, at: now) {
      try store.changes.recordAddedRows(of: "events", after: 0)
      for index in 0..<10 {
        let day = CivilDate(daysSince1970: index)!
        _ = try store.events.insert(EventFields(title: "event \(index)", schedule: .init(startDay: day)), at: now)
      }
      return ((), "imported 10 events")
    }
    // A sync, say, changes one of them: it is recorded nowhere.
    var fields = try #require(try store.events.event(id: 4)).fields
    fields.title = "changed on the server"
    _ = try store.write { try store.events.update(id: 4, fields, at: now + 1) }
    #expect(throws: ChangeConflict.self) { _ = try store.write { try store.changes.undo(count: 1) } }
    #expect(try titles(store).count == 10)
    #expect(try store.database.fetchOne("SELECT count(*) FROM added_rows") { try $0[0] as Int64 } == 1)
  }

  /// The changes of a changeset of INSERTs of `columns` columns, each as its bytes.
  private func rows(_ changeset: [UInt8], after header: Int, columns: Int) throws -> [[UInt8]] {
    var rows: [[UInt8]] = []
    var index = header
    while index < changeset.count {
      let start = index
      index += 2
      for _ in 0..<columns {
        let type = changeset[index]
        index += 1
        switch type {
        case 1, 2: index += 8
        case 3, 4:
          var length = 0
          while changeset[index] & 0x80 != 0 {
            length = length << 7 | Int(changeset[index] & 0x7F)
            index += 1
          }
          length = length << 7 | Int(changeset[index])
          index += 1 + length
        default: break
        }
      }
      rows.append(Array(changeset[start..<index]))
    }
    return rows
  }

  private struct Rollback: Error {}

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

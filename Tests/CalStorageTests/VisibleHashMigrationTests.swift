import CalCore
import Testing

@testable import CalStorage

/// Migration 0022: what the last sync left of each item gets a second hash, of the series without the lines
/// cal keeps without reading; the rows already there have none.
@Suite("The visible hash of sync items")
struct VisibleHashMigrationTests {
  @Test("0022 leaves the rows as they were, without a visible hash; the repository writes and reads it")
  func upgradeLeavesRowsWithoutIt() throws {
    let folder = try TemporaryFolder()
    let path = try folder.olderCalendar(before: "0022") { database in
      try database.execute(
        "INSERT INTO calendars (id, name, kind, url, sync_token) VALUES (2, 'work', 'caldav', 'http://localhost/work/', 't1')"
      )
      try database.execute(
        """
        INSERT INTO sync_items (calendar_id, uid, href, etag, local_hash) VALUES
          (2, 'x', '/work/x.ics', '"1"', 7), (2, NULL, '/work/todo.ics', '"2"', NULL), (2, 'copy', NULL, NULL, NULL)
        """)
    }
    let store = try CalendarStore(path: path, now: 2)
    #expect(
      try store.syncItems.items(calendar: 2) == [
        SyncItemRecord(uid: "x", href: "/work/x.ics", etag: "\"1\"", localHash: 7),
        // 0023 forgets the ETag of a resource set aside as holding nothing cal kept (a to-do), to read it again.
        SyncItemRecord(uid: nil, href: "/work/todo.ics", etag: nil, localHash: nil),
        SyncItemRecord(uid: "copy", href: nil, etag: nil, localHash: nil),
      ])
    // Unlike 0021's, nothing is read again: the next sync fills the hash in from the events here.
    #expect(try store.calendars.calendar(id: 2)?.syncToken == "t1")

    try store.syncItems.setVisibleHash(-5, uid: "x", calendar: 2)
    #expect(try store.syncItems.item(uid: "x", calendar: 2)?.visibleHash == -5)
    let item = SyncItemRecord(uid: "y", href: "/work/y.ics", etag: "\"3\"", localHash: 8, visibleHash: 9)
    try store.syncItems.save(item, calendar: 2)
    #expect(try store.syncItems.item(uid: "y", calendar: 2) == item)
    #expect(try store.syncItems.items(calendar: 2).last == item)
  }

  @Test("0023 forgets the ETags of the resources set aside as holding nothing cal kept, and of those alone")
  func todoResourcesAreReadAgain() throws {
    let folder = try TemporaryFolder()
    let path = try folder.olderCalendar(before: "0023") { database in
      try database.execute(
        "INSERT INTO calendars (id, name, kind, url, sync_token) VALUES (2, 'work', 'caldav', 'http://localhost/work/', 't1')"
      )
      try database.execute(
        """
        INSERT INTO sync_items (calendar_id, uid, href, etag, local_hash, visible_hash) VALUES
          (2, 'x', '/work/x.ics', '"1"', 7, 8), (2, NULL, '/work/todo.ics', '"2"', NULL, NULL),
          (2, 'copy', NULL, NULL, NULL, NULL)
        """)
    }
    let store = try CalendarStore(path: path, now: 2)
    #expect(
      try store.syncItems.items(calendar: 2) == [
        SyncItemRecord(uid: "x", href: "/work/x.ics", etag: "\"1\"", localHash: 7, visibleHash: 8),
        SyncItemRecord(uid: nil, href: "/work/todo.ics", etag: nil, localHash: nil),
        SyncItemRecord(uid: "copy", href: nil, etag: nil, localHash: nil),
      ])
    // The sync token stays: the next sync fetches a known resource without an ETag whatever the server lists.
    #expect(try store.calendars.calendar(id: 2)?.syncToken == "t1")
  }

  @Test("the removal of a CalDAV calendar recorded before 0022 is undone after it, its sync items back")
  func undoAcrossTheUpgrade() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cal.db")
    do {
      let older = try CalendarStore(path: path, now: 1, migrator: .before("0022"))
      let calendar = try older.write {
        // As that `cal` wrote it: the repository now writes columns of later migrations too.
        try older.database.execute(
          "INSERT INTO calendars (id, name, kind, url, sync_token) VALUES (2, 'work', 'caldav', 'http://localhost/work/', 't1')"
        )
        let calendar = CalendarRecord(id: 2, name: "work")
        let fields = EventFields(title: "meeting", schedule: EventSchedule(startDay: .first), uid: "u1")
        _ = try older.events.insert(fields, calendar: calendar.id, at: 1)
        try older.database.execute(
          "INSERT INTO sync_items (calendar_id, uid, href, etag, local_hash) VALUES (?, 'u1', '/work/u1.ics', '\"1\"', 7)",
          [calendar.id])
        return calendar
      }
      try older.write(recording: "calendar", label: nil, at: 2) {
        _ = try older.events.deleteAll(calendar: calendar.id)
        try older.changes.endPart()
        try older.calendars.delete(id: calendar.id)
        return ((), "removed calendar work")
      }
      older.database.close()
    }
    let store = try CalendarStore(path: path, now: 3)
    _ = try store.write { try store.changes.undo(count: 1) }
    let calendar = try #require(try store.calendars.all().first { $0.name == "work" })
    #expect(
      try store.syncItems.items(calendar: calendar.id) == [
        SyncItemRecord(uid: "u1", href: "/work/u1.ics", etag: "\"1\"", localHash: 7)
      ])
    _ = try store.write { try store.changes.redo(count: 1) }
    #expect(try store.syncItems.items(calendar: calendar.id).isEmpty)
  }
}

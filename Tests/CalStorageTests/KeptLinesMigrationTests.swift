import CalCore
import Testing

@testable import CalStorage

/// Migration 0021: events keep the lines of their source that cal does not read, and the next sync reads
/// every resource again so that events synced before get theirs.
@Suite("Kept lines in storage")
struct KeptLinesMigrationTests {
  @Test("0021 has the next sync of each CalDAV calendar and feed read everything again; local ones are untouched")
  func upgradeRereadsEverything() throws {
    let folder = try TemporaryFolder()
    let path = try folder.olderCalendar(before: "0021") { database in
      try database.execute(
        """
        INSERT INTO calendars (id, name, kind, url, sync_token, ctag) VALUES
          (2, 'work', 'caldav', 'http://localhost/work/', 'token-1', 'ctag-1'),
          (3, 'holidays', 'subscription', 'http://localhost/feed.ics', NULL, 'W/"feed"')
        """)
      try database.execute(
        "INSERT INTO events (day, title, created_at, updated_at, uid, calendar_id) VALUES ('2024-05-27', 'x', 0, 0, 'x', 2)"
      )
      try database.execute(
        """
        INSERT INTO sync_items (calendar_id, uid, href, etag, local_hash) VALUES
          (2, 'x', '/work/x.ics', '"1"', 7), (2, NULL, '/work/todo.ics', '"2"', NULL), (2, 'copy', NULL, NULL, NULL)
        """)
    }
    let store = try CalendarStore(path: path, now: 2)
    let items = try store.syncItems.items(calendar: 2).map { "\($0.uid ?? "-") \($0.etag ?? "none")" }.sorted()
    #expect(items == ["- none", "copy none", "x none"])
    let calendars = try store.calendars.all().map { "\($0.name) \($0.syncToken ?? "none") \($0.ctag ?? "none")" }
    #expect(calendars == ["personal none none", "work none none", "holidays none none"])
    let event = try #require(try store.events.event(uid: "x", calendar: 2))
    #expect(event.fields.keptLines == nil)
  }

  @Test("an edit keeps the lines, an import replaces them, and a listing does not read them")
  func editsKeepImportsReplace() throws {
    let folder = try TemporaryFolder()
    let store = try CalendarStore(path: folder.file("cal.db"), now: 1)
    var fields = EventFields(
      title: "planning", schedule: EventSchedule(startDay: try CivilDate(parsing: "2024-05-13")), uid: "m@x",
      keptLines: "ATTENDEE:mailto:ana@example.com\nCATEGORIES:Work")
    let added = try store.events.insert(fields, at: 1)
    #expect(added.fields.keptLines == fields.keptLines)
    fields.title = "planning, longer"
    fields.keptLines = nil
    #expect(try store.events.update(id: added.id, fields, at: 2)?.fields.keptLines == added.fields.keptLines)
    fields.keptLines = "CATEGORIES:Home"
    #expect(
      try store.events.update(id: added.id, fields, replacingKeptLines: true, at: 3)?.fields.keptLines
        == "CATEGORIES:Home")
    let listed = try store.events.simpleEvents(from: added.schedule.startDay, through: added.schedule.startDay)
    #expect(listed.map(\.fields.keptLines) == [nil])
    try store.events.setKeptLines(of: added.id, to: nil)
    #expect(try store.events.event(id: added.id)?.fields.keptLines == nil)
  }
}

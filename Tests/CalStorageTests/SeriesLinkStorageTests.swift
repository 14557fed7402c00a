import CalCore
import Testing

@testable import CalStorage

/// The series an edited occurrence of a series kept elsewhere belongs to, in the `events` table.
@Suite("Series links in storage")
struct SeriesLinkStorageTests {
  static let link = SeriesLink(
    uid: "yoga-1",
    recurrenceID: RecurrenceID(day: day("2024-05-27"), time: TimeOfDay(minutes: 20 * 60), timeZone: "Europe/Berlin"))

  @Test("a link is stored, kept by an update that keeps it, and read back; a stored one that cannot be read is named")
  func roundTrip() throws {
    let folder = try TemporaryFolder()
    let store = try CalendarStore(path: folder.file("cal.db"), now: 0)
    var linked = fields("2024-05-27", "yoga later", startMinute: 21 * 60)
    linked.uid = "yoga-1-20240527T200000"
    linked.seriesLink = Self.link
    let event = try store.events.insert(linked, at: 1)
    #expect(try store.events.event(id: event.id)?.fields.seriesLink == Self.link)
    var moved = try #require(try store.events.event(id: event.id)).fields
    moved.schedule.startDay = day("2024-05-28")
    _ = try store.events.update(id: event.id, moved, at: 2)
    #expect(try store.events.event(uid: "yoga-1-20240527T200000", calendar: 1)?.fields.seriesLink == Self.link)
    #expect(
      try store.events.event(id: try store.events.insert(fields("2024-05-12", "plain"), at: 3).id)?.fields.seriesLink
        == nil)

    try store.database.execute("UPDATE events SET recurrence_id = 'tomorrow' WHERE id = ?", [event.id])
    #expect(throws: DamagedRow(table: "events", id: event.id, columns: ["recurrence_id"], kind: .unreadable)) {
      try store.events.event(id: event.id)
    }
  }

  /// Every migration before 0021, which has the next sync read every resource again.
  static let beforeKeptLines = Migrator.before("0021")

  /// The sync items of calendar 2, read as the schema before 0022 holds them (the repository reads later
  /// columns too).
  static func items(_ store: CalendarStore) throws -> [SyncItemRecord] {
    let sql = "SELECT uid, href, etag, local_hash FROM sync_items WHERE calendar_id = 2 ORDER BY rowid"
    return try store.database.fetch(sql) {
      SyncItemRecord(uid: try $0["uid"], href: try $0["href"], etag: try $0["etag"], localHash: try $0["local_hash"])
    }
  }

  @Test("0017 has the next sync read again the resources of events that may be such occurrences, only those")
  func upgradeRereadsCandidates() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("old.db")
    let before = Migrator.before("0017")
    let uids = ["yoga-1-20240527T200000", "call-2-20240527T180000Z", "day-3-20240520", "abc123@cal", "2024-05-27"]
    do {
      let database = try Database(path: path)
      try before.migrate(database, now: 1)
      try database.execute(
        "INSERT INTO calendars (id, name, kind, url) VALUES (2, 'work', 'caldav', 'http://localhost/work/')")
      for uid in uids {
        try database.execute(
          "INSERT INTO events (day, title, created_at, updated_at, uid, calendar_id) VALUES ('2024-05-27', ?, 0, 0, ?, 2)",
          [uid, uid])
        try database.execute(
          "INSERT INTO sync_items (calendar_id, uid, href, etag, local_hash) VALUES (2, ?, ?, '\"1\"', 7)",
          [uid, "/work/\(uid).ics"])
      }
      database.close()
    }
    // Up to the migration that has every resource read again (0021), which would hide what this one does.
    let store = try CalendarStore(path: path, now: 2, migrator: Self.beforeKeptLines)
    let etags = try Self.items(store).map { "\($0.uid ?? "") \($0.etag ?? "none")" }.sorted()
    #expect(
      etags == [
        "2024-05-27 \"1\"", "abc123@cal \"1\"", "call-2-20240527T180000Z none", "day-3-20240520 none",
        "yoga-1-20240527T200000 none",
      ])
  }

  @Test("0018 moves the status of such events to the series' UID, read again; a second resource's is forgotten")
  func upgradeKeysStatusBySeries() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("old.db")
    let before = Migrator.before("0018")
    do {
      let database = try Database(path: path)
      try before.migrate(database, now: 1)
      try database.execute(
        "INSERT INTO calendars (id, name, kind, url) VALUES (2, 'work', 'caldav', 'http://localhost/work/')")
      for (uid, series) in [
        ("yoga-1-20240527T200000", "yoga-1"), ("yoga-1-20240603T180000Z", "yoga-1"), ("plain", nil),
      ] {
        try database.execute(
          """
          INSERT INTO events (day, title, created_at, updated_at, uid, calendar_id, series_uid, recurrence_id)
          VALUES ('2024-05-27', ?1, 0, 0, ?1, 2, ?2, CASE WHEN ?2 IS NOT NULL THEN '20240527T200000' END)
          """, [uid, series])
        try database.execute(
          "INSERT INTO sync_items (calendar_id, uid, href, etag, local_hash) VALUES (2, ?, ?, '\"1\"', 7)",
          [uid, "/work/\(uid).ics"])
      }
      database.close()
    }
    let store = try CalendarStore(path: path, now: 2, migrator: Self.beforeKeptLines)
    let items = try Self.items(store).map { "\($0.uid ?? "") \($0.href ?? "") \($0.etag ?? "none")" }
    #expect(items.sorted() == ["plain /work/plain.ics \"1\"", "yoga-1 /work/yoga-1-20240527T200000.ics none"])
  }
}

import CalCore
import Testing

@testable import CalStorage

/// Migration 0024: a CalDAV calendar keeps the components its collection says it holds; the calendars
/// already there have none yet (their next sync that sends a to-do reads them).
@Suite("The components of a calendar's collection")
struct CalendarComponentsMigrationTests {
  @Test("0024 leaves the calendars as they were, their components unknown; the repository writes and reads them")
  func upgradeLeavesThemUnknown() throws {
    let folder = try TemporaryFolder()
    let path = try folder.olderCalendar(before: "0024") { database in
      try database.execute(
        "INSERT INTO calendars (id, name, kind, url, sync_token) VALUES (2, 'work', 'caldav', 'http://localhost/work/', 't1')"
      )
    }
    let store = try CalendarStore(path: path, now: 2)
    let work = try #require(try store.calendars.calendar(id: 2))
    #expect(work.components == nil && work.syncToken == "t1" && !work.refusesTodos)
    #expect(try store.calendars.calendar(id: 1)?.components == nil)

    try store.calendars.updateComponents(["VEVENT"], calendar: 2)
    #expect(try store.calendars.calendar(id: 2)?.components == ["VEVENT"])
    #expect(try store.calendars.calendar(id: 2)?.refusesTodos == true)
    // None declared: any component, to-dos too.
    try store.calendars.updateComponents([], calendar: 2)
    #expect(try store.calendars.calendar(id: 2)?.components == [])
    #expect(try store.calendars.calendar(id: 2)?.refusesTodos == false)
    let added = try store.calendars.insert(
      CalendarRecord(
        id: 0, name: "events", kind: .caldav, url: "http://localhost/events/", components: ["vevent", "VJOURNAL"]))
    #expect(try store.calendars.calendar(id: added.id)?.components == ["VEVENT", "VJOURNAL"])
    var renamed = added
    renamed.name = "meetings"
    try store.calendars.update(renamed)
    #expect(try store.calendars.calendar(id: added.id)?.components == ["VEVENT", "VJOURNAL"])
  }

  @Test("what another program wrote there is read as names, or not at all")
  func damagedValuesAreReadAsNames() throws {
    let folder = try TemporaryFolder()
    let store = try CalendarStore(path: folder.file("cal.db"), now: 1)
    try store.database.execute(
      "INSERT INTO calendars (id, name, kind, url, components) VALUES (2, 'work', 'caldav', 'http://x/', ?)",
      ["VEVENT,,v todo,VEVENT,x-thing,\u{1B}[2J"])
    #expect(try store.calendars.calendar(id: 2)?.components == ["VEVENT", "X-THING"])
  }

  @Test(
    "whether a collection takes to-dos",
    arguments: [
      (nil, false), ([], false), (["VEVENT"], true), (["VEVENT", "VTODO"], false), (["VTODO"], false),
      (["VEVENT", "VJOURNAL"], true),
    ] as [([String]?, Bool)])
  func refusesTodos(components: [String]?, refuses: Bool) {
    let calendar = CalendarRecord(id: 2, name: "work", kind: .caldav, url: "http://x/", components: components)
    #expect(calendar.refusesTodos == refuses)
    // A local calendar keeps to-dos whatever it holds.
    #expect(!CalendarRecord(id: 1, name: "personal", components: components).refusesTodos)
  }

  @Test("the removal of a CalDAV calendar recorded before 0024 is undone after it, its components unknown")
  func undoAcrossTheUpgrade() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("cal.db")
    do {
      let older = try CalendarStore(path: path, now: 1, migrator: .before("0024"))
      try older.write {
        try older.database.execute(
          "INSERT INTO calendars (id, name, kind, url, sync_token) VALUES (2, 'work', 'caldav', 'http://localhost/work/', 't1')"
        )
      }
      try older.write(recording: "calendar", label: nil, at: 2) {
        try older.calendars.delete(id: 2)
        return ((), "removed calendar work")
      }
      older.database.close()
    }
    let store = try CalendarStore(path: path, now: 3)
    _ = try store.write { try store.changes.undo(count: 1) }
    let calendar = try #require(try store.calendars.all().first { $0.name == "work" })
    #expect(calendar.syncToken == "t1" && calendar.components == nil)
  }
}

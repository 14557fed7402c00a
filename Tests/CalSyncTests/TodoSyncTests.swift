import CalCore
import CalDAV
import CalServerSupport
import CalService
import CalStorage
import CalSync
import Foundation
import Testing

/// To-dos synced with real Radicale and Xandikos servers, each one VTODO in a resource of its own, as
/// todoman and vdirsyncer keep them: both ways, with the same guarantees as events.
@Suite("To-do sync")
struct TodoSyncTests {
  /// A VCALENDAR of one to-do as another client (todoman) would write it.
  static func vtodo(uid: String, summary: String, status: String = "NEEDS-ACTION", extra: [String] = []) -> String {
    ([
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//todoman//EN", "BEGIN:VTODO", "UID:\(uid)",
      "DTSTAMP:20240101T000000Z", "SUMMARY:\(summary)", "DUE;VALUE=DATE:20240520", "PRIORITY:5",
      "STATUS:\(status)",
    ] + extra + ["END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
  }

  /// Adds a to-do to `work`.
  @discardableResult
  static func add(_ local: SyncFixture, _ title: String) throws -> TodoRecord {
    local.clock.now += 1000
    let due = TodoDue(day: try CivilDate(parsing: "2024-05-14"))
    return try local.service.addTodo(TodoFields(title: title, due: due, priority: .high), calendar: local.name).record
  }

  /// Gives the to-do `todo` of `local` a new title.
  static func retitle(_ local: SyncFixture, _ todo: TodoRecord, _ title: String) throws {
    local.clock.now += 1000
    _ = try local.service.editTodo(id: todo.id) { fields in
      var changed = fields
      changed.title = title
      return changed
    }
  }

  /// The titles of `work`'s to-dos, done ones too, sorted.
  static func titles(_ local: SyncFixture) throws -> [String] {
    try local.service.todos(calendar: local.name, .all).map(\.record.title).sorted()
  }

  /// The to-do of `local` with UID `uid`.
  static func todo(_ local: SyncFixture, uid: String) throws -> TodoRecord {
    try #require(try local.service.todos(calendar: local.name, .all).first { $0.record.fields.uid == uid }).record
  }

  /// Expects a sync that changes nothing.
  static func expectQuiet(_ local: SyncFixture, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let quiet = try local.sync(sourceLocation: sourceLocation)
    #expect(
      (quiet.uploaded, quiet.downloaded, quiet.removed, quiet.conflicts.count) == (0, 0, 0, 0),
      sourceLocation: sourceLocation)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aToDoAddedHereGoesUpAsAVTODO(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    let todo = try Self.add(local, "buy milk")
    let uid = try #require(todo.fields.uid)

    let report = try local.sync()
    #expect((report.uploaded, report.downloaded, report.conflicts.count) == (1, 0, 0))
    let text = try #require(try server.events()[uid])
    #expect(text.contains("BEGIN:VTODO\n"))
    #expect(!text.contains("BEGIN:VEVENT"))
    #expect(text.contains("SUMMARY:buy milk\n"))
    #expect(text.contains("DUE;VALUE=DATE:20240514\n"))
    #expect(text.contains("PRIORITY:1\n"))
    #expect(text.contains("STATUS:NEEDS-ACTION\n"))
    try Self.expectQuiet(local)
    // Another machine syncing the same collection gets it.
    let other = try SyncFixture(server, file: "other.db")
    #expect(try other.sync().downloaded == 1)
    #expect(try Self.titles(other) == ["buy milk"])
    #expect(try Self.todo(other, uid: uid).fields.priority == .high)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aToDoPutOnTheServerComesDown(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    try server.put("todo-1.ics", Self.vtodo(uid: "todo-1", summary: "call Ana", extra: ["X-TODOMAN-NOTE:kept"]))

    let report = try local.sync()
    #expect((report.uploaded, report.downloaded) == (0, 1))
    let todo = try Self.todo(local, uid: "todo-1")
    #expect(todo.title == "call Ana")
    #expect(todo.fields.due == TodoDue(day: try CivilDate(parsing: "2024-05-20")))
    #expect(todo.fields.priority == .medium)
    #expect(todo.fields.keptLines?.contains("X-TODOMAN-NOTE:kept") == true)
    try local.expectListing([])
    try Self.expectQuiet(local)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func editedHereAndEditedThere(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    try server.put("todo-1.ics", Self.vtodo(uid: "todo-1", summary: "call Ana", extra: ["X-OTHER:1"]))
    try local.sync()

    // Edited here: goes up, with the lines cal does not read.
    try Self.retitle(local, try Self.todo(local, uid: "todo-1"), "call Ana back")
    let up = try local.sync()
    #expect((up.uploaded, up.downloaded, up.conflicts.count) == (1, 0, 0))
    let text = try #require(try server.events()["todo-1"])
    #expect(text.contains("SUMMARY:call Ana back\n"))
    #expect(text.contains("X-OTHER:1\n"))
    try Self.expectQuiet(local)

    // Edited there: comes down.
    let href = try #require(try server.hrefs()["todo-1"])
    try server.put(href, Self.vtodo(uid: "todo-1", summary: "call Ana on Monday", status: "IN-PROCESS"))
    let down = try local.sync()
    #expect((down.uploaded, down.downloaded, down.conflicts.count) == (0, 1, 0))
    #expect(try Self.titles(local) == ["call Ana on Monday"])
    #expect(try Self.todo(local, uid: "todo-1").status == .started)
    try Self.expectQuiet(local)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func editedOnBothSidesKeepsACopy(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    let todo = try Self.add(local, "buy milk")
    let uid = try #require(todo.fields.uid)
    try local.sync()
    let href = try #require(try server.hrefs()[uid])
    try server.put(href, Self.vtodo(uid: uid, summary: "buy oat milk"))
    try Self.retitle(local, todo, "buy milk and bread")

    let report = try local.sync()
    #expect(report.conflicts.count == 1)
    let conflict = try #require(report.conflicts.first)
    #expect(conflict.title == "buy oat milk")
    #expect(conflict.copy.title == "buy milk and bread (conflict)")
    #expect(conflict.copy.isTodo && conflict.event.isTodo)
    #expect(conflict.event.id == todo.id)
    #expect(try Self.titles(local) == ["buy milk and bread (conflict)", "buy oat milk"])
    // The copy stays on this machine.
    try Self.expectQuiet(local)
    #expect(try server.resources().count == 1)
    #expect(try server.events()[uid]?.contains("SUMMARY:buy oat milk\n") == true)
    #expect(try Self.titles(local) == ["buy milk and bread (conflict)", "buy oat milk"])
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func deletedHereAndDeletedThere(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    let milk = try Self.add(local, "buy milk")
    let bread = try Self.add(local, "buy bread")
    // An event beside them: a collection found empty stops the sync, for events and to-dos alike.
    try local.add(fields("2024-05-13", "dentist"))
    #expect(try local.sync().uploaded == 3)

    // Removed here: removed on the server.
    local.clock.now += 1000
    _ = try local.service.removeTodos([milk.id])
    let here = try local.sync()
    #expect((here.removedThere, here.removedHere, here.uploaded) == (1, 0, 0))
    #expect(try server.resources().count == 2)
    #expect(try server.events()[milk.fields.uid!] == nil)

    // Removed on the server: removed here.
    try server.delete(try #require(try server.hrefs()[bread.fields.uid!]))
    let there = try local.sync()
    #expect((there.removedHere, there.removedThere, there.downloaded) == (1, 0, 0), "\(there)")
    #expect(try Self.titles(local) == [])
    try local.expectListing(["2024-05-13 all day dentist"])
    try Self.expectQuiet(local)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aWriteThatLosesARaceIsDecidedAnew(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    let milk = try Self.add(local, "buy milk")
    let bread = try Self.add(local, "buy bread")
    try local.sync()
    let hrefs = try server.hrefs()
    try Self.retitle(local, milk, "buy milk (mine)")
    local.clock.now += 1000
    _ = try local.service.removeTodos([bread.id])
    // Another client changes both resources between this sync's listing and its writes: HTTP 412.
    let racing = RacingRemote(try local.remote()) { href in
      let decoded = href.removingPercentEncoding
      let uid = try #require(hrefs.first { $0.value.removingPercentEncoding == decoded }?.key, "\(href) in \(hrefs)")
      try server.put(href, Self.vtodo(uid: uid, summary: uid == milk.fields.uid! ? "milk (theirs)" : "bread (theirs)"))
    }
    let report = try local.sync(remote: racing)
    #expect(racing.racedCount == 2)
    #expect(report.conflicts.map(\.copy.title) == ["buy milk (mine) (conflict)"])
    #expect(try Self.titles(local) == ["bread (theirs)", "buy milk (mine) (conflict)", "milk (theirs)"])
    let texts = try server.events()
    #expect(texts[milk.fields.uid!]?.contains("SUMMARY:milk (theirs)") == true)
    #expect(texts[bread.fields.uid!]?.contains("SUMMARY:bread (theirs)") == true)
    try Self.expectQuiet(local)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aChangeThereOnlyInKeptLinesMergesWithAnEditHere(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    try server.put("todo-1.ics", Self.vtodo(uid: "todo-1", summary: "call Ana", extra: ["X-OTHER:1"]))
    try local.sync()
    let href = try #require(try server.hrefs()["todo-1"])
    try server.put(href, Self.vtodo(uid: "todo-1", summary: "call Ana", extra: ["X-OTHER:2"]))
    try Self.retitle(local, try Self.todo(local, uid: "todo-1"), "call Ana back")

    let report = try local.sync()
    #expect((report.uploaded, report.downloaded, report.conflicts.count) == (1, 0, 0))
    #expect(try Self.titles(local) == ["call Ana back"])
    #expect(try Self.todo(local, uid: "todo-1").fields.keptLines?.contains("X-OTHER:2") == true)
    let text = try #require(try server.events()["todo-1"])
    #expect(text.contains("SUMMARY:call Ana back\n") && text.contains("X-OTHER:2\n") && !text.contains("X-OTHER:1"))
    try Self.expectQuiet(local)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aCollectionFoundEmptyStopsTheSyncForToDosToo(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    try Self.add(local, "buy milk")
    try local.add(fields("2024-05-13", "dentist"))
    try local.sync()
    for href in try server.resources().keys { try server.delete(href) }

    let report = try local.sync()
    #expect(
      report.failure
        == "the collection on the server is empty, yet 1 event and 1 to-do here came from it (a server that lost its "
        + "data?): nothing was changed; cal sync --force-delete work removes them here too")
    #expect(try Self.titles(local) == ["buy milk"])
    let forced = try local.sync(forceDelete: true)
    #expect(forced.removedHere == 2)
    #expect(try Self.titles(local) == [])
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aDeletionHereWinsOverAChangeThereOnlyInKeptLines(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    try server.put("todo-1.ics", Self.vtodo(uid: "todo-1", summary: "call Ana", extra: ["X-OTHER:1"]))
    try local.sync()
    local.clock.now += 1000
    _ = try local.service.removeTodos([try Self.todo(local, uid: "todo-1").id])
    let href = try #require(try server.hrefs()["todo-1"])
    try server.put(href, Self.vtodo(uid: "todo-1", summary: "call Ana", extra: ["X-OTHER:2"]))

    let report = try local.sync()
    #expect((report.removedThere, report.downloaded) == (1, 0))
    #expect(try server.resources().isEmpty)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aToDoSetAsideByAnOlderSyncComesDownAfterTheMigration(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    try server.put("meeting.ics", ics(uid: "meeting-1", summary: "planning"))
    try server.put("todo-1.ics", Self.vtodo(uid: "todo-1", summary: "call Ana"))
    try local.sync()
    // As a sync before to-dos were synced left it (0022): the to-do not kept here, its resource remembered
    // as holding nothing cal keeps (no UID), with its ETag; the sync token is the listing's.
    let href = try #require(try server.hrefs()["todo-1"])
    let database = try Database(path: local.service.path, mode: .existing)
    defer { database.close() }
    try database.execute("DELETE FROM todos")
    try database.execute(
      "UPDATE sync_items SET uid = NULL, local_hash = NULL, visible_hash = NULL WHERE href = ?", [href])
    #expect(try Self.titles(local) == [])
    // So remembered, the resource is not read again.
    try Self.expectQuiet(local)
    #expect(try Self.titles(local) == [])

    // What migration 0023 does.
    try database.execute("UPDATE sync_items SET etag = NULL WHERE uid IS NULL AND href IS NOT NULL;")
    let report = try local.sync()
    #expect((report.downloaded, report.uploaded, report.conflicts.count) == (1, 0, 0))
    #expect(try Self.titles(local) == ["call Ana"])
    try local.expectListing(["2024-05-12 10:00 planning"])
    try Self.expectQuiet(local)
  }

  /// Relay hooks (``CalDAVRelay``) that refuse as RFC 4791 §5.3.2.1 has it (403 with the
  /// supported-calendar-component precondition) every PUT of a VTODO: a collection made for events alone,
  /// such as Google's or an Exchange calendar.
  static let eventsOnly = """
    def refuse(handler, body):
        if handler.command == "PUT" and b"BEGIN:VTODO" in body:
            return (403, "application/xml", b'<?xml version="1.0" encoding="utf-8"?><D:error xmlns:D="DAV:" '
                    b'xmlns:C="urn:ietf:params:xml:ns:caldav"><C:supported-calendar-component/></D:error>')
        return None
    """

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aCollectionThatRefusesToDosSkipsThemInTheReport(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    let todo = try Self.add(local, "buy milk")
    try local.add(fields("2024-05-13", "dentist"))
    let relay = try CalDAVRelay(server, hooks: Self.eventsOnly)
    let client = CalDAVClient(credentials: CalDAVCredentials(user: server.user, password: server.password))
    let remote = CalDAVRemote(try client.collection(relay.calendar))

    local.clock.now += 1000
    let report = try local.service.sync(local.name, with: remote, options: SyncOptions(product: "-//cal//tests//EN"))
    #expect(report.failure == nil)
    #expect(report.uploaded == 1)
    #expect(report.skipped.count == 1)
    #expect(report.skipped.first?.item == todo.fields.uid)
    #expect(report.skipped.first?.reason.contains("403") == true, "\(report.skipped)")
    #expect(try server.resources().count == 1)
    // The to-do stays here, and the next sync tries again.
    #expect(try Self.titles(local) == ["buy milk"])
    local.clock.now += 1000
    let again = try local.service.sync(local.name, with: remote, options: SyncOptions(product: "-//cal//tests//EN"))
    #expect((again.uploaded, again.skipped.count) == (0, 1))
    #expect(try Self.titles(local) == ["buy milk"])
  }

  /// Relay hooks (``CalDAVRelay``) that log each request into the file `sys.argv[1]`, one line each
  /// (`PROPFIND depth=0`, `PUT VTODO` for a to-do going up), and that change the components the server
  /// declares as `sys.argv[2]` says: `keep` them, `strip` VTODO from them (Xandikos declares every kind for
  /// every calendar), or `empty` the set (which means any kind).
  static let logged = #"""
    log = open(sys.argv[1], "a")
    mode = sys.argv[2]
    def refuse(handler, body):
        depth = handler.headers.get("Depth")
        line = handler.command + ("" if depth is None else " depth=" + depth)
        log.write(line + (" VTODO" if b"BEGIN:VTODO" in body else "") + "\n")
        log.flush()
        return None
    def rewrite(handler, status, data):
        if handler.command != "PROPFIND" or mode == "keep":
            return data
        name = b"VTODO" if mode == "strip" else b"[A-Za-z-]+"
        return re.sub(rb'<([A-Za-z0-9_]+:)?comp name="' + name + rb'"\s*/>', b"", data)
    """#

  /// A calendar of `server` behind a relay that logs the requests (``logged``), synced in process: the calendar
  /// is added as by a `cal` from before components were kept, so that the first sync that sends a to-do reads
  /// them.
  final class LoggedSync {
    let local: SyncFixture
    let remote: CalDAVRemote
    private let relay: CalDAVRelay
    private let log = FileManager.default.temporaryDirectory.appendingPathComponent("relay-\(UUID().uuidString)").path

    init(_ server: CalDAVServer, mode: String) throws {
      _ = FileManager.default.createFile(atPath: log, contents: nil)
      relay = try CalDAVRelay(server, hooks: TodoSyncTests.logged, [log, mode])
      local = try SyncFixture(server)
      let client = CalDAVClient(credentials: CalDAVCredentials(user: server.user, password: server.password))
      remote = CalDAVRemote(try client.collection(relay.calendar))
    }

    deinit { try? FileManager.default.removeItem(atPath: log) }

    /// How many requests were logged before this sync.
    private var logged = 0

    /// Syncs through the relay: the report, and the requests it sent.
    func sync() throws -> (report: SyncReport, requests: [String]) {
      local.clock.now += 1000
      let report = try local.service.sync(local.name, with: remote, options: SyncOptions(product: "-//cal//tests//EN"))
      let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
      defer { logged = lines.count }
      return (report, Array(lines.dropFirst(logged)))
    }

    /// What the calendar keeps of the components its collection holds.
    var components: [String]? {
      get throws { try local.service.calendar(named: local.name).components }
    }
  }

  /// A collection that declares it holds no to-dos (Radicale's made so with MKCALENDAR; Xandikos' shown so
  /// by the relay) is sent none: each sync names the to-do as skipped without a request the server would
  /// refuse, and asks nothing more than it did; its events still go both ways.
  @Test(arguments: CalDAVServer.Kind.allCases)
  func aCollectionForEventsAloneIsSentNoToDos(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    if kind == .radicale { try server.remakeCalendar(components: ["VEVENT"]) }
    let logged = try LoggedSync(server, mode: kind == .radicale ? "keep" : "strip")
    let local = logged.local
    let todo = try Self.add(local, "buy milk")
    let uid = try #require(todo.fields.uid)
    try local.add(fields("2024-05-13", "dentist"))
    #expect(try logged.components == nil)

    let (first, requests) = try logged.sync()
    #expect(first.failure == nil)
    #expect((first.uploaded, first.downloaded) == (1, 0))
    #expect(first.skipped.map(\.item) == [uid])
    let reason = try #require(first.skipped.first?.reason)
    #expect(reason.hasPrefix("the collection takes no to-dos (it holds VEVENT"), "\(reason)")
    #expect(reason.hasSuffix(" only): to-do #\(todo.id) buy milk stays on this machine"), "\(reason)")
    // Its components read once, before a to-do would have gone up; no to-do sent.
    #expect(requests.count { $0 == "PROPFIND depth=0" } == 1, "\(requests)")
    #expect(requests.filter { $0.hasPrefix("PUT") } == ["PUT"], "\(requests)")
    let components = try #require(try logged.components)
    #expect(components.contains("VEVENT") && !components.contains("VTODO"), "\(components)")

    // The next sync says it again, and asks the server one question, as any quiet sync does.
    let (again, quiet) = try logged.sync()
    #expect((again.uploaded, again.downloaded, again.skipped.map(\.item)) == (0, 0, [uid]))
    #expect(quiet == ["REPORT"])

    // Events still come down, and the to-do stays here.
    try server.put("phone.ics", ics(uid: "phone-1", summary: "from the phone", start: "20240514T090000Z"))
    let (third, _) = try logged.sync()
    #expect((third.uploaded, third.downloaded, third.skipped.count) == (0, 1, 1))
    try local.expectListing(["2024-05-13 all day dentist", "2024-05-14 09:00 from the phone"])
    #expect(try Self.titles(local) == ["buy milk"])
    let resources = try server.resources()
    #expect(resources.count == 2 && !resources.values.contains { $0.contains("BEGIN:VTODO") })
  }

  /// A collection that declares VTODO among its components, or declares none (which means any), gets the
  /// to-dos.
  @Test(arguments: CalDAVServer.Kind.allCases, ["keep", "empty"])
  func aCollectionThatTakesToDosGetsThem(kind: CalDAVServer.Kind, mode: String) throws {
    let server = try CalDAVServer(kind)
    let logged = try LoggedSync(server, mode: mode)
    try Self.add(logged.local, "buy milk")
    let (first, requests) = try logged.sync()
    #expect((first.uploaded, first.skipped.count, first.failure) == (1, 0, nil), "\(first.skipped)")
    #expect(requests.filter { $0.hasPrefix("PUT") } == ["PUT VTODO"], "\(requests)")
    let components = try #require(try logged.components)
    #expect(mode == "empty" ? components.isEmpty : components.contains("VTODO"), "\(components)")
    #expect(try server.resources().values.contains { $0.contains("BEGIN:VTODO") && $0.contains("SUMMARY:buy milk") })
  }

  /// Syncs without expecting the report to skip nothing: the report.
  static func syncSkipping(_ local: SyncFixture) throws -> SyncReport {
    local.clock.now += 1000
    return try local.service.sync(
      local.name, with: try local.remote(), options: SyncOptions(product: "-//cal//tests//EN", afterAction: { _ in }))
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aToDoWithTheUIDOfAnEventStaysHereAndIsSaidSo(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    let event = try local.add(
      EventFields(title: "review", schedule: EventSchedule(startDay: try CivilDate(parsing: "2024-05-14"))))
    let uid = try #require(event.fields.uid)
    local.clock.now += 1000
    let todo = try local.service.addTodo(TodoFields(title: "prepare the review", uid: uid), calendar: local.name).record
    let report = try Self.syncSkipping(local)
    #expect(report.uploaded == 1)
    #expect(
      report.skipped.map(\.reason) == [
        "to-do #\(todo.id) has the UID of an event of this calendar: it stays here, not synced"
      ])
    let text = try #require(try server.events()[uid])
    #expect(text.contains("BEGIN:VEVENT") && !text.contains("BEGIN:VTODO"))
    // Said once a sync, and the to-do is still here.
    #expect(try Self.syncSkipping(local).skipped.count == 1)
    #expect(try Self.titles(local) == ["prepare the review"])
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aResourceOfAnEventAndToDosKeepsTheEventAndSaysSo(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    let body = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//other//EN", "BEGIN:VEVENT", "UID:meeting-1",
      "DTSTAMP:20240101T000000Z", "DTSTART:20240514T090000Z", "SUMMARY:meeting", "END:VEVENT", "BEGIN:VTODO",
      "UID:agenda-1", "DTSTAMP:20240101T000000Z", "SUMMARY:write the agenda", "END:VTODO", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
    // Radicale refuses a resource of two kinds of component; Xandikos takes it.
    guard (try? server.put("mixed.ics", body)) != nil else {
      #expect(kind == .radicale, "\(kind) refused a resource of an event and a to-do")
      return
    }
    let report = try Self.syncSkipping(local)
    #expect(report.downloaded == 1)
    #expect(report.skipped.map(\.reason) == ["holds to-dos beside the event meeting-1; only the event is kept"])
    #expect(try Self.titles(local) == [])
  }
}

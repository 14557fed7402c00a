import CalCore
import CalDAV
import CalServerSupport
import CalService
import CalStorage
import CalSync
import Foundation
import Testing

/// The sync engine in process, through the CalDAV library, against real Radicale and Xandikos servers, each
/// test with a server of its own. What the server holds is read back with plain HTTP.
@Suite("Sync against real servers")
struct SyncEngineTests {
  @Test(arguments: CalDAVServer.Kind.allCases)
  func localAddsEditsAndRemovalsGoUp(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    let dentist = try local.add(fields("2024-05-12", "dentist", at: "10:00", for: 45))
    let standup = try local.add(
      fields("2024-05-13", "standup", at: "09:00", for: 15, repeating: "FREQ=WEEKLY;BYDAY=MO,WE,FR"))
    _ = try local.service.remove(id: standup.id, occurrence: day("2024-05-15"))
    _ = try local.service.edit(id: standup.id, occurrence: day("2024-05-17")) { fields in
      var changed = fields
      changed.title = "late standup"
      changed.schedule.startTime = try TimeOfDay(parsing: "10:00")
      return changed
    }

    let first = try local.sync()
    #expect((first.uploaded, first.downloaded, first.removed, first.conflicts.count) == (2, 0, 0, 0))
    let events = try server.events()
    #expect(events.keys.sorted() == [dentist.uid!, standup.uid!].sorted())
    #expect(try server.resources().count == 2, "one resource per series")
    let series = try #require(events[standup.uid!])
    #expect(series.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR"))
    #expect(series.contains("EXDATE:20240515T090000"))
    #expect(series.contains("RECURRENCE-ID:20240517T090000"))
    #expect(series.contains("SUMMARY:late standup"))
    #expect(events[dentist.uid!]?.contains("SUMMARY:dentist") == true)

    // A sync with nothing changed on either side asks the server one question.
    let client = CalDAVClient(credentials: CalDAVCredentials(user: server.user, password: server.password))
    let quiet = try local.sync(remote: CalDAVRemote(try client.collection(server.calendar)))
    #expect((quiet.uploaded, quiet.downloaded, quiet.removed) == (0, 0, 0))
    #expect(client.requestCount == 1)

    try local.retitle(dentist, "dentist, moved")
    _ = try local.service.remove(id: standup.id)
    let second = try local.sync()
    #expect((second.uploaded, second.removedThere, second.downloaded) == (1, 1, 0))
    let after = try server.events()
    #expect(after.keys.sorted() == [dentist.uid!])
    #expect(after[dentist.uid!]?.contains("SUMMARY:dentist\\, moved") == true)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func serverChangesComeDownAndASeriesSurvivesBothWays(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    try server.put("phone.ics", ics(uid: "phone-1", summary: "from the phone"))
    let override = [
      "BEGIN:VEVENT", "UID:yoga-1", "DTSTAMP:20240101T000000Z", "RECURRENCE-ID:20240527T180000Z",
      "DTSTART:20240527T190000Z", "DURATION:PT1H", "SUMMARY:yoga later", "END:VEVENT",
    ]
    try server.put(
      "yoga.ics",
      ics(
        uid: "yoga-1", summary: "yoga", start: "20240513T180000Z",
        extra: ["RRULE:FREQ=WEEKLY;COUNT=4", "EXDATE:20240520T180000Z"], more: override))

    let first = try local.sync()
    #expect((first.downloaded, first.uploaded) == (2, 0))
    try local.expectListing([
      "2024-05-12 10:00 from the phone", "2024-05-13 18:00 yoga", "2024-05-27 19:00 yoga later",
      "2024-06-03 18:00 yoga",
    ])

    // Changed here, the series goes up with its exception and its edited occurrence.
    let yoga = try local.event(titled: "yoga")
    try local.retitle(yoga, "pilates")
    #expect(try local.sync().uploaded == 1)
    let text = try #require(try server.events()["yoga-1"])
    #expect(text.contains("SUMMARY:pilates"))
    #expect(text.contains("EXDATE:20240520T180000Z"))
    #expect(text.contains("RECURRENCE-ID:20240527T180000Z"))
    #expect(text.contains("SUMMARY:yoga later"))

    // Changed and removed on the server, seen here.
    let phone = try #require(try server.hrefs()["phone-1"])
    try server.put(phone, ics(uid: "phone-1", summary: "from the phone, moved", start: "20240512T110000Z"))
    let yogaHref = try #require(try server.hrefs()["yoga-1"])
    try server.delete(yogaHref)
    let second = try local.sync()
    #expect((second.downloaded, second.removedHere, second.uploaded) == (1, 1, 0))
    try local.expectListing(["2024-05-12 11:00 from the phone, moved"])
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func conflictsLoseNothing(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    let dentist = try local.add(fields("2024-05-12", "dentist", at: "10:00", for: 30))
    let gym = try local.add(fields("2024-05-13", "gym", at: "18:00", for: 60))
    let call = try local.add(fields("2024-05-14", "call", at: "08:00", for: 15))
    try local.sync()
    let hrefs = try server.hrefs()

    // Both sides change the dentist: the server's version wins, the local one stays as a copy.
    try local.retitle(dentist, "dentist (mine)")
    try server.put(hrefs[dentist.uid!]!, ics(uid: dentist.uid!, summary: "dentist (theirs)", start: "20240512T100000"))
    // The gym is removed there and changed here: the change goes up again.
    try server.delete(hrefs[gym.uid!]!)
    try local.retitle(gym, "gym, longer")
    // The call is removed here and changed there: the change comes back.
    _ = try local.service.remove(id: call.id)
    try server.put(hrefs[call.uid!]!, ics(uid: call.uid!, summary: "call, moved", start: "20240514T090000"))

    let report = try local.sync()
    #expect(report.conflicts.count == 1)
    #expect(report.conflicts.first?.title == "dentist (theirs)")
    #expect(report.conflicts.first?.copy.title == "dentist (mine) (conflict)")
    try local.expectListing([
      "2024-05-12 10:00 dentist (theirs)", "2024-05-12 10:00 dentist (mine) (conflict)",
      "2024-05-13 18:00 gym, longer", "2024-05-14 09:00 call, moved",
    ])
    let events = try server.events()
    #expect(events.count == 3)
    #expect(events[dentist.uid!]?.contains("SUMMARY:dentist (theirs)") == true)
    #expect(events[gym.uid!]?.contains("SUMMARY:gym\\, longer") == true)

    // The copy stays on this side only, however often it syncs.
    let again = try local.sync()
    #expect((again.uploaded, again.downloaded, again.conflicts.count) == (0, 0, 0))
    #expect(try server.events().count == 3)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aResourceSavedAgainUnchangedIsNoConflict(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    let dentist = try local.add(fields("2024-05-12", "dentist", at: "10:00", for: 30))
    let gym = try local.add(fields("2024-05-13", "gym", at: "18:00", for: 60))
    try local.sync()
    // Another client saves both again as they were, but for a new DTSTAMP: the ETags move, the events do not.
    // (A property of its own is kept with the event: KeptLinesSyncTests.)
    for (uid, href) in try server.hrefs() {
      let text = try #require(try server.events()[uid])
      let touched = text.split(separator: "\n").map { line in
        line.hasPrefix("DTSTAMP:") ? "DTSTAMP:20240601T000000Z" : line
      }
      try server.put(href, touched.joined(separator: "\n").replacingOccurrences(of: "\n", with: "\r\n") + "\r\n")
    }
    try local.retitle(dentist, "dentist, moved")
    _ = try local.service.remove(id: gym.id)
    let report = try local.sync()
    #expect(report.conflicts.map(\.copy.title) == [])
    #expect((report.uploaded, report.removedThere, report.downloaded) == (1, 1, 0))
    try local.expectListing(["2024-05-12 10:00 dentist, moved"])
    let events = try server.events()
    #expect(events.keys.sorted() == [dentist.uid!])
    #expect(events[dentist.uid!]?.contains("SUMMARY:dentist\\, moved") == true)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func withoutCollectionSyncTheCtagAndETagsAreCompared(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    func sync(sourceLocation: SourceLocation = #_sourceLocation) throws -> (SyncReport, requests: Int) {
      let client = CalDAVClient(credentials: CalDAVCredentials(user: server.user, password: server.password))
      let remote = WithoutCollectionSync(CalDAVRemote(try client.collection(server.calendar)))
      return (try local.sync(remote: remote, sourceLocation: sourceLocation), client.requestCount)
    }
    try server.put("phone.ics", ics(uid: "phone-1", summary: "from the phone"))
    let dentist = try local.add(fields("2024-05-13", "dentist", at: "10:00", for: 30))
    let (first, _) = try sync()
    #expect((first.uploaded, first.downloaded) == (1, 1))
    // The ctag read before the listing moved with the upload: listed once more, then one request.
    _ = try sync()
    let (quiet, requests) = try sync()
    #expect((quiet.uploaded, quiet.downloaded, quiet.removed, requests) == (0, 0, 0, 1))

    try server.put(try #require(try server.hrefs()["phone-1"]), ics(uid: "phone-1", summary: "from the phone, moved"))
    try local.retitle(dentist, "dentist, moved")
    let (second, _) = try sync()
    #expect((second.uploaded, second.downloaded, second.conflicts.count) == (1, 1, 0))
    try local.expectListing(["2024-05-12 10:00 from the phone, moved", "2024-05-13 10:00 dentist, moved"])

    try server.delete(try #require(try server.hrefs()["phone-1"]))
    _ = try local.service.remove(id: dentist.id)
    let (third, _) = try sync()
    #expect((third.removedHere, third.removedThere) == (1, 1))
    try local.expectListing([])
    #expect(try server.resources().isEmpty)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func twoCalendarFilesOnOneCollectionConverge(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let laptop = try SyncFixture(server, file: "laptop.db")
    let desktop = try SyncFixture(server, file: "desktop.db")
    try laptop.add(fields("2024-05-12", "x", at: "10:00", for: 30))
    try laptop.add(fields("2024-05-13", "y"))
    try laptop.sync()
    try desktop.sync()
    try desktop.expectListing(try laptop.listing())

    try desktop.retitle(desktop.event(titled: "x"), "x2")
    try desktop.add(fields("2024-05-20", "w", at: "12:00", for: 60, repeating: "FREQ=DAILY;COUNT=3"))
    _ = try laptop.service.remove(id: laptop.event(titled: "y").id)
    try laptop.add(fields("2024-05-15", "z"))
    for fixture in [laptop, desktop, laptop] { try fixture.sync() }
    let expected = [
      "2024-05-12 10:00 x2", "2024-05-15 all day z", "2024-05-20 12:00 w", "2024-05-21 12:00 w", "2024-05-22 12:00 w",
    ]
    try laptop.expectListing(expected)
    try desktop.expectListing(expected)
    #expect(try server.events().count == 3)
  }

  /// Stops a sync after a number of actions, as a `kill -9` would (uncommitted local work is lost).
  struct Interrupted: Error {}

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aSyncInterruptedAtAnyStepResumesWithoutDuplicatesOrLosses(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    for index in 0..<12 { try local.add(fields("2024-05-\(10 + index)", "here \(index)")) }
    for index in 0..<12 {
      try server.put(
        "there-\(index).ics",
        ics(uid: "there-\(index)", summary: "there \(index)", start: "20240601T0\(index % 10)0000Z"))
    }
    // Each run stops one step later than the one before, until a run completes.
    var stops = 0
    for limit in 1...60 {
      do {
        try local.sync { count in if count >= limit { throw Interrupted() } }
        break
      } catch is Interrupted {
        stops += 1
      }
    }
    #expect(stops > 0)
    #expect(try local.listing().count == 24)
    #expect(Set(try local.listing()).count == 24)
    let events = try server.events()
    #expect(events.count == 24)
    #expect(try server.resources().count == 24, "no resource twice")
    let quiet = try local.sync()
    #expect((quiet.uploaded, quiet.downloaded, quiet.removed) == (0, 0, 0))
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func anUploadThatReachedTheServerBeforeACrashIsMatchedNotDuplicated(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    let event = try local.add(fields("2024-05-12", "dentist", at: "10:00", for: 30))
    // What the interrupted sync had sent, at the name it gives the resource.
    var body = ""
    try local.service.export(calendar: "work", product: "-//cal//tests//EN") { body = $0 }
    try server.put(event.uid! + ".ics", body)
    let report = try local.sync()
    #expect((report.uploaded, report.downloaded, report.conflicts.count) == (0, 0, 0))
    #expect(try server.resources().count == 1)
    try local.expectListing(["2024-05-12 10:00 dentist"])
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func writesThatLoseARaceWithAnotherClientAreDecidedAgain(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    let dentist = try local.add(fields("2024-05-12", "dentist", at: "10:00", for: 30))
    let gym = try local.add(fields("2024-05-13", "gym", at: "18:00", for: 60))
    try local.sync()
    let hrefs = try server.hrefs()
    try local.retitle(dentist, "dentist (mine)")
    _ = try local.service.remove(id: gym.id)
    // Another client changes both resources between this sync's listing and its writes: HTTP 412.
    let racing = RacingRemote(try local.remote()) { href in
      let decoded = href.removingPercentEncoding
      let uid = try #require(hrefs.first { $0.value.removingPercentEncoding == decoded }?.key, "\(href) in \(hrefs)")
      let title = uid == dentist.uid! ? "dentist (theirs)" : "gym (theirs)"
      try server.put(
        href, ics(uid: uid, summary: title, start: uid == dentist.uid! ? "20240512T100000" : "20240513T180000"))
    }
    let report = try local.sync(remote: racing)
    #expect(racing.racedCount == 2)
    #expect(report.conflicts.map(\.copy.title) == ["dentist (mine) (conflict)"])
    try local.expectListing([
      "2024-05-12 10:00 dentist (theirs)", "2024-05-12 10:00 dentist (mine) (conflict)",
      "2024-05-13 18:00 gym (theirs)",
    ])
    let events = try server.events()
    #expect(events[dentist.uid!]?.contains("SUMMARY:dentist (theirs)") == true)
    #expect(events[gym.uid!]?.contains("SUMMARY:gym (theirs)") == true)
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aServerThatStopsAnsweringMidSyncLeavesWhatWasDoneAndTheNextSyncCompletes(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    for index in 0..<5 { try local.add(fields("2024-05-1\(index)", "event \(index)")) }
    let report = try local.sync(remote: try local.remote(timeout: .seconds(1))) { count in
      if count == 2 { server.pause() }
    }
    server.resume()
    let failure = try #require(report.failure)
    #expect(failure.contains("no answer"), "\(failure)")
    #expect(report.uploaded == 2)
    let next = try local.sync()
    #expect(next.failure == nil)
    // The request that timed out may have reached the server once it ran again: then it is matched, not sent
    // twice.
    #expect((2...3).contains(next.uploaded))
    #expect(try server.resources().count == 5)
    let quiet = try local.sync()
    #expect((quiet.uploaded, quiet.downloaded, quiet.removed) == (0, 0, 0))
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aServerThatIsGoneChangesNothingHere(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    try local.add(fields("2024-05-12", "dentist"))
    try local.sync()
    try local.add(fields("2024-05-13", "gym"))
    server.kill()
    let report = try local.sync()
    #expect(report.failure?.contains("refused") == true, "\(report.failure ?? "")")
    try local.expectListing(["2024-05-12 all day dentist", "2024-05-13 all day gym"])
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func anEventSentUpThenRemovedOnTheServerIsRemovedHere(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    try server.put("other.ics", ics(uid: "other-1", summary: "other"))
    try local.sync()
    for title in ["dentist", "gym"] {
      let event = try local.add(fields("2024-05-13", title))
      #expect(try local.sync().uploaded == 1)
      // Removed by another client before the next sync: the collection is as it was before the upload.
      try server.delete(try #require(server.hrefs()[event.uid!]))
      #expect(try local.sync().removedHere == 1, "\(title)")
      try local.expectListing(["2024-05-12 10:00 other"])
    }
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func whatASyncCutShortStoredAndTheServerThenRemovedIsRemovedHere(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    try server.put("other.ics", ics(uid: "other-1", summary: "other"))
    try local.sync()
    let event = try local.add(fields("2024-05-13", "dentist"))
    try server.put("late.ics", ics(uid: "late-1", summary: "late", start: "20240514T100000Z"))
    // Cut short after its download and its upload, before it could list again.
    #expect(throws: Interrupted.self) { try local.sync { count in if count >= 2 { throw Interrupted() } } }
    try local.expectListing(["2024-05-12 10:00 other", "2024-05-13 all day dentist", "2024-05-14 10:00 late"])
    try server.delete(try #require(server.hrefs()[event.uid!]))
    try server.delete(try #require(server.hrefs()["late-1"]))
    let report = try local.sync()
    #expect(report.removedHere == 2)
    try local.expectListing(["2024-05-12 10:00 other"])
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aRenameAndAColourGivenWhileASyncRunsStay(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    try local.add(fields("2024-05-12", "dentist"))
    try local.add(fields("2024-05-13", "gym"))
    try local.sync { count in
      if count == 1 {
        _ = try local.service.editCalendar(named: "work", rename: "job", color: .some(CalendarColor("red")))
      }
    }
    let calendar = try local.service.calendar(named: "job")
    #expect((calendar.color, calendar.syncedAt != nil, calendar.syncToken != nil) == (CalendarColor("red"), true, true))
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aCollectionFoundEmptyRemovesNothingHereUnlessForced(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    try local.add(fields("2024-05-12", "dentist"))
    try local.add(fields("2024-05-13", "gym"))
    try local.sync()
    // Emptied on the server: what a server that lost its data lists too.
    for href in try server.hrefs().values { try server.delete(href) }
    try local.add(fields("2024-05-14", "new here"))
    let everything = ["2024-05-12 all day dentist", "2024-05-13 all day gym", "2024-05-14 all day new here"]
    for _ in 0..<2 {
      let report = try local.sync()
      #expect(report.failure?.contains("cal sync --force-delete work") == true, "\(report.failure ?? "")")
      #expect((report.uploaded, report.downloaded, report.removed) == (0, 0, 0))
      try local.expectListing(everything)
      #expect(try server.resources().isEmpty)
    }
    let forced = try local.sync(forceDelete: true)
    #expect(forced.failure == nil)
    #expect((forced.uploaded, forced.removedHere, forced.removedThere) == (1, 2, 0))
    try local.expectListing(["2024-05-14 all day new here"])
    // A listing that still holds anything is trusted as it is.
    try server.put("other.ics", ics(uid: "other-1", summary: "other"))
    try server.delete(try #require(server.hrefs()[try local.event(titled: "new here").uid!]))
    let partly = try local.sync()
    #expect((partly.failure, partly.downloaded, partly.removedHere) == (nil, 1, 1))
    try local.expectListing(["2024-05-12 10:00 other"])
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aSyncTokenTheServerRefusesMeansAFullListing(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    try local.add(fields("2024-05-12", "dentist"))
    try local.sync()
    try server.put("other.ics", ics(uid: "other-1", summary: "other"))
    // A token from another life of the server.
    let store = try CalendarStore(path: local.folder + "/cal.db", now: 0)
    var calendar = try #require(try store.calendars.calendar(named: "work"))
    calendar.syncToken = "http://radicale.org/ns/sync/0000000000000000000000000000000000000000"
    try store.write { _ = try store.calendars.update(calendar) }
    let report = try local.sync()
    #expect((report.downloaded, report.uploaded) == (1, 0))
    try local.expectListing(["2024-05-12 all day dentist", "2024-05-12 10:00 other"])
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func resourcesThatHoldNoEventAreLeftAlone(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let local = try SyncFixture(server)
    // A journal entry, and one occurrence of a repeating to-do changed on its own (which cal keeps as one
    // to-do, as cal import does): to-dos are synced (TodoSyncTests), these not.
    let journal = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//other//EN", "BEGIN:VJOURNAL", "UID:journal-1",
      "DTSTAMP:20240101T000000Z", "SUMMARY:notes", "END:VJOURNAL", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
    let occurrence = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//other//EN", "BEGIN:VTODO", "UID:todo-1",
      "DTSTAMP:20240101T000000Z", "RECURRENCE-ID;VALUE=DATE:20240513", "SUMMARY:buy milk", "END:VTODO",
      "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
    try server.put("journal.ics", journal)
    // Radicale refuses a resource without its main component, as for events (README).
    if kind == .xandikos { try server.put("todo.ics", occurrence) }
    let report = try local.sync()
    #expect((report.downloaded, report.uploaded, report.removed) == (0, 0, 0))
    #expect(try local.listing().isEmpty)
    #expect(try local.service.todos(.all).isEmpty)
    try local.sync()
    #expect(try server.resources().count == (kind == .xandikos ? 2 : 1))
  }
}

/// `2024-05-12` as a date.
func day(_ text: String) -> CivilDate { try! CivilDate(parsing: text) }

/// The real server's collection, except that another client writes to a resource just before this one
/// updates or deletes it (once per resource): the race a 412 answers.
final class RacingRemote: SyncRemote {
  private let inner: CalDAVRemote
  private let race: (String) throws -> Void
  private var raced: Set<String> = []

  init(_ inner: CalDAVRemote, race: @escaping (String) throws -> Void) {
    self.inner = inner
    self.race = race
  }

  /// How many writes were raced.
  var racedCount: Int { raced.count }

  func properties() throws(RemoteError) -> RemoteProperties { try inner.properties() }
  func changes(since token: String?) throws(RemoteError) -> RemoteChanges { try inner.changes(since: token) }
  func list() throws(RemoteError) -> [RemoteItem] { try inner.list() }
  func fetch(_ hrefs: [String]) throws(RemoteError) -> [RemoteResource] { try inner.fetch(hrefs) }
  func href(forName name: String) throws(RemoteError) -> String { try inner.href(forName: name) }
  func create(href: String, body: String) throws(RemoteError) -> String? { try inner.create(href: href, body: body) }

  func update(href: String, body: String, etag: String) throws(RemoteError) -> String? {
    try raceOnce(href)
    return try inner.update(href: href, body: body, etag: etag)
  }

  func delete(href: String, etag: String) throws(RemoteError) {
    try raceOnce(href)
    try inner.delete(href: href, etag: etag)
  }

  private func raceOnce(_ href: String) throws(RemoteError) {
    guard raced.insert(href).inserted else { return }
    do {
      try race(href)
    } catch {
      throw .unavailable("the racing write failed: \(error)")
    }
  }
}

/// The real server's collection as a server without RFC 6578 collection sync shows it.
struct WithoutCollectionSync: SyncRemote {
  let inner: CalDAVRemote

  init(_ inner: CalDAVRemote) { self.inner = inner }

  func properties() throws(RemoteError) -> RemoteProperties { try inner.properties() }
  func changes(since token: String?) throws(RemoteError) -> RemoteChanges {
    throw .unsupported("no sync-collection here")
  }
  func list() throws(RemoteError) -> [RemoteItem] { try inner.list() }
  func fetch(_ hrefs: [String]) throws(RemoteError) -> [RemoteResource] { try inner.fetch(hrefs) }
  func href(forName name: String) throws(RemoteError) -> String { try inner.href(forName: name) }
  func create(href: String, body: String) throws(RemoteError) -> String? { try inner.create(href: href, body: body) }
  func update(href: String, body: String, etag: String) throws(RemoteError) -> String? {
    try inner.update(href: href, body: body, etag: etag)
  }
  func delete(href: String, etag: String) throws(RemoteError) { try inner.delete(href: href, etag: etag) }
}

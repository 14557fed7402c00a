import CalServerSupport
import Foundation
import Glibc
import Testing

/// `cal calendar add --url` and `cal sync` as processes (cal starting cal-sync) against real Radicale and
/// Xandikos servers; what the server holds is read back with plain HTTP.
@Suite("cal sync against real servers")
struct SyncCommandTests {
  /// A calendar file with a CalDAV calendar `work` on `server`, its password given by a command.
  private func setUp(_ server: CalDAVServer, sourceLocation: SourceLocation = #_sourceLocation) throws -> CalProcess {
    let cal = try CalProcess()
    let added = try cal.run([
      "calendar", "add", "work", "--url", server.url, "--user", server.user, "--password-command",
      "printf '%s\\n' '\(server.password)'",
    ])
    #expect(added.status == 0, "\(added.stderr)", sourceLocation: sourceLocation)
    #expect(
      added.stdout.hasPrefix(
        "Added calendar work: CalDAV \(server.calendar) (user \(server.user))\nwork: 0 up, 0 down, 0 removed, no conflicts ("
      ),
      sourceLocation: sourceLocation)
    return cal
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func addEditRemoveBothWays(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let cal = try setUp(server)
    defer { cal.remove() }
    try cal.run(["add", "2024-05-12", "dentist", "--at", "10:00", "--for", "30m", "--calendar", "work"])
    try cal.run([
      "add", "2024-05-13", "standup", "--at", "09:00", "--for", "15m", "--repeat", "weekly", "--on", "mon,wed",
      "--calendar", "work",
    ])
    try cal.run(["rm", "2", "--on", "2024-05-15"])
    try cal.run(["edit", "2", "--on", "2024-05-20", "--title", "late standup", "--at", "10:00"])
    let first = try cal.run(["sync", "--json"])
    #expect(first.status == 0, "\(first.stderr)")
    let report = try #require(CalProcess.json(first.stdout) as? [String: Any])
    let work = try #require((report["calendars"] as? [[String: Any]])?.first)
    #expect(work["calendar"] as? String == "work" && work["up"] as? Int == 2 && work["down"] as? Int == 0)
    #expect(work["error"] is NSNull)
    let events = try server.events()
    #expect(events.count == 2)
    let series = try #require(events.values.first { $0.contains("SUMMARY:standup") })
    #expect(series.contains("EXDATE:20240515T090000") && series.contains("RECURRENCE-ID:20240520T090000"))
    #expect(series.contains("SUMMARY:late standup"))

    // Another client changes the dentist and adds an event; the next sync brings both.
    let dentist = try #require(try server.resources().first { $0.value.contains("SUMMARY:dentist") })
    let uid = try #require(dentist.value.split(separator: "\n").first { $0.hasPrefix("UID:") }).dropFirst(4)
    try server.put(
      dentist.key,
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//phone//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20240101T000000Z\r\n"
        + "DTSTART:20240512T110000Z\r\nDURATION:PT30M\r\nSUMMARY:dentist at 11\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    let second = try cal.run(["sync"])
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stdout.hasPrefix("work: 0 up, 1 down, 0 removed, no conflicts ("))
    #expect(try cal.run(["list", "2024-05-12"]).stdout == "2024-05-12  11:00-11:30  #1  dentist at 11\n")
    #expect(try cal.run(["sync"]).stdout.hasPrefix("work: 0 up, 0 down, 0 removed, no conflicts ("))
  }

  /// To-dos of a CalDAV calendar go up and come down as events do; a conflict names them as to-dos.
  @Test(arguments: CalDAVServer.Kind.allCases)
  func toDosBothWaysAndAConflict(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let cal = try setUp(server)
    defer { cal.remove() }
    #expect(try cal.run(["todo", "add", "milk", "--calendar", "work", "--priority", "high"]).status == 0)
    #expect(try cal.run(["sync"]).stdout.hasPrefix("work: 1 up, 0 down, 0 removed, no conflicts ("))
    let resource = try #require(try server.resources().first)
    #expect(resource.value.contains("BEGIN:VTODO\n") && resource.value.contains("SUMMARY:milk\n"))
    #expect(resource.value.contains("PRIORITY:1\n"))
    let uid = try #require(resource.value.split(separator: "\n").first { $0.hasPrefix("UID:") }).dropFirst(4)

    try server.put(
      resource.key,
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//todoman//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\n"
        + "DTSTAMP:20240101T000000Z\r\nSUMMARY:oat milk\r\nSTATUS:NEEDS-ACTION\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    #expect(try cal.run(["todo", "edit", "1", "--title", "milk and bread"]).status == 0)
    let synced = try cal.run(["sync"])
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(synced.stdout.hasPrefix("work: 0 up, 0 down, 0 removed, 1 conflict ("), "\(synced.stdout)")
    #expect(
      synced.stdout.hasSuffix(
        "\n  conflict: to-do #2 milk and bread (conflict) is your version, kept on this machine only; to-do #1 oat "
          + "milk is the server's\n"), "\(synced.stdout)")
    let list = try cal.run(["todo", "list"]).stdout
    #expect(list.hasPrefix("[ ] !!!  #2  milk and bread (conflict)\n") && list.hasSuffix("#1  oat milk\n"), "\(list)")
    #expect(list.split(separator: "\n").count == 2)
    let quiet = try cal.run(["sync", "--json"])
    #expect(quiet.stdout.contains("\"up\":0,\"down\":0,\"removed\":0"), "\(quiet.stdout)")

    // Again, seen in JSON: the ids are to-dos'.
    try server.put(
      try #require(try server.resources().first?.key),
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//todoman//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\n"
        + "DTSTAMP:20240101T000000Z\r\nSUMMARY:soy milk\r\nSTATUS:NEEDS-ACTION\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    #expect(try cal.run(["todo", "edit", "1", "--title", "rice milk"]).status == 0)
    let json = try cal.run(["sync", "--json"])
    #expect(
      json.stdout.contains(
        "\"conflicts\":[{\"id\":3,\"title\":\"rice milk (conflict)\",\"serverId\":1,\"serverTitle\":\"soy milk\","
          + "\"todo\":true}]"), "\(json.stdout)")
  }

  /// A collection made for events alone (Radicale keeps what MKCALENDAR declares) is known as such from
  /// `calendar add`: a to-do added there is kept here and said so at once, and each sync names it as skipped
  /// without sending it, while events go up.
  @Test func aCalendarForEventsAloneKeepsItsToDosHereAndSaysSo() throws {
    let server = try CalDAVServer(.radicale)
    try server.remakeCalendar(components: ["VEVENT"])
    let cal = try CalProcess()
    defer { cal.remove() }
    let added = try cal.run([
      "calendar", "add", "work", "--url", server.calendar, "--user", server.user, "--password-command",
      "printf '%s\\n' '\(server.password)'",
    ])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(
      added.stdout.hasPrefix(
        "Added calendar work: CalDAV \(server.calendar) (user \(server.user)), takes no to-dos\nwork: 0 up, 0 down, "),
      "\(added.stdout)")
    let note =
      "    the calendar 'work' takes no to-dos on its server (it holds VEVENT only): this one stays on this machine\n"
    let milk = try cal.run(["todo", "add", "milk", "--calendar", "work"])
    #expect(milk.status == 0 && milk.stderr.isEmpty, "\(milk.stderr)")
    #expect(milk.stdout.hasPrefix("Added: [ ] ") && milk.stdout.hasSuffix("milk\n" + note), "\(milk.stdout)")
    // Said only where the to-do is put there: a to-do of a local calendar, or one edited in place, says nothing.
    let bread = try cal.run(["todo", "add", "bread"])
    #expect(bread.stdout.hasPrefix("Added: [ ] ") && !bread.stdout.contains("stays"), "\(bread.stdout)")
    #expect(try cal.run(["todo", "edit", "1", "--priority", "high"]).stdout.contains("stays") == false)
    let moved = try cal.run(["todo", "edit", "2", "--calendar", "work"])
    #expect(moved.stdout.hasSuffix("bread\n" + note), "\(moved.stdout)")
    let json = try cal.run(["todo", "add", "eggs", "--calendar", "work", "--json"])
    #expect(json.stdout.hasPrefix("{") && !json.stdout.contains("stays"), "\(json.stdout)")
    try cal.run(["add", "2024-05-12", "dentist", "--at", "10:00", "--for", "30m", "--calendar", "work"])

    let synced = try cal.run(["sync"])
    #expect(synced.status == 0, "\(synced.stderr)")
    #expect(synced.stdout.hasPrefix("work: 1 up, 0 down, 0 removed, no conflicts ("), "\(synced.stdout)")
    for (id, title) in [(1, "milk"), (2, "bread"), (3, "eggs")] {
      #expect(
        synced.stdout.contains(
          ": the collection takes no to-dos (it holds VEVENT only): to-do #\(id) \(title) stays on this machine\n"),
        "\(synced.stdout)")
    }
    #expect(synced.stdout.split(separator: "\n").count { $0.hasPrefix("  skipped ") } == 3)
    let resources = try server.resources()
    #expect(resources.count == 1 && resources.values.allSatisfy { $0.contains("SUMMARY:dentist") })
    let again = try cal.run(["sync", "--json"])
    #expect(again.stdout.contains("\"up\":0,\"down\":0,\"removed\":0"), "\(again.stdout)")
    #expect(again.stdout.components(separatedBy: "the collection takes no to-dos").count == 4, "\(again.stdout)")
    #expect(try cal.run(["calendar", "list"]).stdout.contains(" takes no to-dos, synced "))
    #expect(try cal.run(["calendar", "list", "--json"]).stdout.contains(#""components":["VEVENT"]}"#))
  }

  /// Moving an event between calendars is, for sync, a removal from one and an addition to the other.
  @Test(arguments: CalDAVServer.Kind.allCases)
  func anEventMovedAwayLeavesTheServerAndOneMovedInReachesIt(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let cal = try setUp(server)
    defer { cal.remove() }
    try cal.run(["add", "2024-05-12", "dentist", "--at", "10:00", "--for", "30m", "--calendar", "work"])
    try cal.run(["add", "2024-05-13", "gym", "--at", "18:00", "--for", "1h", "--repeat", "weekly"])
    try cal.run(["edit", "2@2024-05-20", "--title", "late gym", "--at", "19:00"])
    #expect(try cal.run(["sync"]).stdout.hasPrefix("work: 1 up, 0 down, 0 removed, no conflicts ("))

    #expect(try cal.run(["edit", "1", "--calendar", "personal"]).status == 0)
    #expect(try cal.run(["edit", "2", "--calendar", "work"]).status == 0)
    let moved = try cal.run(["sync"])
    #expect(moved.stdout.hasPrefix("work: 1 up, 0 down, 1 removed, no conflicts ("), "\(moved.stdout)\(moved.stderr)")
    let events = try server.events()
    #expect(events.count == 1)
    let gym = try #require(events.values.first)
    #expect(gym.contains("SUMMARY:gym") && gym.contains("RECURRENCE-ID:20240520T180000"))
    #expect(gym.contains("SUMMARY:late gym"))
    #expect(
      try cal.run(["list", "2024-05-12", "--format", "{title} {calendar}"]).stdout == "dentist personal\n")
    #expect(try cal.run(["sync"]).stdout.hasPrefix("work: 0 up, 0 down, 0 removed, no conflicts ("))
  }

  @Test(arguments: CalDAVServer.Kind.allCases)
  func aSyncKilledAtAnyMomentIsCompletedByTheNext(kind: CalDAVServer.Kind) throws {
    let server = try CalDAVServer(kind)
    let cal = try setUp(server)
    defer { cal.remove() }
    var file = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//tests//EN\r\n"
    for index in 0..<30 {
      file +=
        "BEGIN:VEVENT\r\nUID:here-\(index)\r\nDTSTAMP:20240101T000000Z\r\nDTSTART;VALUE=DATE:2024\(String(format: "%02d", 1 + index % 12))15\r\nSUMMARY:here \(index)\r\nEND:VEVENT\r\n"
    }
    try (file + "END:VCALENDAR\r\n").write(toFile: cal.folder + "/here.ics", atomically: true, encoding: .utf8)
    #expect(try cal.run(["import", cal.folder + "/here.ics", "--calendar", "work"]).status == 0)
    for index in 0..<30 {
      try server.put(
        "there-\(index).ics",
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//phone//EN\r\nBEGIN:VEVENT\r\nUID:there-\(index)\r\n"
          + "DTSTAMP:20240101T000000Z\r\nDTSTART;VALUE=DATE:2024\(String(format: "%02d", 1 + index % 12))20\r\n"
          + "SUMMARY:there \(index)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    }
    // Killed after a few actions each time (the sync's own hook), then at random moments from outside.
    var generator = SystemRandomNumberGenerator()
    var killed = 0
    for _ in 0..<8 {
      let result = try cal.run(
        ["sync"], environment: ["CAL_SYNC_STOP_AFTER": String(Int.random(in: 1...12, using: &generator))])
      if result.status == 0 { break }
      #expect(result.status == 128 + SIGKILL, "\(result.stderr)")
      killed += 1
    }
    for _ in 0..<6 {
      let pid = try cal.launch(["sync"])
      usleep(UInt32.random(in: 1_000...150_000, using: &generator))
      kill(pid, SIGKILL)
      _ = Subprocess.wait(pid)
    }
    #expect(killed > 0)
    let last = try cal.run(["sync"])
    #expect(last.status == 0, "\(last.stderr)")
    let events = try server.events()
    #expect(events.count == 60)
    #expect(try server.resources().count == 60, "no resource twice")
    let listed = try #require(
      CalProcess.json(try cal.run(["list", "2024-01-01..2024-12-31", "--json"]).stdout) as? [[String: Any]])
    let titles = listed.compactMap { $0["title"] as? String }
    #expect(titles.count == 60 && Set(titles).count == 60)
    #expect(try cal.run(["sync"]).stdout.hasPrefix("work: 0 up, 0 down, 0 removed, no conflicts ("))
  }

  @Test func aWrongPasswordStopsTheSyncAndLosesNothing() throws {
    let server = try CalDAVServer(.radicale)
    let cal = try CalProcess()
    defer { cal.remove() }
    let refused = try cal.run([
      "calendar", "add", "work", "--url", server.calendar, "--user", server.user, "--password-command", "echo wrong",
    ])
    #expect(refused.status == 1)
    #expect(refused.stderr.hasPrefix("Error: authentication failed at \(server.calendar) (HTTP 401)"))
    #expect(!refused.stderr.contains("wrong"))
    #expect(try cal.run(["calendar", "list"]).stdout == "personal  0 events  local\n")
    let failing = try cal.run([
      "calendar", "add", "work", "--url", server.calendar, "--user", server.user, "--password-command", "exit 3",
    ])
    #expect(failing.status == 1)
    #expect(failing.stderr == "Error: the password command failed (exit status 3)\n")
  }
}

/// Discovery and feeds over HTTP, against Radicale.
@Suite("cal calendar add against a real server")
struct CalendarDiscoveryTests {
  @Test func aServerRootWithSeveralCalendarsIsListedForTheUserToChoose() throws {
    let server = try CalDAVServer(.radicale)
    let cal = try CalProcess()
    defer { cal.remove() }
    let second = server.url + server.user + "/second/"
    let made = try RawHTTP.send("MKCALENDAR", second, user: server.user, password: server.password)
    #expect(made.status == 201)
    try "machine 127.0.0.1 login \(server.user) password \"\(server.password)\"\n".write(
      toFile: cal.folder + "/.netrc", atomically: true, encoding: .utf8)
    let several = try cal.run(["calendar", "add", "work", "--url", server.url])
    #expect(several.status == 1)
    #expect(several.stderr == "Error: \(server.url) holds 2 calendars: give one of the URLs above with --url\n")
    #expect(several.stdout.hasPrefix("Calendars at \(server.url):\n"))
    #expect(
      several.stdout.contains("\n  \(server.calendar)  Test calendar\n") && several.stdout.contains("\n  \(second)"))
    #expect(try cal.run(["calendar", "list"]).stdout == "personal  0 events  local\n")
    // The collection itself, the user from ~/.netrc.
    let added = try cal.run(["calendar", "add", "work", "--url", second])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.hasPrefix("Added calendar work: CalDAV \(second)\n"))
  }

  @Test func aSubscriptionOverHTTPFollowsTheFeed() throws {
    let server = try CalDAVServer(.radicale)
    let cal = try CalProcess()
    defer { cal.remove() }
    try "machine 127.0.0.1 login \(server.user) password \"\(server.password)\"\n".write(
      toFile: cal.folder + "/.netrc", atomically: true, encoding: .utf8)
    func event(_ uid: String, _ day: String, _ title: String) -> String {
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//feed//EN\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20240101T000000Z\r\n"
        + "DTSTART;VALUE=DATE:\(day)\r\nSUMMARY:\(title)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }
    try server.put("a.ics", event("a", "20240501", "Labour Day"))
    try server.put("b.ics", event("b", "20240509", "Ascension"))
    // Radicale serves the whole collection as one iCalendar file at its URL: a feed.
    let added = try cal.run(["calendar", "add", "holidays", "--subscribe", server.calendar])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.contains("\nholidays: 0 up, 2 down, 0 removed, no conflicts ("))
    let unchanged = try cal.run(["sync", "--json"])
    let report = try #require(CalProcess.json(unchanged.stdout) as? [String: Any])
    let holidays = try #require((report["calendars"] as? [[String: Any]])?.first)
    #expect(holidays["down"] as? Int == 0 && holidays["removed"] as? Int == 0)
    try server.delete(server.calendarPath + "b.ics")
    #expect(try cal.run(["sync"]).stdout.hasPrefix("holidays: 0 up, 0 down, 1 removed, no conflicts ("))
    #expect(try cal.run(["list", "2024-05"]).stdout == "2024-05-01  all day      #1  Labour Day\n")
    #expect(try cal.run(["add", "2024-05-02", "x", "--calendar", "holidays"]).status == 64)
  }
}

import Foundation
import Testing

/// Several calendars and subscriptions to feeds, through the real `cal` (no server needed).
final class CalendarsTests {
  let cal: CalProcess

  init() throws {
    cal = try CalProcess()
  }

  deinit {
    cal.remove()
  }

  @discardableResult
  private func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
    -> Subprocess.Result
  {
    let result = try cal.run(arguments)
    #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    return result
  }

  private func failure(_ arguments: [String]) throws -> Subprocess.Result {
    try cal.run(arguments)
  }

  @Test("calendars are added, listed, renamed, recoloured and removed; personal holds the first events")
  func lifecycle() throws {
    try run(["add", "2024-05-12", "dentist"])
    #expect(try run(["calendar", "add", "work", "--color", "#36C"]).stdout == "Added calendar work: local, #3366cc\n")
    #expect(
      try run(["add", "2024-05-13", "standup", "--calendar", "work"]).stdout
        == "Added: 2024-05-13  all day      #2  standup\n")
    #expect(try run(["calendar", "list"]).stdout == "personal  1 event   local\nwork      1 event   local, #3366cc\n")
    let listed = try #require(try CalProcess.json(run(["calendar", "list", "--json"]).stdout) as? [[String: Any]])
    #expect(listed.map { $0["name"] as? String } == ["personal", "work"])
    #expect(listed.map { $0["events"] as? Int } == [1, 1])
    #expect(listed.map { $0["color"] as? String } == [nil, "#3366cc"])
    #expect(listed.map { $0["kind"] as? String } == ["local", "local"])

    // Names are unique whatever their case, and must be names.
    let taken = try failure(["calendar", "add", "WORK"])
    #expect(taken.status == 64 && taken.stderr.hasPrefix("Error: there is already a calendar named 'work'\n"))
    #expect(try failure(["calendar", "add", " "]).status == 64)
    let colour = try failure(["calendar", "add", "home", "--color", "mauve"])
    #expect(colour.status == 64 && colour.stderr.hasPrefix("Error: 'mauve' is not a colour: use one of black, red,"))
    #expect(try failure(["calendar", "rm", "work", "--color", "red"]).status == 64)

    #expect(
      try run(["calendar", "edit", "work", "--rename", "job", "--color", "none"]).stdout
        == "Changed calendar job: local\n")
    let full = try failure(["calendar", "rm", "job"])
    #expect(full.status == 64)
    #expect(
      full.stderr.hasPrefix(
        "Error: the calendar 'job' holds 1 event: remove them first, or give --force to remove them with it\n"))
    #expect(try run(["calendar", "rm", "job", "--force"]).stdout == "Removed calendar job and its 1 event.\n")
    #expect(try run(["list", "2024-05"]).stdout == "2024-05-12  all day      #1  dentist\n")
    let unknown = try failure(["list", "--calendar", "job"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr == "Error: there is no calendar named 'job' (calendars: personal)\n")
  }

  @Test("--calendar picks the calendar of add and import, and filters list, search, agenda, export and show")
  func calendarOption() throws {
    try run(["calendar", "add", "work"])
    try run(["add", "2024-05-12", "dentist"])
    try run(["add", "2024-05-14", "review", "--calendar", "work"])
    #expect(try run(["list", "2024-05", "--calendar", "WORK"]).stdout == "2024-05-14  all day      #2  review\n")
    #expect(try run(["search", "e", "--calendar", "personal"]).stdout == "2024-05-12  all day      #1  dentist\n")
    // What is next, seen on 2024-05-12 (the agenda starts now).
    let now = "2024-05-12T10:00:00+02:00"
    #expect(
      try cal.run(["agenda", "--calendar", "work"], at: now).stdout
        == "Tuesday (2024-05-14)\n  all day      #2  review\n")
    #expect(
      try cal.run(["next", "2024-05-13..2024-05-20", "--calendar", "personal"], at: now).stdout
        == "No events from 2024-05-13 to 2024-05-20.\n")
    let events = try #require(try CalProcess.json(run(["list", "2024-05", "--json"]).stdout) as? [[String: Any]])
    #expect(events.map { $0["calendar"] as? String } == ["personal", "work"])
    #expect(try run(["show", "2024-05", "--calendar", "work"]).stdout.hasSuffix("\nDays with events: 14\n"))
    #expect(try run(["show", "2024-05"]).stdout.hasSuffix("\nDays with events: 12, 14\n"))

    let exported = try run(["export", "--calendar", "work"]).stdout
    #expect(exported.contains("SUMMARY:review") && !exported.contains("SUMMARY:dentist"))
    // The same UID may sit in two calendars: importing work's export into personal adds it there.
    let file = cal.folder + "/work.ics"
    try exported.write(toFile: file, atomically: true, encoding: .utf8)
    #expect(
      try run(["import", file, "--calendar", "personal"]).stdout.hasPrefix("Imported \(file): 1 added, 0 updated"))
    // Into work, where it came from, it is the same event: left as it is.
    #expect(
      try run(["import", file, "--calendar", "work"]).stdout.hasPrefix(
        "Imported \(file): 0 added, 0 updated, 1 unchanged"))
    #expect(try run(["list", "2024-05-14"]).stdout.split(separator: "\n").count == 2)
  }

  @Test("on a terminal a calendar's colour marks its events' titles and its days on the page")
  func colours() throws {
    try run(["calendar", "add", "work", "--color", "blue"])
    try run(["add", "2024-05-14", "review", "--calendar", "work"])
    try run(["add", "2024-05-12", "dentist"])
    let listing = try onTerminal(cal, ["list", "2024-05"])
    #expect(listing.contains("#1  \u{1B}[34mreview\u{1B}[0m"))
    #expect(listing.contains("#2  dentist"))
    let page = try onTerminal(cal, ["show", "2024-05"])
    #expect(page.contains("\u{1B}[1;4;34m14\u{1B}[0m"))
    #expect(page.contains("\u{1B}[1;4;36m12\u{1B}[0m"))
    #expect(!(try run(["list", "2024-05"]).stdout.contains("\u{1B}")))
  }

  @Test("a subscription to a file mirrors it read-only; each sync replaces its content at once")
  func fileSubscription() throws {
    let feed = cal.folder + "/holidays feed.ics"
    func write(_ events: [(uid: String, day: String, title: String)]) throws {
      let body = events.map { event in
        "BEGIN:VEVENT\r\nUID:\(event.uid)\r\nDTSTAMP:20240101T000000Z\r\nDTSTART;VALUE=DATE:\(event.day)\r\n"
          + "SUMMARY:\(event.title)\r\nEND:VEVENT\r\n"
      }.joined()
      try ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//feed//EN\r\n" + body + "END:VCALENDAR\r\n")
        .write(toFile: feed, atomically: true, encoding: .utf8)
    }
    try write([("a", "20240501", "Labour Day"), ("b", "20240509", "Ascension"), ("c", "20240520", "Whit Monday")])
    let url = "file://" + feed.replacingOccurrences(of: " ", with: "%20")
    let added = try run(["calendar", "add", "holidays", "--subscribe", url])
    #expect(added.stdout.hasPrefix("Added calendar holidays: subscription \(url)\nholidays: 0 up, 3 down, 0 removed"))
    #expect(
      try run(["list", "2024-05"]).stdout
        == "2024-05-01  all day      #1  Labour Day\n2024-05-09  all day      #2  Ascension\n"
        + "2024-05-20  all day      #3  Whit Monday\n")

    // Read-only here.
    let adding = try failure(["add", "2024-05-02", "party", "--calendar", "holidays"])
    #expect(adding.status == 64)
    #expect(adding.stderr.hasPrefix("Error: the calendar 'holidays' is a subscription to \(url), which is read-only"))
    #expect(try failure(["rm", "1"]).status == 64)
    #expect(try failure(["edit", "2", "--note", "x"]).status == 64)
    #expect(try failure(["import", feed, "--calendar", "holidays"]).status == 64)

    // The feed drops one event and changes another: the next sync follows it, the others keep their ids.
    try write([("a", "20240501", "Labour Day"), ("c", "20240520", "Whit Monday (observed)")])
    let synced = try run(["sync", "holidays"])
    #expect(synced.stdout.hasPrefix("holidays: 0 up, 1 down, 1 removed, no conflicts ("))
    #expect(
      try run(["list", "2024-05"]).stdout
        == "2024-05-01  all day      #1  Labour Day\n2024-05-20  all day      #3  Whit Monday (observed)\n")

    // A feed that cannot be read leaves the calendar as it was.
    try "not a calendar".write(toFile: feed, atomically: true, encoding: .utf8)
    let broken = try failure(["sync"])
    #expect(broken.status == 1)
    #expect(broken.stderr.hasPrefix("Error: sync stopped for holidays: the feed cannot be read"))
    #expect(try run(["list", "2024-05"]).stdout.split(separator: "\n").count == 2)
  }

  @Test("cal without cal-sync beside it says where it looked")
  func missingHelper() throws {
    let alone = cal.folder + "/bin"
    try FileManager.default.createDirectory(atPath: alone, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: CalProcess.binary, toPath: alone + "/cal")
    // A child another test forks while the copy is open for writing holds it open for a moment, and the
    // copy cannot be started meanwhile ("text file busy").
    var attempts = 0
    func run(_ arguments: [String]) throws -> Subprocess.Result {
      while true {
        do {
          return try cal.run(arguments, binary: alone + "/cal")
        } catch let error as POSIXError where error.code == .ETXTBSY && attempts < 50 {
          attempts += 1
          usleep(20_000)
        }
      }
    }
    let result = try run(["sync"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "Error: this needs the network, which cal leaves to cal-sync; it could not be started from \(alone)/cal-sync "
        + "(No such file or directory): install cal-sync beside cal\n")
    #expect(try run(["calendar", "add", "x", "--url", "https://example.com/"]).status == 1)
    // Everything else works without it.
    #expect(try run(["calendar", "add", "x"]).status == 0)
  }
}

import Foundation
import Testing

/// The real `cal`, run as a process against a real calendar file.
@Suite("cal end to end")
final class EndToEndTests {
  let cal: CalProcess

  init() throws {
    cal = try CalProcess()
  }

  deinit {
    cal.remove()
  }

  @Test("add prints the new event; list shows it in date order with date, id and title")
  func addAndList() throws {
    let added = try cal.run(["add", "2024-05-12", "dentist"])
    #expect(added.status == 0)
    #expect(added.stdout == "Added: 2024-05-12  all day      #1  dentist\n")
    try cal.run(["add", "2024-05-03", "team", "lunch", "--note", "the new place"])
    try cal.run(["add", "2024-06-01", "june"])
    let listed = try cal.run(["list", "2024-05"])
    #expect(listed.status == 0)
    #expect(
      listed.stdout
        == "2024-05-03  all day      #2  team lunch\n            the new place\n2024-05-12  all day      #1  dentist\n")
    #expect(try cal.run(["list", "2024-05-12"]).stdout == "2024-05-12  all day      #1  dentist\n")
    #expect(try cal.run(["list", "2024-05-13"]).stdout == "No events on 2024-05-13.\n")
    #expect(try cal.run(["list", "2023-01"]).stdout == "No events in January 2023.\n")
  }

  @Test("list without an argument lists the month on view, and says so when it is not this month")
  func listViewedMonth() throws {
    try cal.run(["add", "2024-05-12", "dentist"])
    try cal.run(["goto", "2024-05"])
    let may = ["CAL_TEST_NOW": "2024-05-20T12:00:00Z"]
    #expect(try cal.run(["list"], environment: may).stdout == "2024-05-12  all day      #1  dentist\n")
    let june = ["CAL_TEST_NOW": "2024-06-01T12:00:00Z"]
    #expect(
      try cal.run(["list"], environment: june).stdout
        == "2024-05-12  all day      #1  dentist\n\nMay 2024 is on view, not this month (June 2024): cal goto today "
        + "turns back to it.\n")
    #expect(try cal.run(["list", "--json"], environment: june).stdout.hasSuffix("]\n"))
    #expect(try cal.run(["list", "2024-05"], environment: june).stdout == "2024-05-12  all day      #1  dentist\n")
  }

  @Test("--json prints events and transitions with the documented fields")
  func json() throws {
    let added = try #require(
      try CalProcess.json(cal.run(["add", "2024-05-12", "dentist", "--json"]).stdout) as? [String: Any])
    #expect(added["id"] as? Int == 1)
    #expect(added["date"] as? String == "2024-05-12")
    #expect(added["title"] as? String == "dentist")
    #expect(added["note"] is NSNull)
    let list = try #require(try CalProcess.json(cal.run(["list", "2024-05", "--json"]).stdout) as? [[String: Any]])
    #expect(list.count == 1 && list[0]["title"] as? String == "dentist")
    #expect(try cal.run(["list", "1999-01", "--json"]).stdout == "[]\n")

    try cal.run(["goto", "2024-05"])
    let flip = try #require(try CalProcess.json(cal.run(["flip", "up-right", "--json"]).stdout) as? [String: Any])
    #expect(flip["kind"] as? String == "flip")
    #expect(flip["direction"] as? String == "up-right")
    #expect(flip["curl"] as? String == "curl")
    #expect(flip["mirrored"] as? Bool == true)
    #expect(flip["from"] as? String == "2024-05")
    #expect(flip["to"] as? String == "2024-06")
    let at = try #require(flip["at"] as? String)
    #expect(at.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}/) != nil)

    let jump = try #require(try CalProcess.json(cal.run(["goto", "2030-01", "--json"]).stdout) as? [String: Any])
    #expect(jump["kind"] as? String == "goto")
    #expect(jump["direction"] is NSNull && jump["curl"] is NSNull)
    #expect(jump["from"] as? String == "2024-06" && jump["to"] as? String == "2030-01")

    let history = try #require(try CalProcess.json(cal.run(["history", "--json"]).stdout) as? [[String: Any]])
    #expect(history.map { $0["kind"] as? String } == ["goto", "flip", "goto"])
  }

  @Test("timestamps are shown in the local time zone with its offset")
  func localOffset() throws {
    let result = try cal.run(["goto", "2024-05", "--json"], environment: ["TZ": "Asia/Kolkata"])
    let jump = try #require(try CalProcess.json(result.stdout) as? [String: Any])
    #expect((jump["at"] as? String)?.hasSuffix("+05:30") == true)
  }

  @Test("flip prints the curl, the months and the new page, and the month persists")
  func flip() throws {
    try cal.run(["goto", "2024-12"])
    let result = try cal.run(["flip", "up-left"], environment: ["CAL_TEST_NOW": "2025-01-15T12:00:00Z"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        ↖ up-left: curl from the bottom edge, not mirrored
        December 2024 → January 2025

            January 2025      
        Su Mo Tu We Th Fr Sa  
                  1  2  3  4  
         5  6  7  8  9 10 11  
        12 13 14 15 16 17 18  
        19 20 21 22 23 24 25  
        26 27 28 29 30 31     
                              

        """)
    let back = try cal.run(["flip", "--swipe", "-5,5"])
    #expect(back.stdout.hasPrefix("↙ down-left: uncurl from the top edge, mirrored\nJanuary 2025 → December 2024\n"))
    #expect(try cal.run(["show"]).stdout.hasPrefix("   December 2024"))
  }

  @Test("show prints cal(1)'s grid when piped, with marked days named below and no escape sequences")
  func showPiped() throws {
    try cal.run(["add", "2024-05-12", "dentist"])
    try cal.run(["add", "2024-05-03", "lunch"])
    let result = try cal.run(["show", "2024-05"])
    #expect(
      result.stdout == """
              May 2024        
        Su Mo Tu We Th Fr Sa  
                  1  2  3  4  
         5  6  7  8  9 10 11  
        12 13 14 15 16 17 18  
        19 20 21 22 23 24 25  
        26 27 28 29 30 31     
                              

        Days with events: 3, 12

        """)
    #expect(!result.stdout.contains("\u{1B}"))
    #expect(try cal.run(["show", "2024-06"]).stdout.split(separator: "\n").count == 8)
  }

  @Test("help is the same text from cal help flip, cal flip --help and cal flip -h")
  func help() throws {
    let viaHelp = try cal.run(["help", "flip"], withDatabase: false)
    #expect(viaHelp.status == 0)
    #expect(viaHelp.stdout.hasPrefix("OVERVIEW: Turn the page from a corner.\n"))
    #expect(
      viaHelp.stdout.contains(
        "USAGE: cal flip [<direction>] [--swipe <dx,dy>] [--json] [--no-animation] [--monday] [--sunday]"
          + " [--week-numbers] [--color <when>] [--db <path>]\n"))
    #expect(viaHelp.stdout.split(separator: "\n").filter { !$0.hasPrefix("USAGE:") }.allSatisfy { $0.count <= 80 })
    #expect(viaHelp.stdout.contains("  -h, --help              Show help information.\n"))
    #expect(try cal.run(["flip", "--help"], withDatabase: false).stdout == viaHelp.stdout)
    #expect(try cal.run(["flip", "-h"], withDatabase: false).stdout == viaHelp.stdout)
    let root = try cal.run(["--help"], withDatabase: false)
    #expect(root.status == 0 && root.stdout.contains("SUBCOMMANDS:\n") && root.stdout.contains("  flip  "))
    #expect(try cal.run(["help"], withDatabase: false).stdout == root.stdout)
  }

  @Test("usage errors go to stderr with Error and Usage lines, exit 64")
  func usageErrorShape() throws {
    let result = try cal.run(["add", "2024-05-12", "x", "--nite", "y"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr == """
        Error: Unknown option '--nite'. Did you mean '--note'?
        Usage: cal add <date> <title> ... [--at <time>] [--for <length>] [--end <time>] [--to <date>] [--tz <zone>] [--note <note>] [--location <place>] [--repeat <how>] [--every <n>] [--count <n>] [--until <date>] [--on <days>] [--rrule <rule>] [--remind <when>] [--no-remind] [--remind-at <time>] [--editor] [--calendar <name>] [--json] [--db <path>]
          See 'cal add --help' for more information.

        """)
    let unknown = try cal.run(["lsit"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.hasPrefix("Error: Unknown command 'lsit'. Did you mean 'list'?\n"))
  }

  private func expectRefused(
    _ arguments: [String], message: String, status: Int32 = 64, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = cal.snapshot()
    let result = try cal.run(arguments)
    #expect(result.status == status, sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(result.stderr.split(separator: "\n").first == "Error: \(message)"[...], sourceLocation: sourceLocation)
    #expect(cal.snapshot() == before, "the calendar file changed", sourceLocation: sourceLocation)
  }

  @Test("bad input is refused precisely and changes nothing")
  func badInput() throws {
    try cal.run(["add", "2024-05-12", "dentist"])
    try cal.run(["goto", "2024-05"])
    // What was typed is quoted: the number beyond its range is in it, and where it stood on the line.
    try expectRefused(["add", "2024-02-30", "x"], message: "'2024-02-30' is not a day: February 2024 has 29 days")
    try expectRefused(["add", "may", "32", "2024", "x"], message: "'may 32 2024' is not a day: May 2024 has 31 days")
    try expectRefused(
      ["add", "2024-05-01", "2024-05-32", "x"], message: "'2024-05-32' is not a day: May 2024 has 31 days")
    try expectRefused(
      ["list", "2024-05-01..2024-05-32"], message: "'2024-05-01..2024-05-32' is not a range: May 2024 has 31 days")
    try expectRefused(["list", "2024-5-32"], message: "'2024-5-32' is not a day or a month: May 2024 has 31 days")
    try expectRefused(
      ["agenda", "2024-02-30"], message: "'2024-02-30' is not a day, a month or a range: February 2024 has 29 days")
    try expectRefused(
      ["add", "2024-13-01", "x"],
      message: "'2024-13-01' is not a day: month 13 does not exist: months are numbered 01 to 12")
    try expectRefused(
      ["add", "0000-01-01", "x"],
      message: "'0000-01-01' is not a day: year 0 is out of range: cal covers the years 1 to 9999")
    try expectRefused(["add", "2024-05-12", ""], message: "the title is empty: give the event a title")
    try expectRefused(["add", "2024-05-12", "  \t "], message: "the title is empty: give the event a title")
    try expectRefused(
      ["add", "2024-05-12", "noon"],
      message:
        "the title is empty: 'noon' was read as the time; give the title after it, or with --at all the words after "
        + "the date are the title")
    try expectRefused(
      ["add", "12/05/2024", "x"],
      message:
        "'12/05/2024' could be 12 May or 5 December: write it as YYYY-MM-DD, or with dots, day first (12.5.), or set "
        + "LC_TIME to your locale")
    try expectRefused(
      ["flip", "sideways"],
      message: "unknown direction 'sideways': use up-left, up-right, down-right or down-left")
    try expectRefused(
      ["flip", "up-lfet"],
      message: "unknown direction 'up-lfet' (did you mean 'up-left'?): use up-left, up-right, down-right or down-left")
    try expectRefused(
      ["flip", "--swipe", "5"], message: "malformed swipe '5': expected two numbers DX,DY such as -5,-5 or 3.5,0")
    try expectRefused(
      ["flip", "--swipe", "nan,1"],
      message: "malformed swipe 'nan,1': expected two numbers DX,DY such as -5,-5 or 3.5,0")
    try expectRefused(["flip"], message: "Missing expected argument '<direction>' (or --swipe <dx,dy>)")
    try expectRefused(
      ["goto", "2024-13"], message: "'2024-13' is not a month: month 13 does not exist: months are numbered 01 to 12")
    try expectRefused(
      ["history", "--limit", "0"], message: "'0' is not a valid limit: expected a positive whole number")
    try expectRefused(
      ["rm", "abc"],
      message:
        "'abc' is not an event id: expected a positive whole number such as 3, or 3@2024-05-22 for one occurrence")
    try expectRefused(["rm", "99"], message: "there is no event #99", status: 1)
    try expectRefused(["frobnicate"], message: "Unknown command 'frobnicate'.")
    #expect(try cal.run(["list", "2024-05"]).stdout == "2024-05-12  all day      #1  dentist\n")
  }

  @Test("flips past December 9999 or before January 1 are refused and leave no history row")
  func edgesOfTime() throws {
    try cal.run(["goto", "9999-12"])
    try expectRefused(
      ["flip", "up-left"], message: "cannot flip up-left: the page after December 9999 is outside the years 1 to 9999")
    try cal.run(["goto", "0001-01"])
    try expectRefused(
      ["flip", "--swipe", "3,4"],
      message: "cannot flip down-right: the page before January 1 is outside the years 1 to 9999")
    let history = try #require(try CalProcess.json(cal.run(["history", "--json"]).stdout) as? [[String: Any]])
    #expect(history.count == 2)
    #expect(history.allSatisfy { $0["kind"] as? String == "goto" })
  }

  @Test("rm deletes one event")
  func remove() throws {
    try cal.run(["add", "2024-05-12", "dentist"])
    try cal.run(["add", "2024-05-12", "haircut"])
    let removed = try cal.run(["rm", "1"])
    #expect(removed.status == 0 && removed.stdout == "Removed: 2024-05-12  all day      #1  dentist\n")
    #expect(try cal.run(["list", "2024-05-12"]).stdout == "2024-05-12  all day      #2  haircut\n")
  }

  @Test("history lists turns newest first and honours --limit")
  func history() throws {
    #expect(try cal.run(["history"]).stdout == "No page turns yet.\n")
    try cal.run(["goto", "2024-05"])
    try cal.run(["flip", "up-left"])
    try cal.run(["flip", "down-right"])
    let lines = try cal.run(["history"]).stdout.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].hasPrefix("3  ") && lines[0].contains("flip  ↘ down-right  uncurl  2024-06 → 2024-05"))
    #expect(lines[2].contains("goto"))
    #expect(try cal.run(["history", "--limit", "1"]).stdout.split(separator: "\n").count == 1)
  }

  @Test("a file that is not a database is refused and left untouched")
  func notADatabase() throws {
    try Data("not a calendar".utf8).write(to: URL(fileURLWithPath: cal.database))
    try expectRefused(
      ["list"], message: "the calendar file is not a SQLite database (it was left untouched)", status: 1)
  }

  @Test("a command that only reads refuses a named calendar that does not exist, and creates nothing")
  func missingCalendar() throws {
    let missing = cal.folder + "/typo/cal.db"
    for command in [["list"], ["show"], ["search", "x"], ["export"], ["history"]] {
      let result = try cal.run(command + ["--db", missing], withDatabase: false)
      #expect(result.status == 1 && result.stderr == "Error: no calendar at \(missing)\n", "\(command)")
      #expect(!FileManager.default.fileExists(atPath: cal.folder + "/typo"), "\(command)")
    }
    let viaVariable = try cal.run(["list"], withDatabase: false, environment: ["CAL_DB": missing])
    #expect(viaVariable.status == 1 && viaVariable.stderr == "Error: no calendar at \(missing)\n")
    // Writing commands create it, folders and all.
    #expect(try cal.run(["add", "2024-05-12", "x", "--db", missing], withDatabase: false).status == 0)
  }

  @Test("reading (or failing to change) the default calendar before it exists creates nothing: cal alone is cal(1)")
  func defaultCalendarNotCreatedByReading() throws {
    let home = cal.folder + "/.local"
    let pinned = ["CAL_TEST_NOW": "2024-05-12T10:00:00Z"]
    let page = try cal.run([], withDatabase: false, environment: pinned)
    #expect(page.status == 0 && page.stdout.hasPrefix("      May 2024"))
    for command in [["show", "2024-05"], ["list"], ["agenda"], ["search", "x"], ["history"], ["log"], ["remind"]] {
      let result = try cal.run(command, withDatabase: false, environment: pinned)
      #expect(result.status == 0 && result.stderr.isEmpty, "\(command): \(result.stderr)")
    }
    #expect(try cal.run(["export"], withDatabase: false, environment: pinned).stdout.hasPrefix("BEGIN:VCALENDAR"))
    // Nor does a change to what is not there: there is nothing to change, and it says so.
    for (command, message) in [
      (["rm", "1"], "Error: there is no event #1\n"), (["edit", "1", "--note", "x"], "Error: there is no event #1\n"),
      (["undo"], "Error: there is nothing to undo\n"),
    ] {
      let result = try cal.run(command, withDatabase: false, environment: pinned)
      #expect(result.status == 1 && result.stderr == message, "\(command)")
    }
    #expect(!FileManager.default.fileExists(atPath: home), "a command that changed nothing created \(home)")
    // The first change makes it; from then on the commands read it.
    #expect(try cal.run(["add", "2024-05-12", "dentist"], withDatabase: false).status == 0)
    #expect(try cal.run(["list", "2024-05"], withDatabase: false).stdout == "2024-05-12  all day      #1  dentist\n")
  }

  @Test("a default calendar that cannot be looked at (a loop of links, a folder not readable) is an error, not empty")
  func unreachableDefaultCalendarIsAnError() throws {
    // A folder that is a link to itself: looking for the calendar in it fails with ELOOP, not ENOENT. (A
    // folder without permission fails with EACCES the same way, but not for root, who runs the tests here.)
    let data = cal.folder + "/data"
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: data + "/cal", withDestinationPath: "cal")
    let environment = ["XDG_DATA_HOME": data, "CAL_TEST_NOW": "2024-05-12T10:00:00Z"]
    for command in [["list"], ["show", "2024-05"], ["log"]] {
      let result = try cal.run(command, withDatabase: false, environment: environment)
      #expect(result.status == 1 && result.stdout.isEmpty, "\(command): \(result.stdout)")
      #expect(
        result.stderr.hasPrefix("Error: ") && result.stderr.contains("symbolic links")
          && result.stderr.filter { $0 == "\n" }.count == 1, "\(command): \(result.stderr)")
    }
  }

  @Test("without --db the calendar lives in CAL_DB, else XDG_DATA_HOME, else ~/.local/share")
  func location() throws {
    try cal.run(["add", "2024-05-12", "home"], withDatabase: false)
    #expect(FileManager.default.fileExists(atPath: cal.folder + "/.local/share/cal/calendar.db"))
    try cal.run(["add", "2024-05-12", "xdg"], withDatabase: false, environment: ["XDG_DATA_HOME": cal.folder + "/xdg"])
    #expect(FileManager.default.fileExists(atPath: cal.folder + "/xdg/cal/calendar.db"))
    let env = ["CAL_DB": cal.folder + "/env.db", "XDG_DATA_HOME": cal.folder + "/xdg"]
    try cal.run(["add", "2024-05-12", "env"], withDatabase: false, environment: env)
    #expect(
      try cal.run(["list", "2024-05"], withDatabase: false, environment: env).stdout
        == "2024-05-12  all day      #1  env\n")
  }

  @Test("a copy of the binary alone in another folder creates a calendar")
  func copiedBinary() throws {
    let copy = cal.folder + "/bin/cal"
    try FileManager.default.createDirectory(atPath: cal.folder + "/bin", withIntermediateDirectories: true)
    // cp in a process of its own: a copy written from here could leave its descriptor open in a process
    // that another test spawns at the same moment, and running the copy would fail with ETXTBSY.
    _ = try Subprocess.run(["/bin/cp", CalProcess.binary, copy], environment: [:])
    let result = try cal.run(["add", "2024-05-12", "portable"], binary: copy)
    #expect(result.status == 0)
    #expect(try cal.run(["list", "2024-05"], binary: copy).stdout == "2024-05-12  all day      #1  portable\n")
  }

  @Test("escape sequences in titles are shown harmlessly, never sent to the terminal")
  func controlCharacters() throws {
    try cal.run(["add", "2024-05-12", "evil\u{1B}]0;pwned\u{07}title"])
    let listed = try cal.run(["list", "2024-05"]).stdout
    #expect(!listed.contains("\u{1B}") && !listed.contains("\u{07}"))
    #expect(listed == "2024-05-12  all day      #1  evil^[]0;pwned^Gtitle\n")
    let json = try #require(try CalProcess.json(cal.run(["list", "2024-05", "--json"]).stdout) as? [[String: Any]])
    #expect(json.first?["title"] as? String == "evil\u{1B}]0;pwned\u{07}title")
  }
}

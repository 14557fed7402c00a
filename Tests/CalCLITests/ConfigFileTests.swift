import Foundation
import Glibc
import Testing

/// The configuration file through the built `cal`: each key where it applies, options winning over it, bad
/// files refused with their line, and `cal config` reading and writing it.
@Suite("Configuration file")
struct ConfigFileTests {
  /// The file where a `cal` whose HOME is the test's folder looks for it.
  private func write(_ text: String, in cal: PinnedCal) throws -> String {
    let folder = cal.process.folder + "/.config/cal"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try text.write(toFile: folder + "/config", atomically: false, encoding: .utf8)
    return folder + "/config"
  }

  /// Runs `arguments` without `--db`, which `cal config` and cal(1)'s forms do not take.
  private func bare(_ cal: PinnedCal, _ arguments: [String], environment: [String: String] = [:]) throws
    -> Subprocess.Result
  {
    try cal.process.run(arguments, withDatabase: false, environment: PinnedCal.berlinSunday.merging(environment) { $1 })
  }

  /// Expects `cal config` with `arguments` to print `output`.
  private func expectConfig(
    _ cal: PinnedCal, _ arguments: [String], prints output: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try bare(cal, ["config"] + arguments)
    #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stdout == output, "\(arguments)", sourceLocation: sourceLocation)
  }

  /// Runs `arguments`, requiring success, and decodes the JSON printed.
  private func json(_ cal: PinnedCal, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
    -> [String: Any]
  {
    let result = try cal.run(arguments + ["--json"])
    try #require(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    return try #require(try CalProcess.json(result.stdout) as? [String: Any], sourceLocation: sourceLocation)
  }

  @Test("week-start sets show's first column, week numbers and this week; --sunday wins; cal(1)'s forms stay Debian's")
  func weekStart() throws {
    let cal = try PinnedCal()
    defer { cal.remove() }
    let debian = try bare(cal, ["5", "2024"])
    try cal.setUp([["add", "2024-05-06", "monday"], ["add", "2024-05-13", "next monday"]])
    try cal.expect(["list", "week", "--format", "{title}"], prints: "next monday\n")
    _ = try write("week-start = monday\n", in: cal)
    // Sunday 12 May ends the week that starts on Monday 6 May.
    try cal.expect(["list", "week", "--format", "{title}"], prints: "monday\n")
    #expect(try cal.run(["show", "2024-05"]).stdout.contains("Mo Tu We Th Fr Sa Su"))
    #expect(try cal.run(["show", "2024-05", "--sunday"]).stdout.contains("Su Mo Tu We Th Fr Sa"))
    // Week numbers follow the week: ISO 8601 weeks when weeks start on Monday (13 May 2024 starts week 20).
    #expect(try cal.run(["show", "2024-05", "-w"]).stdout.contains("20 13 14 15 16 17 18 19"))
    let calOne = try bare(cal, ["5", "2024"])
    #expect(calOne.status == 0 && calOne.stdout == debian.stdout && calOne.stdout.contains("Su Mo Tu"))
  }

  @Test("dates reads 5/6 day first or month first, where the C locale refuses it")
  func dates() throws {
    let cal = try PinnedCal()
    defer { cal.remove() }
    #expect(try cal.run(["add", "5/6", "x"]).status == 64)
    _ = try write("dates = day-first\n", in: cal)
    #expect(try json(cal, ["add", "5/6", "x"])["date"] as? String == "2024-06-05")
    _ = try write("dates = month-first\n", in: cal)
    #expect(try json(cal, ["add", "5/6", "x"])["date"] as? String == "2024-05-06")
  }

  @Test("calendar is where add and import put events without --calendar; one that is not there is an error")
  func calendar() throws {
    let cal = try PinnedCal()
    defer { cal.remove() }
    try cal.setUp([["calendar", "add", "work"]])
    let path = try write("# where new events go\ncalendar = work\n", in: cal)
    #expect(try json(cal, ["add", "tomorrow", "x"])["calendar"] as? String == "work")
    #expect(try json(cal, ["add", "tomorrow", "x", "--calendar", "personal"])["calendar"] as? String == "personal")
    let ics = cal.process.folder + "/one.ics"
    try """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//t//t//EN\r
    BEGIN:VEVENT\r
    UID:one@test\r
    DTSTAMP:20240101T000000Z\r
    DTSTART;VALUE=DATE:20240520\r
    SUMMARY:imported\r
    END:VEVENT\r
    END:VCALENDAR\r

    """.write(toFile: ics, atomically: false, encoding: .utf8)
    #expect(try cal.run(["import", ics]).status == 0)
    #expect(try cal.run(["list", "2024-05-20", "--calendar", "work", "--format", "{title}"]).stdout == "imported\n")
    _ = try write("calendar = wrok\n", in: cal)
    let before = cal.process.snapshot()
    for arguments in [["add", "tomorrow", "y"], ["import", ics]] {
      let result = try cal.run(arguments)
      #expect(result.status == 1 && result.stdout.isEmpty, "\(arguments)")
      #expect(
        result.stderr == "Error: \(path):1: calendar: there is no calendar named 'wrok' (calendars: personal, work)\n",
        "\(arguments)")
    }
    #expect(cal.process.snapshot() == before)
  }

  @Test("length is the length of a timed event added without one; --for and an end in the words win")
  func length() throws {
    let cal = try PinnedCal()
    defer { cal.remove() }
    _ = try write("length = 1h30\n", in: cal)
    let cases: [([String], String?)] = [
      (["add", "tomorrow", "9:00", "a"], "2024-05-13T10:30:00+02:00"),
      (["add", "tomorrow", "a", "--at", "9"], "2024-05-13T10:30:00+02:00"),
      (["add", "tomorrow", "9:00", "a", "--for", "15m"], "2024-05-13T09:15:00+02:00"),
      (["add", "tomorrow", "9:00-9:20", "a"], "2024-05-13T09:20:00+02:00"),
      (["add", "tomorrow", "a", "--at", "9", "--end", "9:10"], "2024-05-13T09:10:00+02:00"),
      (["add", "tomorrow", "a"], "2024-05-13"),
    ]
    for (arguments, end) in cases {
      #expect(try json(cal, arguments)["end"] as? String == end, "\(arguments)")
    }
  }

  @Test("remind and remind-all-day are the reminders of new events; --remind and --no-remind win")
  func reminders() throws {
    let cal = try PinnedCal()
    defer { cal.remove() }
    _ = try write("remind = 15m, 1d\nremind-all-day = 1d\n", in: cal)
    func offsets(_ arguments: [String]) throws -> [Int] {
      let reminders = try #require(try json(cal, arguments)["reminders"] as? [[String: Any]])
      return reminders.compactMap { $0["offsetSeconds"] as? Int }
    }
    #expect(try offsets(["add", "tomorrow", "9:00", "a"]) == [-900, -86_400])
    #expect(try offsets(["add", "tomorrow", "a"]) == [-86_400])
    #expect(try offsets(["add", "tomorrow", "9:00", "a", "--remind", "5m"]) == [-300])
    #expect(try offsets(["add", "tomorrow", "9:00", "a", "--no-remind"]) == [])
    let moved = try #require(
      try json(cal, ["add", "tomorrow", "a", "--remind-at", "8am"])["reminders"] as? [[String: Any]])
    #expect(moved.map { $0["time"] as? String } == ["08:00"])
  }

  @Test("format is list's, agenda's and search's --format; --format and --json win")
  func format() throws {
    let cal = try PinnedCal()
    defer { cal.remove() }
    try cal.setUp([["add", "tomorrow", "9:00", "dentist"]])
    _ = try write("format = #{id} {start-time} {title}\n", in: cal)
    try cal.expect(["list", "tomorrow"], prints: "#1 09:00 dentist\n")
    try cal.expect(["agenda", "2"], prints: "#1 09:00 dentist\n")
    try cal.expect(["search", "dentist"], prints: "#1 09:00 dentist\n")
    try cal.expect(["list", "tomorrow", "--format", "{title}"], prints: "dentist\n")
    #expect(try cal.run(["list", "tomorrow", "--json"]).stdout.hasPrefix("[{\"id\":1,"))
  }

  @Test("color gives --color's default and wins over NO_COLOR; --color wins over it")
  func color() throws {
    let cal = try PinnedCal()
    defer { cal.remove() }
    #expect(!(try cal.run(["show", "2024-05"]).stdout.contains("\u{1B}[")))
    _ = try write("color = always\n", in: cal)
    #expect(try cal.run(["show", "2024-05"], environment: ["NO_COLOR": "1"]).stdout.contains("\u{1B}["))
    #expect(!(try cal.run(["show", "2024-05", "--color", "never"]).stdout.contains("\u{1B}[")))
  }

  @Test("a bad file stops a command with one Error line naming path:line, and changes nothing")
  func badFiles() throws {
    let cal = try PinnedCal()
    defer { cal.remove() }
    let path = cal.process.folder + "/.config/cal/config"
    let cases: [(String, String)] = [
      ("week-strat = monday\n", "\(path):1: unknown key 'week-strat' (did you mean 'week-start'?)"),
      ("# ok\nweek-start = someday\n", "\(path):2: week-start: 'someday' is no weekday"),
      ("remind = 15m\nremind = 1h\n", "\(path):2: remind is given twice (first on line 1): keep one"),
      ("length 1h\n", "\(path):1: 'length 1h' is no setting: write key = value"),
      ("length = 1h\nformat = caf\u{E9}\n", "\(path):2: the line is not UTF-8 text"),
      (
        String(repeating: "# padding\n", count: 7_000),
        "cannot read the configuration file \(path): it is larger than 64 KB"
      ),
    ]
    let before = cal.process.snapshot()
    for (text, message) in cases {
      var bytes = Array(try write("", in: cal).utf8)
      bytes = Array(text.utf8)
      if text.contains("caf\u{E9}") { bytes = Array("length = 1h\nformat = caf".utf8) + [0xE9, 0x0A] }
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      for arguments in [["add", "tomorrow", "x"], ["show"], ["list"]] {
        let result = try cal.run(arguments)
        #expect(result.status == 1 && result.stdout.isEmpty, "\(arguments) \(message)")
        #expect(result.stderr.hasPrefix("Error: \(message)"), "\(arguments): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
      }
      // What a user needs to see and mend it still runs.
      #expect(try cal.run(["--help"]).status == 0)
      #expect(try cal.run(["--version"]).status == 0)
      #expect(try cal.run(["help", "config"]).status == 0)
      #expect(try bare(cal, ["5", "2024"]).status == 0)
    }
    #expect(cal.process.snapshot() == before)
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let folder = try cal.run(["show"])
    #expect(
      folder.status == 1 && folder.stderr == "Error: cannot read the configuration file \(path): it is a folder\n")
    if geteuid() != 0 {
      try FileManager.default.removeItem(atPath: path)
      _ = try write("color = never\n", in: cal)
      chmod(path, 0)
      #expect(try cal.run(["show"]).stderr.hasPrefix("Error: cannot read the configuration file \(path): Permission"))
    }
  }

  @Test("cal config lists, gets, sets and unsets keys, keeping comments and the file's mode; it mends a bad file")
  func configCommand() throws {
    let cal = try PinnedCal()
    defer { cal.remove() }
    let path = cal.process.folder + "/.config/cal/config"
    // No file yet: defaults, and the folder is made when a key is set.
    try expectConfig(cal, ["week-start"], prints: "locale\n")
    try expectConfig(cal, ["week-start", "monday"], prints: "week-start     = monday  (\(path):1)\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "week-start = monday\n")
    try "# mine\n  color = always\nweek-start = monday\nlength = 1h\n".write(
      toFile: path, atomically: false, encoding: .utf8)
    chmod(path, 0o600)
    try expectConfig(cal, ["length", "45m"], prints: "length         = 45m  (\(path):4)\n")
    try expectConfig(
      cal, ["format", "{start-time}", "{title}"], prints: "format         = {start-time} {title}  (\(path):5)\n")
    try expectConfig(cal, ["--unset", "color"], prints: "color          = auto  (default)\n")
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == "# mine\nweek-start = monday\nlength = 45m\nformat = {start-time} {title}\n")
    var status = stat()
    stat(path, &status)
    #expect(status.st_mode & 0o777 == 0o600)
    try expectConfig(cal, ["length"], prints: "45m\n")
    try expectConfig(
      cal, [],
      prints: """
        calendar       not set: add and import use the first calendar
        week-start     = monday  (\(path):2)
        length         = 45m  (\(path):3)
        remind         = none  (default)
        remind-all-day = none  (default)
        format         = {start-time} {title}  (\(path):4)
        color          = auto  (default)
        dates          = locale  (default)
        time-format    = 24h  (default)

        """)
    let listing = try #require(try CalProcess.json(try bare(cal, ["config", "--json"]).stdout) as? [[String: Any]])
    #expect(listing.count == 9 && listing[1]["value"] as? String == "monday" && listing[1]["line"] as? Int == 2)
    #expect(listing[0]["file"] is NSNull && listing[1]["file"] as? String == path)
    // A bad value is refused with the key's own words, and the file is left as it was.
    for (arguments, message) in [
      (["week-start", "someday"], "week-start: 'someday' is no weekday"),
      (["colour", "never"], "unknown key 'colour' (did you mean 'color'?)"),
    ] {
      let result = try bare(cal, ["config"] + arguments)
      #expect(result.status == 64 && result.stderr.hasPrefix("Error: \(message)"), "\(result.stderr)")
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("# mine\nweek-start = monday\n"))
    // A broken file: listing it says where; setting or unsetting its keys mends it.
    try "week-strat = monday\ncolor = blue\n".write(toFile: path, atomically: false, encoding: .utf8)
    #expect(try bare(cal, ["config"]).stderr.hasPrefix("Error: \(path):1: unknown key 'week-strat'"))
    let halfMended = try bare(cal, ["config", "--unset", "week-strat"])
    #expect(halfMended.status == 0 && halfMended.stdout == "Removed week-strat from \(path)\n")
    #expect(
      halfMended.stderr
        == "Warning: other commands still stop at \(path):1: color: 'blue' is not auto, always or never\n")
    let mended = try bare(cal, ["config", "color", "never"])
    #expect(mended.stdout == "color          = never  (\(path):1)\n" && mended.stderr.isEmpty)
    #expect(try cal.run(["show"]).status == 0)
  }

  @Test(
    "cal config keeps a CR LF file's line ends and a byte order mark, writes a value as it reads it back, and says a key is not set"
  )
  func configCommandWrites() throws {
    let cal = try PinnedCal()
    defer { cal.remove() }
    let path = try write("# mine\r\nweek-start = monday\r\ncalendar = work\r\n", in: cal)
    try expectConfig(cal, ["length", "1h"], prints: "length         = 1h  (\(path):4)\n")
    try expectConfig(cal, ["format", "  {title} ", " "], prints: "format         = {title}  (\(path):5)\n")
    try expectConfig(
      cal, ["--unset", "calendar"], prints: "calendar       not set: add and import use the first calendar\n")
    #expect(
      try String(contentsOfFile: path, encoding: .utf8)
        == "# mine\r\nweek-start = monday\r\nlength = 1h\r\nformat = {title}\r\n")
    try expectConfig(cal, ["format"], prints: "{title}\n")
    let listing = try bare(cal, ["config"]).stdout
    #expect(listing.hasPrefix("calendar       not set: add and import use the first calendar\n"))
    #expect(listing.contains("format         = {title}  (\(path):4)\n"))
    // A byte order mark stays where a Windows editor put it.
    try "\u{FEFF}# mine\ncolor = never\n".write(toFile: path, atomically: false, encoding: .utf8)
    try expectConfig(cal, ["week-start", "monday"], prints: "week-start     = monday  (\(path):3)\n")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: path))
        == Data("\u{FEFF}# mine\ncolor = never\nweek-start = monday\n".utf8))
    // A file where its folder would be: no key to take out, and one to write is said of the path named.
    let under = path + "/cal.conf"
    let refused = try bare(cal, ["config", "length", "1h"], environment: ["CAL_CONFIG": under])
    #expect(refused.status == 1 && refused.stderr == "Error: cannot write \(under): Not a directory\n")
    let unset = try bare(cal, ["config", "--unset", "length"], environment: ["CAL_CONFIG": under])
    #expect(unset.status == 0 && unset.stdout == "length is not in \(under); it has its default\n")
  }

  @Test("cal config writes run at once each keep their key: none is lost to another's read of the file")
  func concurrentWrites() throws {
    let cal = try PinnedCal()
    defer { cal.remove() }
    let path = cal.process.folder + "/cal.conf"
    let settings = [
      "calendar": "work", "week-start": "monday", "length": "1h", "remind": "15m", "remind-all-day": "1d",
      "format": "{title}", "color": "never", "dates": "day-first",
    ]
    let environment = ["HOME": cal.process.folder, "PATH": "/usr/bin:/bin", "TZ": "UTC", "CAL_CONFIG": path]
    for _ in 0..<3 {
      unlink(path)
      let started = try settings.map { key, value in
        try Subprocess.spawn([CalProcess.binary, "config", key, value], environment: environment)
      }
      #expect(started.map(Subprocess.wait) == Array(repeating: 0, count: settings.count))
      let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
      #expect(lines.sorted() == settings.map { "\($0) = \($1)" }.sorted())
    }
  }

  @Test("CAL_CONFIG, else an absolute XDG_CONFIG_HOME, else ~/.config names the file")
  func location() throws {
    let cal = try PinnedCal()
    defer { cal.remove() }
    let folder = cal.process.folder
    _ = try write("week-start = monday\n", in: cal)
    try "week-start = friday\n".write(toFile: folder + "/mine", atomically: false, encoding: .utf8)
    try FileManager.default.createDirectory(atPath: folder + "/xdg/cal", withIntermediateDirectories: true)
    try "week-start = saturday\n".write(toFile: folder + "/xdg/cal/config", atomically: false, encoding: .utf8)
    let cases: [([String: String], String)] = [
      ([:], "monday"), (["CAL_CONFIG": folder + "/mine"], "friday"), (["CAL_CONFIG": ""], "monday"),
      (["XDG_CONFIG_HOME": folder + "/xdg"], "saturday"), (["XDG_CONFIG_HOME": "xdg"], "monday"),
      (["CAL_CONFIG": folder + "/none"], "locale"),
    ]
    for (environment, value) in cases {
      #expect(
        try bare(cal, ["config", "week-start"], environment: environment).stdout == value + "\n", "\(environment)")
    }
  }
}

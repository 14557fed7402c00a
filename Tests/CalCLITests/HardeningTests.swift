import Foundation
import Testing

@testable import CalStorage

/// Defects found by using, attacking and interoperating with cal (issue 9), each kept fixed here.
final class HardeningTests {
  let cal: CalProcess

  init() throws {
    cal = try CalProcess()
  }

  deinit {
    cal.remove()
  }

  @Test("what add writes, every command reads back: an interval past the rule's limit is refused at once")
  func intervalLimit() throws {
    let before = cal.snapshot()
    let refused = try cal.run(["add", "2024-05-13", "x", "--repeat", "daily", "--every", "100001"])
    #expect(refused.status == 64 && refused.stderr.hasPrefix("Error: --every 100001: at most 100000\n"))
    #expect(cal.snapshot() == before)
    #expect(try cal.run(["add", "2024-05-13", "x", "--repeat", "daily", "--every", "100000"]).status == 0)
    for command in [["list", "2024-05"], ["export"], ["search", "x"], ["show", "2024-05"]] {
      #expect(try cal.run(command).status == 0, "\(command)")
    }
    #expect(try cal.run(["rm", "1"]).status == 0)
  }

  @Test("a hostile TZ or an absurd DURATION never crashes any command")
  func noTraps() throws {
    try cal.run(["add", "2024-05-13", "x", "--at", "09:00"])
    // A TZ that names no zone is refused in one line (glibc would silently take UTC); a good one works. So is
    // a TZif file whose footer is such a TZ.
    var tzif = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/zoneinfo/Europe/Berlin"))
    tzif = tzif.prefix(through: tzif.dropLast().lastIndex(of: 0x0A)!) + Data("ABC999999999999999999\n".utf8)
    try tzif.write(to: URL(fileURLWithPath: cal.folder + "/footer"))
    for (zone, usable) in [
      ("ABC999999999999999999", false), ("<+99999999999>99999999999", false), ("/nonexistent", false),
      (cal.folder + "/footer", false),
      ("Mars/Olympus", false), (":", true), ("UTC0", true), ("EST5EDT", true), (":Europe/Berlin", true),
    ] {
      // Every front end reads the zone: the interactive page and reminders refuse it as listings do.
      for command in [
        ["list", "2024-05"], ["show", "2024-05"], ["agenda"], ["search", "x"], ["remind"], ["interactive"],
      ] {
        let result = try cal.run(command, environment: ["TZ": zone])
        // (Not on a terminal, the interactive page refuses with a usage error once the zone is known.)
        #expect(result.status == (usable ? (command == ["interactive"] ? 64 : 0) : 1), "TZ=\(zone) \(command)")
        if !usable {
          #expect(result.stderr.hasPrefix("Error: TZ: ") && result.stderr.split(separator: "\n").count == 1)
        }
      }
    }
    let file = cal.folder + "/long.ics"
    try """
    BEGIN:VCALENDAR\r
    BEGIN:VEVENT\r
    UID:long\r
    DTSTART:19700101T000000Z\r
    DURATION:PT9223372036854775748S\r
    SUMMARY:forever\r
    END:VEVENT\r
    END:VCALENDAR\r

    """.write(toFile: file, atomically: true, encoding: .utf8)
    let imported = try cal.run(["import", file], environment: ["TZ": "Asia/Tokyo"])
    #expect(imported.status == 1 && imported.stderr.hasPrefix("Error: "))
    for command in [["list", "1970-01"], ["search", "forever"]] {
      #expect(try cal.run(command, environment: ["TZ": "Asia/Tokyo"]).status == 0)
    }
  }

  @Test(
    "a calendar in a folder that cannot be written (a read-only disk) is read; a change to it is refused",
    .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
  func readOnlyFolder() throws {
    // Someone else's file (root's, read by nobody).
    try expectReadOnlyFolder(
      fileMode: 0o644, ownedByRunner: false, refusal: "the calendar file \(cal.database) is read-only")
  }

  @Test(
    "one's own calendar file in a folder one cannot write is read; a change to it is refused for the folder",
    .enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
  func ownFileInReadOnlyFolder() throws {
    try expectReadOnlyFolder(fileMode: 0o600, ownedByRunner: true, refusal: folderRefusal)
  }

  @Test(
    "one's own older calendar file in a folder one cannot write: its upgrade is refused for the folder",
    .enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
  func ownOlderFileInReadOnlyFolder() throws {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cal.database + suffix) }
    let database = try Database(path: cal.database)
    try Migrator(
      migrations: BundledMigrations.all.filter { $0.id < "0018" }, applicationID: BundledMigrations.applicationID
    ).migrate(database, now: 0)
    try database.execute("PRAGMA journal_mode = WAL")
    database.close()
    // The upgrade was said to be refused as the file's being read-only, which it is not.
    try inReadOnlyFolder(fileMode: 0o600, ownedByRunner: true) { run in
      for command in [["list", "2024-05"], ["add", "2024-05-13", "x"]] {
        let refused = try run(command)
        #expect(refused.status == 1 && refused.stderr == "Error: \(folderRefusal)\n", "\(refused.stderr)")
      }
    }
  }

  /// Why a change to one's own calendar file in a folder one cannot write is refused.
  private var folderRefusal: String {
    "cannot change the calendar file \(cal.database): its folder \(cal.folder) cannot be written, and SQLite needs "
      + "to make cal.db-wal and cal.db-shm there"
  }

  /// A calendar with an event, read in a folder that cannot be written (see ``inReadOnlyFolder``), each change
  /// refused with `refusal`.
  private func expectReadOnlyFolder(
    fileMode: Int, ownedByRunner: Bool, refusal: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(try cal.run(["add", "2024-05-12", "dentist"]).status == 0, sourceLocation: sourceLocation)
    try inReadOnlyFolder(fileMode: fileMode, ownedByRunner: ownedByRunner, sourceLocation: sourceLocation) { run in
      let listed = try run(["list", "2024-05"])
      #expect(
        listed.status == 0 && listed.stdout == "2024-05-12  all day      #1  dentist\n", "\(listed.stderr)",
        sourceLocation: sourceLocation)
      #expect(try run(["show", "2024-05"]).status == 0, sourceLocation: sourceLocation)
      for change in [["add", "2024-05-13", "x"], ["flip", "up-left"]] {
        let refused = try run(change)
        #expect(
          refused.status == 1 && refused.stderr == "Error: \(refusal)\n", "\(refused.stderr)",
          sourceLocation: sourceLocation)
      }
    }
  }

  /// Runs `body` with the calendar without its -wal and -shm files (copied alone), in a folder that cannot be
  /// written, the file made `fileMode` and, when `ownedByRunner`, given to whoever runs cal (nobody, when the
  /// tests run as root, since root ignores a folder's mode), and a way to run cal as that user; then checks
  /// that nothing was changed or made.
  private func inReadOnlyFolder(
    fileMode: Int, ownedByRunner: Bool, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (_ run: ([String]) throws -> Subprocess.Result) throws -> Void
  ) throws {
    let manager = FileManager.default
    for suffix in ["-wal", "-shm"] { try? manager.removeItem(atPath: cal.database + suffix) }
    let asRoot = getuid() == 0
    if asRoot && ownedByRunner {
      try manager.setAttributes([.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: cal.database)
    }
    try manager.setAttributes([.posixPermissions: fileMode], ofItemAtPath: cal.database)
    try manager.setAttributes([.posixPermissions: 0o555], ofItemAtPath: cal.folder)
    defer { try? manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: cal.folder) }
    let before = cal.snapshot()
    try body { arguments in
      guard asRoot else { return try cal.run(arguments) }
      return try cal.run(
        ["--reuid=65534", "--regid=65534", "--clear-groups", CalProcess.binary] + arguments,
        binary: "/usr/bin/setpriv")
    }
    #expect(cal.snapshot() == before, sourceLocation: sourceLocation)
    #expect(try manager.contentsOfDirectory(atPath: cal.folder) == ["cal.db"], sourceLocation: sourceLocation)
  }

  @Test("a change to a row another program damaged is refused naming the row and its columns, not SQL")
  func damagedRow() throws {
    try cal.run(["add", "2024-05-12", "dentist"])
    try cal.run(["add", "2024-05-14", "trip", "--to", "2024-05-16"])
    try cal.tamper(
      "UPDATE events SET end_day = '2024-05-13' WHERE id = 2", "UPDATE events SET end_day = '2024-05-01' WHERE id = 1")
    let before = cal.snapshot()
    for (id, columns) in [("1", "day or end_day"), ("2", "day or end_day")] {
      let refused = try cal.run(["edit", id, "--title", "renamed"])
      #expect(refused.status == 1, "\(id)")
      // Was: "the calendar file refused the change (CHECK constraint failed: end_day >= day)".
      #expect(
        refused.stderr
          == "Error: the calendar file has a damaged row: event #\(id) (its \(columns) holds a value cal never "
          + "writes, from another program); nothing was changed\n")
    }
    #expect(cal.snapshot() == before)
    // Set right by a change that sets the damaged column anew, or removed.
    #expect(try cal.run(["edit", "1", "--to", "2024-05-12"]).status == 0)
    #expect(try cal.run(["rm", "2"]).status == 0)
    // A damaged row of another table that a trigger writes to is not blamed on the event.
    try cal.tamper("UPDATE simple_days SET events = -1")
    for change in [["edit", "1", "--date", "2024-05-13"], ["add", "2024-05-12", "x"]] {
      let refused = try cal.run(change)
      #expect(
        refused.status == 1
          && refused.stderr
            == "Error: the calendar file refused the change: a row in it breaks the file's own checks (a value cal "
            + "never writes, from another program); nothing was changed\n",
        "\(change): \(refused.stderr)")
    }
  }

  @Test("an edit refused for what another program wrote into the event blames the row, not the options given")
  func damagedEventValues() throws {
    try cal.run(["add", "2024-05-12", "dentist", "--at", "10:00", "--tz", "Europe/Berlin"])
    try cal.run(["add", "2024-05-13", "holiday"])
    try cal.tamper(
      "UPDATE events SET time_zone = 'Nowhere/Land' WHERE id = 1", "UPDATE events SET length_minutes = 0 WHERE id = 2")
    let before = cal.snapshot()
    // Were usage errors (exit 64) about --tz and --for, which the command line did not give.
    for (id, problem) in [
      ("1", "unknown time zone 'Nowhere/Land': use a name such as Europe/Berlin"),
      ("2", "an event lasts at least a minute and at most the calendar's span"),
    ] {
      let refused = try cal.run(["edit", id, "--title", "renamed"])
      #expect(
        refused.status == 1
          && refused.stderr
            == "Error: the calendar file has a damaged row: event #\(id) (\(problem)); nothing was changed\n",
        "\(refused.stderr)")
    }
    #expect(cal.snapshot() == before)
    #expect(try cal.run(["edit", "1", "--tz", "Europe/Berlin"]).status == 0)
  }

  @Test("a value of an event that cannot be read names the event and the column, not a type of the program")
  func unreadableEventValue() throws {
    try cal.run(["add", "2024-05-12", "dentist", "--at", "10:00"])
    try cal.tamper("UPDATE events SET last_day = '0000-00-00' WHERE id = 1")
    // Was: "... (the column last_day holds a value that cannot be read as Optional<CivilDate>)".
    for command in [["list", "2024-05"], ["search", "dentist"], ["edit", "1", "--title", "x"]] {
      let refused = try cal.run(command)
      #expect(
        refused.status == 1
          && refused.stderr
            == "Error: the calendar file has a damaged row: event #1 (its last_day holds a value cal cannot read, "
            + "from another program)\n",
        "\(command): \(refused.stderr)")
    }
  }

  @Test("a column or table missing from the file's own schema is said to be so, without SQLite's words")
  func missingSchemaParts() throws {
    try cal.run(["add", "2024-05-12", "dentist"])
    // A byte of the schema changed (fuzz seed 810 did it by flipping bits): calendars lost a column's name.
    try cal.tamper(
      "PRAGMA writable_schema = ON",
      "UPDATE sqlite_schema SET sql = replace(sql, 'password_command', 'password_commanx') WHERE name = 'calendars'")
    let before = cal.snapshot()
    let refused = try cal.run(["add", "2024-05-13", "x"])
    // Was: "... cannot be used: no such column: password_command".
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "Error: the calendar file \(cal.database) is damaged or another program's: it has no column "
        + "password_command, which cal made; nothing was changed\n")
    #expect(cal.snapshot() == before)
  }

  @Test("a table whose ids another program used up is said to be so, not the disk to be full")
  func noIDLeft() throws {
    try cal.run(["add", "2024-05-12", "dentist"])
    for (table, change) in [("events", ["add", "2024-05-13", "x"]), ("changes", ["rm", "1"])] {
      try cal.tamper("UPDATE sqlite_sequence SET seq = 9223372036854775807 WHERE name = '\(table)'")
      let before = cal.snapshot()
      let refused = try cal.run(change)
      // Was: "no space left on the device for the calendar file".
      #expect(
        refused.status == 1
          && refused.stderr
            == "Error: the calendar file has no new id left in its table \(table): another program gave a row the "
            + "largest id there is; nothing was changed\n",
        "\(refused.stderr)")
      #expect(cal.snapshot() == before)
      try cal.tamper("UPDATE sqlite_sequence SET seq = 1 WHERE name = '\(table)'")
    }
  }

  @Test("removing a series that was split says what remains and how to remove it")
  func removeSplitSeries() throws {
    try cal.run(["add", "2024-05-13", "standup", "--repeat", "weekly", "--on", "mon"])
    try cal.run(["edit", "1", "--on", "2024-06-03", "--from-here", "--title", "standup (new room)"])
    let removed = try cal.run(["rm", "1"])
    #expect(removed.status == 0)
    #expect(
      removed.stdout.hasSuffix(
        "            it continues from 2024-06-03 as #2, which stays (cal rm 2 removes that too)\n"))
    #expect(try cal.run(["list", "2024-06-03"]).stdout.contains("standup (new room)"))
    #expect(try cal.run(["rm", "2"]).stdout.contains("continues") == false)
  }

  @Test("daylight saving: a skipped start time is said, not silently moved; a repeated hour shows its offsets")
  func daylightSaving() throws {
    let berlin = ["TZ": "Europe/Berlin"]
    let spring = try cal.run(["add", "2024-03-31", "spring", "--at", "02:30"], environment: berlin)
    #expect(
      spring.stdout == """
        Added: 2024-03-31  03:30        #1  spring
                    02:30 does not exist on 2024-03-31 in Europe/Berlin (the clocks go forward 1h): it starts at 03:30

        """)
    try cal.run(["add", "2024-10-27", "fall", "--at", "02:30", "--for", "30m"], environment: berlin)
    #expect(
      try cal.run(["list", "2024-10-27"], environment: berlin).stdout == "2024-10-27  02:30+02-02:00+01  #2  fall\n")
    // An ordinary day shows no offsets.
    try cal.run(["add", "2024-10-28", "ordinary", "--at", "02:30"], environment: berlin)
    #expect(
      try cal.run(["list", "2024-10-28"], environment: berlin).stdout == "2024-10-28  02:30        #3  ordinary\n")
  }

  @Test("a short or failed write to standard output (a full disk) is an error, exit 1")
  func failedOutput() throws {
    try cal.run(["add", "2024-05-12", "dentist"])
    for command in ["list 2024-05", "export", "show 2024-05"] {
      let result = try Subprocess.run(
        ["/bin/bash", "-c", "'\(CalProcess.binary)' \(command) --db '\(cal.database)' > /dev/full"],
        environment: ["PATH": "/usr/bin:/bin", "TZ": "UTC", "HOME": cal.folder])
      #expect(result.status == 1, "\(command)")
      #expect(result.stderr == "Error: cannot write the output: No space left on device\n", "\(command)")
    }
    // A change whose confirmation could not be written is made all the same, and the error says so.
    let added = try Subprocess.run(
      ["/bin/bash", "-c", "'\(CalProcess.binary)' add 2024-05-13 lunch --db '\(cal.database)' > /dev/full"],
      environment: ["PATH": "/usr/bin:/bin", "TZ": "UTC", "HOME": cal.folder])
    #expect(added.status == 1)
    #expect(
      added.stderr
        == "Error: cannot write the output: No space left on device (the change itself was made and kept: see cal log)\n"
    )
    #expect(try cal.run(["list", "2024-05-13"]).stdout == "2024-05-13  all day      #2  lunch\n")
  }

  @Test("too many open files (ulimit -n) is said with the system's reason, not as a bad calendar")
  func tooManyOpenFiles() throws {
    try cal.run(["add", "2024-05-12", "dentist"])
    // 4 and 5 leave the calendar file, or it and its log, opened and the next file refused. (With 3, a static
    // cal refuses the zone's file; the dynamic one the tests build cannot even load its libraries.)
    for limit in [4, 5] {
      let result = try Subprocess.run(
        [
          "/bin/bash", "-c",
          // Descriptors tests running beside this one left open without close-on-exec are closed first:
          // under the limit they took the few it leaves, and the dynamic `cal` could not load its libraries.
          "for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; done; "
            + "ulimit -n \(limit) && exec '\(CalProcess.binary)' list 2024-05 --db '\(cal.database)'",
        ],
        environment: ["PATH": "/usr/bin:/bin", "TZ": "Europe/Berlin", "HOME": cal.folder])
      #expect(result.status == 1, "ulimit -n \(limit)")
      #expect(
        result.stderr == "Error: cannot open the calendar file \(cal.database): Too many open files\n",
        "ulimit -n \(limit)")
    }
  }

  @Test(
    "a zone file the system cannot read is said with its reason, not called an unknown zone",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")))
  func unreadableZone() throws {
    try cal.run(["add", "2024-05-12", "dentist"])
    // strace makes the zone file's open fail as a process out of descriptors (or permissions) would see it.
    func run(_ zone: String, file: String, error: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
      let result = try Subprocess.run(
        [
          "/usr/bin/strace", "-f", "-o", "/dev/null", "-e", "trace=openat", "-e", "inject=openat:error=\(error)",
          "-P", file, CalProcess.binary, "list", "2024-05", "--db", cal.database,
        ], environment: ["PATH": "/usr/bin:/bin", "TZ": zone, "HOME": cal.folder])
      let reason = error == "EMFILE" ? "Too many open files" : "Permission denied"
      #expect(result.status == 1, sourceLocation: sourceLocation)
      #expect(
        result.stderr.hasSuffix("Error: cannot read the time zone '\(zone)': \(reason)\n"), "\(result.stderr)",
        sourceLocation: sourceLocation)
    }
    try run("Europe/Berlin", file: "/usr/share/zoneinfo/Europe/Berlin", error: "EMFILE")
    try run("/usr/share/zoneinfo/Asia/Tokyo", file: "/usr/share/zoneinfo/Asia/Tokyo", error: "EACCES")
    // A name that is also a POSIX rule is read as the rule when its file cannot be read, as glibc does.
    let rule = try Subprocess.run(
      [
        "/usr/bin/strace", "-f", "-o", "/dev/null", "-e", "trace=openat", "-e", "inject=openat:error=EACCES",
        "-P", "/usr/share/zoneinfo/EST5EDT", CalProcess.binary, "list", "2024-05", "--db", cal.database,
      ], environment: ["PATH": "/usr/bin:/bin", "TZ": "EST5EDT", "HOME": cal.folder])
    #expect(rule.status == 0 && rule.stdout == "2024-05-12  all day      #1  dentist\n", "\(rule.stderr)")
    // A name that is not there stays an unknown zone.
    let unknown = try cal.run(["list", "2024-05"], environment: ["TZ": "Mars/Olympus"])
    #expect(unknown.stderr == "Error: TZ: unknown time zone 'Mars/Olympus': use a name such as Europe/Berlin\n")
  }

  @Test("a damaged month on view fails a flip as the file's fault (exit 1, one line), not as a usage error")
  func damagedViewedMonth() throws {
    func expectStorageFailure(
      _ damage: String, message: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      let cal = try CalProcess()
      defer { cal.remove() }
      try cal.run(["flip", "up-left"])
      try Database(path: cal.database, mode: .existing).executeScript(damage)
      let before = cal.snapshot()
      let flipped = try cal.run(["flip", "up-left"])
      #expect(flipped.status == 1, sourceLocation: sourceLocation)
      #expect(
        flipped.stderr.hasPrefix("Error: ") && flipped.stderr.split(separator: "\n").count == 1,
        "\(flipped.stderr)", sourceLocation: sourceLocation)
      if let message { #expect(flipped.stderr == "Error: \(message)\n", sourceLocation: sourceLocation) }
      #expect(cal.snapshot() == before, sourceLocation: sourceLocation)
    }
    // A hand edit the CHECK lets through, and a table of the same name with other columns.
    try expectStorageFailure(
      "UPDATE viewed_month SET month = '2024-13'",
      message: "the calendar file holds a value that cannot be read (the column month holds a value that cannot be "
        + "read as YearMonth)")
    try expectStorageFailure("DROP TABLE viewed_month; CREATE TABLE viewed_month (singleton INTEGER, note TEXT)")
  }

  @Test("a calendar grown past the file-size limit (ulimit -f) is an error in words, not a kill; nothing is left")
  func fileSizeLimit() throws {
    let events = (0..<3_000).map { index in
      "BEGIN:VEVENT\r\nUID:\(index)@test\r\nDTSTART;VALUE=DATE:2024\(String(format: "%02d%02d", index % 12 + 1, index % 28 + 1))\r\n"
        + "SUMMARY:event number \(index) with a title long enough to fill pages\r\nEND:VEVENT\r\n"
    }
    let file = cal.folder + "/big.ics"
    try Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + events.joined() + "END:VCALENDAR\r\n").utf8)
      .write(to: URL(fileURLWithPath: file))
    let fresh = cal.folder + "/limited/cal.db"
    let result = try Subprocess.run(
      ["/bin/bash", "-c", "ulimit -f 128; exec '\(CalProcess.binary)' import '\(file)' --db '\(fresh)'"],
      environment: ["PATH": "/usr/bin:/bin", "TZ": "UTC", "HOME": cal.folder])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("Error: ") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: fresh))
  }

  @Test("a command that fails leaves no calendar it made: a new file goes, an empty file adopted is empty again")
  func failedCommandsLeaveNothing() throws {
    let new = cal.folder + "/new/cal.db"
    let refused = try cal.run(
      ["add", "2024-05-15", "x", "--to", "tomorrow", "--repeat", "daily", "--db", new], withDatabase: false)
    #expect(refused.status == 64 && !FileManager.default.fileExists(atPath: cal.folder + "/new"))
    let empty = cal.folder + "/empty.db"
    FileManager.default.createFile(atPath: empty, contents: Data(), attributes: [.posixPermissions: 0o644])
    let file = cal.folder + "/bad.ics"
    try Data("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8).write(
      to: URL(fileURLWithPath: file))
    #expect(try cal.run(["import", file, "--db", empty], withDatabase: false).status == 1)
    let attributes = try FileManager.default.attributesOfItem(atPath: empty)
    #expect(attributes[.size] as? Int == 0 && attributes[.posixPermissions] as? Int == 0o644)
    #expect(
      !FileManager.default.fileExists(atPath: empty + "-wal") && !FileManager.default.fileExists(atPath: empty + "-shm")
    )
    // A change committed stays, whatever fails after it.
    #expect(try cal.run(["add", "2024-05-12", "kept", "--db", empty], withDatabase: false).status == 0)
    #expect(
      try cal.run(["add", "2024-05-12", "x", "--repeat", "sometimes", "--db", empty], withDatabase: false).status == 64)
    #expect(try cal.run(["list", "2024-05-12", "--db", empty], withDatabase: false).stdout.contains("kept"))
  }

  @Test("a reader that goes away (cal list | head) ends the command at once and quietly, as SIGPIPE would")
  func readerGone() throws {
    try cal.run(["add", "2024-05-12", "standup", "--repeat", "daily"])
    // Decades of a daily series: made for nobody, this would take seconds and print an error.
    let result = try Subprocess.run(
      [
        "/bin/bash", "-c",
        "'\(CalProcess.binary)' list 0001-01-01..9999-12-31 --db '\(cal.database)' | head -1; echo \"${PIPESTATUS[0]}\"",
      ],
      environment: ["PATH": "/usr/bin:/bin", "TZ": "UTC", "HOME": cal.folder])
    #expect(result.stdout == "2024-05-12  all day      #1@2024-05-12  standup\n141\n")
    #expect(result.stderr == "")
  }

  @Test("a full pipe another program made non-blocking (Node.js does) is waited for: all is written, no EAGAIN")
  func nonBlockingPipe() throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    // The flag belongs to the pipe's end, which the child shares: its writes find the pipe full, not wait.
    #expect(fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK) == 0)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
    posix_spawn_file_actions_addclose(&actions, ends[0])
    let arguments = [CalProcess.binary, "show", "2024-01", "--months", "1200", "--db", cal.database]
    let argv = arguments.map { strdup($0) } + [nil]
    let variables = ["TZ=UTC", "HOME=" + cal.folder]
    let envp = variables.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid = pid_t()
    #expect(posix_spawn(&pid, arguments[0], &actions, nil, argv, envp) == 0)
    close(ends[1])
    usleep(300_000)  // a reader slower than cal: the pipe fills
    var received = 0
    var chunk = [UInt8](repeating: 0, count: 65536)
    while case let count = read(ends[0], &chunk, chunk.count), count > 0 { received += count }
    close(ends[0])
    #expect(Subprocess.wait(pid) == 0)
    #expect(received == (try cal.run(["show", "2024-01", "--months", "1200"]).stdout.utf8.count))
  }

  @Test("export replaces a file whole, keeping its mode; a FIFO or /dev/stdout is written to, never replaced")
  func exportTargets() throws {
    try cal.run(["add", "2024-05-12", "dentist"])
    let empty = try cal.run(["export", ""])
    #expect(empty.status == 64 && empty.stderr.hasPrefix("Error: the file to export to is an empty name"))
    let file = cal.folder + "/private.ics"
    FileManager.default.createFile(atPath: file, contents: Data("old".utf8), attributes: [.posixPermissions: 0o600])
    #expect(try cal.run(["export", file]).status == 0)
    #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("SUMMARY:dentist"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: cal.folder).filter { $0.hasPrefix(".cal-") }.isEmpty)
    // A symlink (to a private file in another folder) is followed, one calendar's export as the whole one: the
    // file it names is replaced and keeps its mode, the link stays a link, no temporary file is left.
    let elsewhere = cal.folder + "/elsewhere"
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: false)
    FileManager.default.createFile(
      atPath: elsewhere + "/target.ics", contents: Data("old".utf8), attributes: [.posixPermissions: 0o600])
    try FileManager.default.createSymbolicLink(
      atPath: cal.folder + "/link.ics", withDestinationPath: "elsewhere/target.ics")
    #expect(try cal.run(["export", cal.folder + "/link.ics", "--calendar", "personal"]).status == 0)
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: cal.folder + "/link.ics") == "elsewhere/target.ics")
    #expect(
      try FileManager.default.attributesOfItem(atPath: elsewhere + "/target.ics")[.posixPermissions] as? Int == 0o600)
    #expect(try String(contentsOfFile: elsewhere + "/target.ics", encoding: .utf8).contains("SUMMARY:dentist"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere) == ["target.ics"])
    // A FIFO: read by another process while cal writes into it.
    let fifo = cal.folder + "/pipe"
    #expect(mkfifo(fifo, 0o600) == 0)
    let reader = try Subprocess.spawn(
      ["/bin/sh", "-c", "cat '\(fifo)' > '\(cal.folder)/from-pipe.ics'"], environment: ["PATH": "/usr/bin:/bin"])
    #expect(try cal.run(["export", fifo]).status == 0)
    #expect(Subprocess.wait(reader) == 0)
    #expect(try String(contentsOfFile: cal.folder + "/from-pipe.ics", encoding: .utf8).contains("SUMMARY:dentist"))
    var status = stat()
    #expect(lstat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
    // /dev/stdout: the export reaches standard output, and /dev/stdout is still the link it was.
    let viaStdout = try cal.run(["export", "/dev/stdout"])
    #expect(viaStdout.status == 0 && viaStdout.stdout.contains("SUMMARY:dentist"))
    #expect(lstat("/dev/stdout", &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK)
  }

  @Test("flip and goto whose new page cannot be read fail without leaving the turn behind")
  func unreadablePage() throws {
    try cal.run(["add", "2024-06-03", "x", "--at", "10:00", "--tz", "Europe/Berlin"])
    try cal.run(["goto", "2024-05"])
    // A zone this system does not know, as a calendar moved from another machine might hold.
    try CalendarStore(path: cal.database, now: 0).database.execute("UPDATE events SET time_zone = 'Nowhere/Zone'")
    for command in [["goto", "2024-06"], ["flip", "up-left"]] {
      let result = try cal.run(command)
      #expect(result.status == 1 && result.stdout.isEmpty, "\(command)")
    }
    #expect(try cal.run(["history", "--json"]).stdout.components(separatedBy: "\"kind\"").count == 2)
  }

  @Test(
    "a file edited by hand: a rule stored as a blob is read as its text; a reminder past the schema's bounds is an error, not a crash"
  )
  func editedByHand() throws {
    try cal.run(["add", "2024-05-13", "standup", "--at", "09:00", "--repeat", "weekly", "--remind", "15m"])
    let database = try CalendarStore(path: cal.database, now: 0).database
    try database.execute("UPDATE events SET rrule = CAST(rrule AS BLOB)")
    #expect(try cal.run(["list", "2024-05-20"]).stdout.hasPrefix("2024-05-20  09:00        #1@2024-05-20  standup\n"))
    try database.execute("PRAGMA ignore_check_constraints = ON")
    for offset in [Int64.max, Int64.min, 315_537_897_601] {
      try database.execute("UPDATE reminders SET offset_seconds = ?", [offset])
      for (command, row) in [
        (["list", "2024-05", "--json"], "event #1 (its reminders"),
        (["remind", "--json"], "reminder #1 (its relative_to or offset_seconds or at or day_minute"),
      ] {
        let result = try cal.run(command)
        #expect(result.status == 1, "\(command) \(offset)")
        #expect(
          result.stderr
            == "Error: the calendar file has a damaged row: \(row) holds a value cal cannot read, from another "
            + "program)\n", "\(command) \(offset)")
      }
    }
  }

  @Test("edit and rm change what is there: a named calendar that does not exist is an error, not a new file")
  func editMissingCalendar() throws {
    let missing = cal.folder + "/new.db"
    for command in [["edit", "7", "--note", "x"], ["rm", "7"]] {
      let result = try cal.run(command + ["--db", missing], withDatabase: false)
      #expect(result.status == 1 && result.stderr == "Error: no calendar at \(missing)\n", "\(command)")
    }
    #expect(!FileManager.default.fileExists(atPath: missing))
  }

  @Test("options before the command stay options when -- comes among the command's words")
  func optionsBeforeDoubleDash() throws {
    try cal.run(["add", "--db", cal.database, "2024-05-12", "--", "-x-ray"], withDatabase: false)
    let found = try cal.run(["--db", cal.database, "search", "--", "-x-ray"], withDatabase: false)
    #expect(found.status == 0 && found.stdout.contains("-x-ray"))
    #expect(!FileManager.default.fileExists(atPath: cal.folder + "/.local/share/cal/calendar.db"))
    #expect(try cal.run(["help", "--help"], withDatabase: false).stdout.hasPrefix("OVERVIEW: Show help"))
  }

  @Test("a series whose occurrences outlast the time between them is refused, by add and by edit")
  func overlappingSeries() throws {
    let refused = try cal.run(["add", "1582-10-10", "x", "--to", "2024-05-13", "--repeat", "daily"])
    #expect(refused.status == 64 && refused.stderr.hasPrefix("Error: each occurrence would last 161289 days"))
    #expect(try cal.run(["add", "2024-05-13", "on call", "--to", "2024-05-19", "--repeat", "weekly"]).status == 0)
    #expect(
      try cal.run(["add", "2024-05-13", "party", "--at", "22:00", "--for", "3h", "--repeat", "daily"]).status == 0)
    let stretched = try cal.run(["edit", "1", "--to", "2024-05-25"])
    #expect(stretched.status == 64 && stretched.stderr.hasPrefix("Error: each occurrence would last 13 days"))
    // The same from a file (found by the fuzzer: a daily timed event lasting ten thousand years imported, then
    // every listing tried to hold its 739,000 occurrences of each day and died allocating 2.4 GB).
    let file = cal.folder + "/long-series.ics"
    try """
    BEGIN:VCALENDAR\r
    BEGIN:VEVENT\r
    UID:forever\r
    DTSTART:00010101T000000\r
    RRULE:FREQ=DAILY\r
    DURATION:P521722W\r
    SUMMARY:odd\r
    END:VEVENT\r
    END:VCALENDAR\r

    """.write(toFile: file, atomically: true, encoding: .utf8)
    let imported = try cal.run(["import", file])
    #expect(imported.status == 0 && imported.stdout.contains("0 added") && imported.stdout.contains("1 skipped"))
    #expect(imported.stdout.contains("skipped 1 VEVENT: each occurrence would last 3652055 days"), "\(imported.stdout)")
    #expect(try cal.run(["list", "2024-03"]).status == 0)
  }

  @Test("export through a symlink to nothing yet makes its target, as a shell's > does; a missing folder is an error")
  func exportThroughDanglingLink() throws {
    try cal.run(["add", "2024-05-13", "dentist"])
    let fileManager = FileManager.default
    try fileManager.createDirectory(atPath: cal.folder + "/sub", withIntermediateDirectories: false)
    // A link to a link to nothing: both stay links, and the file at the end of them is made (it replaced the link).
    try fileManager.createSymbolicLink(atPath: cal.folder + "/a.ics", withDestinationPath: "sub/out.ics")
    try fileManager.createSymbolicLink(atPath: cal.folder + "/b.ics", withDestinationPath: "a.ics")
    #expect(try cal.run(["export", cal.folder + "/b.ics"]).status == 0)
    for link in ["a.ics", "b.ics"] {
      #expect(try fileManager.destinationOfSymbolicLink(atPath: cal.folder + "/" + link).hasSuffix(".ics"), "\(link)")
    }
    #expect(try String(contentsOfFile: cal.folder + "/sub/out.ics", encoding: .utf8).contains("SUMMARY:dentist"))
    try fileManager.createSymbolicLink(atPath: cal.folder + "/c.ics", withDestinationPath: "nowhere/x.ics")
    let missing = try cal.run(["export", cal.folder + "/c.ics"])
    #expect(
      missing.status == 1
        && missing.stderr == "Error: cannot write \(cal.folder)/c.ics: it links to \(cal.folder)/nowhere/x.ics, in a "
          + "folder that does not exist\n"
    )
    #expect(try fileManager.destinationOfSymbolicLink(atPath: cal.folder + "/c.ics") == "nowhere/x.ics")
  }

  @Test("a series an older cal imported whose occurrences overlap beyond reading is listed once with a warning")
  func storedOverlappingSeries() throws {
    let now = "2024-05-12T10:00:00+02:00"
    try cal.run(["add", "0001-01-01", "odd", "--at", "00:00", "--repeat", "daily", "--remind", "15m"], at: now)
    try cal.run(["add", "2024-05-13", "fine", "--at", "10:00", "--repeat", "weekly"], at: now)
    // As an import before 1af91e7 stored DURATION:P521722W, and a weekly event lasting 8 days (which real
    // calendars hold, and which must read as before).
    let database = try CalendarStore(path: cal.database, now: 0).database
    try database.execute("UPDATE events SET length_days = 3652054, span_days = 3652054 WHERE id = 1")
    try database.execute("UPDATE events SET length_days = 8, span_days = 8 WHERE id = 2")
    // Expanded, every day held 739,000 occurrences: a listing of any month died allocating 2.4 GB.
    let limited = "ulimit -v 300000; exec \"$0\" \"$@\""
    let warning =
      "Warning: event #1 is listed by its first occurrence alone: each occurrence would last 3652055 days, longer "
      + "than the 1 day from one start to the next: shorten it or repeat less often (cal edit 1), or remove it "
      + "(cal rm 1)\n"
    for (command, warns) in [
      (["list", "2024-05"], true), (["list", "2024-05", "--json"], true), (["agenda", "30"], true),
      (["show", "--agenda"], true), (["search", "odd"], true), (["show"], false), (["export"], false),
      (["remind", "--json"], false),
    ] {
      let result = try cal.run(
        ["-c", limited, CalProcess.binary] + command, environment: ["TZ": "Europe/Berlin", "CAL_TEST_NOW": now],
        binary: "/bin/sh")
      #expect(result.status == 0 && result.stderr == (warns ? warning : ""), "\(command): \(result.stderr.prefix(300))")
    }
    let listed = try cal.run(["list", "2024-05-19..2024-05-21"], at: now).stdout
    #expect(
      listed == """
        2024-05-19  ...          #1@0001-01-01  odd
                    reminders: 15m before
        2024-05-19  ...          #2@2024-05-13  fine
        2024-05-20  ...          #1@0001-01-01  odd
                    reminders: 15m before
        2024-05-20  ...          #2@2024-05-13  fine
        2024-05-20  10:00-...    #2@2024-05-20  fine
        2024-05-21  ...          #1@0001-01-01  odd
                    reminders: 15m before
        2024-05-21  ...-10:00    #2@2024-05-13  fine
        2024-05-21  ...          #2@2024-05-20  fine

        """)
    // What the warning says works: the series shortened is listed as any other.
    #expect(try cal.run(["edit", "1", "--for", "1h"], at: now).status == 0)
    let fixed = try cal.run(["list", "2024-05-20"], at: now)
    #expect(fixed.stderr.isEmpty && fixed.stdout.contains("2024-05-20  00:00-01:00  #1@2024-05-20  odd\n"))
  }

  @Test("a failed import into a calendar it would have made leaves no file or folder behind")
  func failedImportLeavesNothing() throws {
    let file = cal.folder + "/bad.ics"
    try "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".write(
      toFile: file, atomically: true, encoding: .utf8)
    let result = try cal.run(["import", file, "--db", cal.folder + "/new/deep/cal.db"], withDatabase: false)
    #expect(result.status == 1 && result.stderr.contains("an event without DTSTART"))
    #expect(!FileManager.default.fileExists(atPath: cal.folder + "/new"))
  }

  @Test("export leaves control characters out of text, as RFC 5545 asks; tabs and line ends stay")
  func exportControls() throws {
    try cal.run(["add", "2024-05-12", "a\u{1B}[31mb\u{85}c\td", "--note", "one\ntwo"])
    let exported = try cal.run(["export"]).stdout
    #expect(exported.contains("SUMMARY:a[31mbc\td\r\n") && exported.contains("DESCRIPTION:one\\ntwo\r\n"))
    #expect(!exported.unicodeScalars.contains { $0.value < 0x20 && !["\t", "\r", "\n"].contains($0) })
  }

  @Test("thousands of events without UIDs and of the same content import, and import again unchanged")
  func manyAlikeWithoutUID() throws {
    let event = "BEGIN:VEVENT\r\nDTSTART:20150703T100000Z\r\nSUMMARY:standup\r\nEND:VEVENT\r\n"
    let file = cal.folder + "/alike.ics"
    try ("BEGIN:VCALENDAR\r\n" + String(repeating: event, count: 3_000) + "END:VCALENDAR\r\n").write(
      toFile: file, atomically: true, encoding: .utf8)
    #expect(try cal.run(["import", file]).stdout.hasPrefix("Imported \(file): 3000 added"))
    #expect(try cal.run(["import", file]).stdout.hasPrefix("Imported \(file): 0 added, 0 updated, 3000 unchanged"))
  }

  @Test("list, search and agenda stream: over decades of events their memory does not grow with the output")
  func listingsStream() throws {
    let now = "2024-05-12T10:00:00+02:00"
    for hour in 10...14 {
      try cal.run(["add", "2024-05-12", "daily \(hour)", "--at", "\(hour):00", "--repeat", "daily"], at: now)
    }
    // 55,000 items: built whole in memory, JSON took over 120 MB; streamed, a debug build takes 16 MB.
    let limited = "ulimit -v 100000; exec \"$0\" \"$@\""
    // JSON, which took 5.8 GB over 0001..9999 when built whole, for list and search; both forms for agenda.
    let first = "\"occurrence\":\"2024-05-12\",\"reminders\":[],\"calendar\":\"personal\"}]\n"
    for (command, ending) in [
      (["agenda", "2024-05-12..2054-05-12"], "  14:00        #5@2054-05-12  daily 14\n"),
      (["agenda", "2024-05-12..2054-05-12", "--json"], "}]}]\n"),
      (["list", "2024-05-12..2054-05-12", "--json"], first.replacingOccurrences(of: "2024-05-12", with: "2054-05-12")),
      (["search", "daily", "--from", "2024-05-12", "--to", "2054-05-12", "--json"], first),
    ] {
      let result = try cal.run(
        ["-c", limited, CalProcess.binary] + command, environment: ["TZ": "Europe/Berlin", "CAL_TEST_NOW": now],
        binary: "/bin/sh")
      #expect(result.status == 0 && result.stderr.isEmpty, "\(command): \(result.stderr.prefix(300))")
      let ends = result.stdout.hasSuffix(ending)
      #expect(ends, "\(command): \(result.stdout.suffix(200))")
    }
  }

  @Test(
    "a hostile feed arriving by subscription is refused or skipped as an import is, never a crash, and held to a download's size"
  )
  func hostileFeed() throws {
    let feed = cal.folder + "/feed.ics"
    let url = "file://" + feed
    func write(_ body: String) throws {
      try ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + body + "END:VCALENDAR\r\n").write(
        toFile: feed, atomically: true, encoding: .utf8)
    }
    try write(String(repeating: "BEGIN:X\r\n", count: 60_000) + String(repeating: "END:X\r\n", count: 60_000))
    let nested = try cal.run(["calendar", "add", "feed", "--subscribe", url])
    #expect(nested.status == 1 && nested.stderr.split(separator: "\n").count == 1, "\(nested.stderr)")
    #expect(nested.stderr.contains("line 66: BEGIN:X is nested 65 components deep"))
    #expect(try cal.run(["calendar", "list"]).stdout.contains("feed") == false)
    let hostile = ["P99999999999999W", "PT9223372036854775807S", "P106751991167300D", "PT153722867280912930M"]
    let events = hostile.enumerated().map { index, duration in
      "BEGIN:VEVENT\r\nUID:d\(index)\r\nDTSTART:19700101T000000Z\r\nDURATION:\(duration)\r\nSUMMARY:x\r\nEND:VEVENT\r\n"
    }
    // The zone bomb: 150 observances from year 1, each repeating daily (it took 4.6 GB to import).
    let observances = (0..<150).map { index in
      "BEGIN:STANDARD\r\nDTSTART:00010101T\(String(format: "%02d", index % 24))0000\r\nRRULE:FREQ=DAILY\r\n"
        + "TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0\(index % 9)00\r\nEND:STANDARD\r\n"
    }
    try write(
      "BEGIN:VTIMEZONE\r\nTZID:Bomb\r\n" + observances.joined() + "END:VTIMEZONE\r\n" + events.joined()
        + "BEGIN:VEVENT\r\nUID:i\r\nDTSTART:19700101T000000Z\r\nRRULE:FREQ=DAILY;INTERVAL=100001\r\nSUMMARY:x\r\n"
        + "END:VEVENT\r\nBEGIN:VEVENT\r\nUID:ok\r\nDTSTART;TZID=Bomb:19700101T120000\r\nSUMMARY:kept\r\nEND:VEVENT\r\n")
    let tokyo = ["TZ": "Asia/Tokyo"]
    let limited = "ulimit -v 600000; exec \"$0\" \"$@\""
    let synced = try cal.run(
      ["-c", limited, CalProcess.binary, "calendar", "add", "feed", "--subscribe", url], environment: tokyo,
      binary: "/bin/sh")
    #expect(synced.status == 0 && synced.stdout.contains("\nfeed: 0 up, 1 down"), "\(synced.stderr)")
    #expect(synced.stdout.components(separatedBy: "skipped VEVENT").count == 6)
    for command in [["list", "1970-01"], ["search", "kept"], ["export", "--calendar", "feed"], ["agenda", "3000y"]] {
      #expect(try cal.run(command, environment: tokyo).status == 0, "\(command)")
    }
    // An endless file is refused at the size a download is cut off at (it was read to 1 GiB, and under a
    // memory limit died on allocation), whether subscribed to or what a feed's file became.
    try FileManager.default.removeItem(atPath: feed)
    try FileManager.default.createSymbolicLink(atPath: feed, withDestinationPath: "/dev/zero")
    for (command, path) in [
      (["calendar", "add", "zero", "--subscribe", "file:///dev/zero"], "/dev/zero"), (["sync", "feed"], feed),
    ] {
      let result = try cal.run(["-c", limited, CalProcess.binary] + command, binary: "/bin/sh")
      #expect(result.status == 1, "\(command) \(result.stderr.prefix(300))")
      #expect(result.stderr.contains("\(path) is larger than 128 MiB: not a calendar feed"), "\(result.stderr)")
      #expect(result.stderr.split(separator: "\n").count == 1)
    }
    #expect(try cal.run(["list", "1970-01"]).stdout.contains("kept"))
  }

  @Test("a CAL_TEST_NOW that is no instant of the years 1 to 9999 is an error, not the real clock or 1970")
  func pinnedClock() throws {
    let before = cal.snapshot()
    for text in [
      "abc", "-", "99999999999999999999", "253402300800000", "2024-05-12T10:00:00+99:00", "2024-05-12T1+:00Z",
    ] {
      let result = try cal.run(["add", "2024-05-13", "x"], environment: ["CAL_TEST_NOW": text])
      #expect(result.status == 1, "\(text)")
      #expect(result.stderr.hasPrefix("Error: CAL_TEST_NOW: '\(text)' is not an instant"), "\(text)")
      #expect(result.stderr.split(separator: "\n").count == 1 && result.stdout.isEmpty, "\(text)")
    }
    #expect(cal.snapshot() == before)
    // The last millisecond of 9999 in UTC is already the year 10000 in Berlin: today is the calendar's last day.
    let last = try cal.run(["list"], environment: ["CAL_TEST_NOW": "253402300799999", "TZ": "Europe/Berlin"])
    #expect(last.status == 0 && last.stdout == "No events in December 9999.\n")
    let first = try cal.run(["list"], environment: ["CAL_TEST_NOW": "-62135596800000", "TZ": "UTC"])
    #expect(first.status == 0 && first.stdout == "No events in January 1.\n")
  }

  @Test("input echoed in an error is shown harmlessly: no escape sequence, C1 control or bidi override reaches stderr")
  func errorsEchoHarmlessly() throws {
    let evil = "a\u{1B}]0;pwned\u{07}\u{9B}2J\u{202E}b"
    let file = cal.folder + "/evil.ics"
    try "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:\(evil)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".write(
      toFile: file, atomically: true, encoding: .utf8)
    let before = cal.snapshot()
    for (arguments, environment) in [
      ([evil], [:]), (["list", evil], [:]), (["add", "2024-05-13", "x", "--at", "9", "--tz", evil], [:]),
      (["add", "2024-05-13", "x", "--for", evil], [:]), (["import", file], [:]), (["list"], ["TZ": evil]),
      (["list"], ["CAL_TEST_NOW": evil]), (["rm", evil], [:]),
    ] as [([String], [String: String])] {
      let result = try cal.run(arguments, environment: environment)
      #expect(result.status != 0 && result.stderr.hasPrefix("Error: "), "\(arguments) \(environment)")
      #expect(!result.stderr.unicodeScalars.contains { [0x1B, 0x07, 0x9B, 0x202E].contains($0.value) })
    }
    #expect(cal.snapshot() == before)
  }

  @Test("a FIFO as TZ, as a zone of TZDIR or as a subscription's file is refused at once, never waited on")
  func fifosAreRefused() throws {
    let fifo = cal.folder + "/fifo"
    let zones = cal.folder + "/zones"
    try FileManager.default.createDirectory(atPath: zones + "/Pipe", withIntermediateDirectories: true)
    #expect(mkfifo(fifo, 0o600) == 0 && mkfifo(zones + "/Pipe/Line", 0o600) == 0)
    let before = cal.snapshot()
    for (arguments, environment, error) in [
      (["list"], ["TZ": fifo], "Error: TZ: unknown time zone '\(fifo)'"),
      (["list"], ["TZ": ":" + fifo], "Error: TZ: unknown time zone '\(fifo)'"),
      (["agenda"], ["TZDIR": zones, "TZ": "Pipe/Line"], "Error: TZ: unknown time zone 'Pipe/Line'"),
      (["add", "2024-05-13", "x", "--at", "9:00", "--tz", "Pipe/Line"], ["TZDIR": zones], "Error: unknown time zone"),
      (["calendar", "add", "feed", "--subscribe", "file://" + fifo], [:], "Error: cannot read \(fifo): it is a pipe"),
    ] as [([String], [String: String], String)] {
      // Under timeout(1), so that a wait for a writer fails the test (status 137) instead of holding it; with
      // SIGKILL, as the signals the tests' threads block stay blocked in what they start.
      let result = try cal.run(
        ["-s", "KILL", "10", CalProcess.binary] + arguments, environment: environment, binary: "/usr/bin/timeout")
      #expect(result.status == 1 || result.status == 64, "\(arguments) \(environment): \(result.status)")
      #expect(result.stderr.hasPrefix(error), "\(arguments) \(environment): \(result.stderr)")
    }
    #expect(cal.snapshot() == before)
  }

  @Test("edit, rm, undo and redo whose confirmation cannot be written say that the change stands")
  func changeKeptWhenOutputFails() throws {
    try cal.run(["add", "2024-05-12", "dentist"])
    try cal.run(["add", "2024-05-13", "lunch"])
    let kept =
      "Error: cannot write the output: No space left on device (the change itself was made and kept: see cal log)\n"
    // Without the note an undo looked undone in vain, and undoing again took back a second change.
    for (command, listed) in [
      ("undo", "2024-05-12  all day      #1  dentist\n"), ("redo", "2024-05-12  all day      #1  dentist\n"),
      ("edit 1 --title doctor", "2024-05-12  all day      #1  doctor\n"), ("rm 1", "No events on 2024-05-12.\n"),
    ] {
      let result = try Subprocess.run(
        ["/bin/bash", "-c", "'\(CalProcess.binary)' \(command) --db '\(cal.database)' > /dev/full"],
        environment: ["PATH": "/usr/bin:/bin", "TZ": "UTC", "HOME": cal.folder])
      #expect(result.status == 1 && result.stderr == kept, "\(command): \(result.stderr)")
      #expect(try cal.run(["list", "2024-05-12"]).stdout == listed, "\(command)")
    }
    #expect(try cal.run(["list", "2024-05-13"]).stdout == "2024-05-13  all day      #2  lunch\n")
  }

  @Test("an event of more lines or dates than any calendar holds is refused before it takes the memory of many")
  func floodedEventsAreBounded() throws {
    try cal.run(["add", "2024-05-12", "dentist"])
    let before = cal.snapshot()
    let file = cal.folder + "/flood.ics"
    func importing(_ body: String) throws -> Subprocess.Result {
      try
        ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20240513T090000Z\r\nRRULE:FREQ=DAILY\r\n" + body
        + "SUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n").write(toFile: file, atomically: true, encoding: .utf8)
      // 2 million EXDATE lines (50 MB) took 660 MB and a minute; the largest file would take 13 GB.
      return try cal.run(
        ["-c", "ulimit -v 400000; exec \"$0\" \"$@\"", CalProcess.binary, "import", file],
        binary: "/bin/sh")
    }
    let lines = try importing(String(repeating: "EXDATE:20240514T090000Z\r\n", count: 200_001))
    #expect(lines.status == 1 && lines.stderr.split(separator: "\n").count == 1, "\(lines.stderr)")
    #expect(lines.stderr.hasSuffix("line 2: BEGIN:VEVENT spans more than 200000 lines: not imported\n"))
    #expect(cal.snapshot() == before)
    // One line may list hundreds of thousands of dates.
    let dates: [String] = (0..<100_001).map { (index: Int) -> String in
      let (year, month, day): (Int, Int, Int) = (2025 + index / 336, index / 28 % 12 + 1, index % 28 + 1)
      return String(format: "%04d%02d%02dT090000Z", year, month, day)
    }
    let list = dates.joined(separator: ",")
    let listed = try importing("EXDATE:" + list + "\r\n")
    #expect(
      listed.status == 0 && listed.stdout.contains("more than 100000 dates excluded (EXDATE)"), "\(listed.stdout)")
    let extra = try importing("RDATE:" + list + "\r\n")
    #expect(extra.status == 0 && extra.stdout.contains("more than 100000 extra dates (RDATE)"), "\(extra.stdout)")
    #expect(try cal.run(["list", "2024-05"]).stdout == "2024-05-12  all day      #1  dentist\n")
  }
}

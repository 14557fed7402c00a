import Foundation
import Testing

/// Defects found by attacking the features added since issue 9 (several calendars, reminders, the change log),
/// with kill -9, power-cut copies, concurrent processes and hostile input, each kept fixed here.
final class LaterFeaturesHardeningTests {
  let cal: CalProcess

  init() throws {
    cal = try CalProcess()
  }

  deinit {
    cal.remove()
  }

  @Test("undo then redo brings back what was undone: a change made after an earlier undo ends that one's redo")
  func redoAfterNewChange() throws {
    let now = "2024-05-12T10:00:00+02:00"
    for command in [["add", "2024-05-12", "a"], ["add", "2024-05-13", "b"], ["undo"], ["add", "2024-05-14", "c"]] {
      #expect(try cal.run(command, at: now).status == 0, "\(command)")
    }
    let before = try cal.run(["export"], at: now).stdout
    #expect(try cal.run(["undo"], at: now).stdout == "Undid change 3: added #3 c on 2024-05-14\n")
    // It redid change 2 (b, undone before c was added), and c could only come back by a second redo.
    #expect(try cal.run(["redo"], at: now).stdout == "Redid change 3: added #3 c on 2024-05-14\n")
    #expect(try cal.run(["export"], at: now).stdout == before)
    let refused = try cal.run(["redo"], at: now)
    #expect(
      refused.status == 1
        && refused.stderr == "Error: there is nothing to redo (a change made after an undo ends redo)\n")
    #expect(
      try cal.run(["log"], at: now).stdout == """
        3  2024-05-12T10:00:00+02:00  add       added #3 c on 2024-05-14
        2  2024-05-12T10:00:00+02:00  add       added #2 b on 2024-05-13 (undone)
        1  2024-05-12T10:00:00+02:00  add       added #1 a on 2024-05-12

        """)
  }

  @Test("remind --exec starts a command only once its reminder is recorded: a run that fails starts none")
  func execAfterCommit() throws {
    let told = cal.folder + "/told"
    try cal.run(["add", "2024-05-12", "old", "--at", "09:00", "--remind", "15m"], at: "2024-05-12T08:00:00+02:00")
    #expect(try cal.run(["remind"], at: "2024-05-12T08:00:00+02:00").status == 0)
    try cal.run(["add", "2024-05-13", "dentist", "--at", "14:30", "--remind", "15m"], at: "2024-05-12T08:00:00+02:00")
    // A day and more later: old's reminder is missed (printed), dentist's is due (given to the command). The
    // missed one's line cannot be written, so nothing is recorded, and the run must not have started the
    // command either (it did, before recording; as a cal killed at that moment did): the next run starts it
    // again, and the dentist is told twice.
    let line = [
      CalProcess.binary, "remind", "--db", cal.database, "--exec", "echo \"$CAL_TITLE\" >> '\(told)'",
    ].map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }.joined(separator: " ")
    let environment = [
      "PATH": "/usr/bin:/bin", "HOME": cal.folder, "TZ": "Europe/Berlin", "CAL_TEST_NOW": "2024-05-13T14:16:00+02:00",
    ]
    let failed = try Subprocess.run(["/bin/bash", "-c", line + " > /dev/full"], environment: environment)
    #expect(failed.status == 1 && failed.stderr == "Error: cannot write the output: No space left on device\n")
    let again = try Subprocess.run(["/bin/bash", "-c", line], environment: environment)
    #expect(again.status == 0 && again.stdout.hasPrefix("Missed reminder"), "\(again.stdout)\(again.stderr)")
    // The commands run on their own: wait for one to have written, then a little for any other.
    for _ in 0..<500 where !FileManager.default.fileExists(atPath: told) { usleep(10_000) }
    usleep(300_000)
    #expect(try String(contentsOfFile: told, encoding: .utf8) == "dentist\n")
  }

  @Test(
    "undo and redo of a calendar file that cannot be written say it is read-only",
    .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
  func readOnlyUndo() throws {
    #expect(try cal.run(["add", "2024-05-12", "dentist"]).status == 0)
    #expect(try cal.run(["add", "2024-05-13", "lunch"]).status == 0)
    #expect(try cal.run(["undo"]).status == 0)
    // Made read-only by its owner (chmod a-w) in a folder anyone may write, read by another user.
    let manager = FileManager.default
    try manager.setAttributes([.posixPermissions: 0o444], ofItemAtPath: cal.database)
    for suffix in ["-wal", "-shm"] { try? manager.removeItem(atPath: cal.database + suffix) }
    try manager.setAttributes([.posixPermissions: 0o777], ofItemAtPath: cal.folder)
    let before = cal.snapshot()
    for command in [["undo"], ["redo"]] {
      let refused = try cal.run(
        ["--reuid=65534", "--regid=65534", "--clear-groups", CalProcess.binary] + command, binary: "/usr/bin/setpriv")
      // It said "cannot be used: not an error".
      #expect(
        refused.status == 1 && refused.stderr == "Error: the calendar file \(cal.database) is read-only\n",
        "\(command): \(refused.stderr)")
    }
    #expect(cal.snapshot() == before)
  }

  @Test("an imported event keeps at most the reminders add and edit take, so that it can still be edited")
  func importedAlarmLimit() throws {
    let alarms = (1...101).map { "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT\($0)M\r\nEND:VALARM\r\n" }
    let file = cal.folder + "/alarms.ics"
    try
      ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20240513T100000Z\r\nSUMMARY:many\r\n"
      + alarms.joined() + "END:VEVENT\r\nEND:VCALENDAR\r\n").write(toFile: file, atomically: true, encoding: .utf8)
    let imported = try cal.run(["import", file])
    #expect(imported.status == 0 && imported.stdout.contains("VALARM: an event keeps at most 100 alarms"))
    // It was kept with 101, and every edit of it was refused: "an event has at most 100 reminders".
    let edited = try cal.run(["edit", "1", "--title", "fewer", "--json"])
    #expect(edited.status == 0, "\(edited.stderr)")
    let event = try #require(try CalProcess.json(edited.stdout) as? [String: Any])
    #expect((event["reminders"] as? [Any])?.count == 100)
  }

  @Test("calendar names are one whatever their case beyond ASCII, and however an accent is written")
  func unicodeNames() throws {
    #expect(try cal.run(["calendar", "add", "\u{E9}t\u{E9}"]).status == 0)
    for lookalike in ["\u{C9}T\u{C9}", "e\u{301}te\u{301}"] {
      let refused = try cal.run(["calendar", "add", lookalike])
      // Both were added: three calendars that look the same or differ only in case.
      #expect(
        refused.status == 64 && refused.stderr.hasPrefix("Error: there is already a calendar named '\u{E9}t\u{E9}'\n"))
      #expect(try cal.run(["add", "2024-05-12", "in it", "--calendar", lookalike]).status == 0)
    }
    #expect(try cal.run(["calendar", "edit", "\u{E9}t\u{E9}", "--rename", "\u{C9}t\u{E9}"]).status == 0)
    let listed = try #require(try CalProcess.json(cal.run(["calendar", "list", "--json"]).stdout) as? [[String: Any]])
    #expect(listed.map { "\($0["name"] ?? "") \($0["events"] ?? "")" } == ["personal 0", "\u{C9}t\u{E9} 2"])
  }

  @Test("remind --install puts the unit under an absolute HOME only: an empty or relative one is an error")
  func installNeedsAbsoluteHome() throws {
    // Run from the test's folder: a relative HOME put the unit there (an empty one, under /.config).
    for (home, expected) in [
      ("rel", "Error: cannot tell where the unit goes: HOME ('rel') is not an absolute path\n"),
      ("", "Error: cannot tell where the unit goes: HOME is not set\n"),
    ] {
      let result = try Subprocess.run(
        [
          "/bin/sh", "-c", "cd \"$1\" && exec \"$2\" remind --install --db \"$1/cal.db\"", "sh", cal.folder,
          CalProcess.binary,
        ],
        environment: ["PATH": "/usr/bin:/bin", "HOME": home, "XDG_CONFIG_HOME": "relative/too"])
      #expect(result.status == 1 && result.stderr == expected, "HOME=\(home): \(result.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: cal.folder) == ["cal.db"])
  }
}

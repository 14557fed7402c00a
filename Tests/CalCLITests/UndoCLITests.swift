import CalCore
import CalStorage
import Foundation
import Testing

/// `cal undo`, `cal redo` and `cal log` through the real `cal`, with each change made by its own process (the
/// log is in the file, so undo survives restarts).
final class UndoCLITests {
  let cal: CalProcess

  init() throws {
    cal = try CalProcess()
  }

  deinit {
    cal.remove()
  }

  @discardableResult
  private func run(_ arguments: [String], at now: String = "2024-05-12T10:00:00+02:00") throws -> Subprocess.Result {
    try cal.run(arguments, at: now)
  }

  /// What undo must put back: the events of May 2024, the month on view and the page history.
  private func state() throws -> String {
    try run(["list", "2024-05", "--json"]).stdout + run(["list", "--json"]).stdout + run(["history"]).stdout
  }

  @Test("each kind of change is undone and redone by a later process: add, edit, rm, import, flip, goto")
  func everyKind() throws {
    try run(["goto", "2024-05"])
    try run(["add", "2024-05-13", "standup", "--at", "09:00", "--repeat", "daily", "--count", "5", "--remind", "5m"])
    let file = cal.folder + "/in.ics"
    try """
    BEGIN:VCALENDAR\r
    BEGIN:VEVENT\r
    UID:x@test\r
    DTSTART:20240520T100000Z\r
    SUMMARY:imported\r
    BEGIN:VALARM\r
    ACTION:DISPLAY\r
    TRIGGER:-PT1H\r
    END:VALARM\r
    END:VEVENT\r
    END:VCALENDAR\r

    """.write(toFile: file, atomically: true, encoding: .utf8)
    let changes: [[String]] = [
      ["add", "2024-05-12", "dentist", "--at", "14:30", "--remind", "15m"],
      ["edit", "2", "--title", "dentist (Dr. Müller)", "--remind", "1h"],
      ["edit", "1", "--on", "2024-05-14", "--at", "10:00"],
      ["edit", "1", "--on", "2024-05-15", "--from-here", "--at", "08:30"],
      ["rm", "1", "--on", "2024-05-13"],
      ["rm", "2"],
      ["import", file],
      ["flip", "up-left"],
      ["goto", "2024-09"],
    ]
    for (index, change) in changes.enumerated() {
      let before = try state()
      #expect(try run(change).status == 0, "\(change)")
      let after = try state()
      #expect(after != before, "\(change) changed nothing")
      let undone = try run(["undo"])
      #expect(undone.status == 0 && undone.stdout.hasPrefix("Undid change \(index + 3): "), "\(change): \(undone)")
      #expect(try state() == before, "\(change) was not undone")
      let redone = try run(["redo"])
      #expect(redone.stdout.hasPrefix("Redid change \(index + 3): "), "\(change): \(redone)")
      #expect(try state() == after, "\(change) was not redone")
    }
  }

  @Test("calendar changes are undone and redone too: add, rename, recolour, rm --force with its events")
  func calendarChanges() throws {
    func state() throws -> String {
      try run(["calendar", "list"]).stdout + run(["list", "2024-05", "--json"]).stdout
    }
    let changes: [[String]] = [
      ["calendar", "add", "work", "--color", "red"],
      ["add", "2024-05-13", "review", "--calendar", "work", "--at", "15:00", "--remind", "10m"],
      ["calendar", "edit", "work", "--rename", "job"],
      ["calendar", "edit", "job", "--color", "blue"],
      ["calendar", "rm", "job", "--force"],
    ]
    for change in changes {
      let before = try state()
      #expect(try run(change).status == 0, "\(change)")
      let after = try state()
      #expect(after != before, "\(change) changed nothing")
      let undone = try run(["undo"])
      #expect(undone.status == 0, "\(change): \(undone)")
      #expect(try state() == before, "\(change) was not undone: \(undone)")
      let redone = try run(["redo"])
      #expect(redone.status == 0, "\(change): \(redone)")
      #expect(try state() == after, "\(change) was not redone")
    }
    #expect(try run(["log"]).stdout.contains("calendar  removed calendar job and its 1 event"))
  }

  @Test("undo N and redo N, the log newest first with (undone), JSON for each; nothing to undo is an error")
  func log() throws {
    #expect(try run(["log"]).stdout == "No changes yet.\n")
    let nothing = try run(["undo"])
    #expect(nothing.status == 1 && nothing.stderr == "Error: there is nothing to undo\n")
    try run(["add", "2024-05-12", "dentist"])
    try run(["add", "2024-05-13", "gym"], at: "2024-05-12T10:05:00+02:00")
    try run(["flip", "up-left"], at: "2024-05-12T10:06:00+02:00")
    #expect(
      try run(["undo", "2"]).stdout == """
        Undid change 3: flipped up-left from May 2024 to June 2024
        Undid change 2: added #2 gym on 2024-05-13

        """)
    #expect(
      try run(["log"]).stdout == """
        3  2024-05-12T10:06:00+02:00  flip      flipped up-left from May 2024 to June 2024 (undone)
        2  2024-05-12T10:05:00+02:00  add       added #2 gym on 2024-05-13 (undone)
        1  2024-05-12T10:00:00+02:00  add       added #1 dentist on 2024-05-12

        """)
    let redone = try #require(try CalProcess.json(run(["redo", "--json"]).stdout) as? [[String: Any]])
    #expect(redone.map { $0["id"] as? Int } == [2])
    #expect(redone.first?["state"] as? String == "done")
    #expect(redone.first?["command"] as? String == "cal add 2024-05-13 gym --db \(cal.database)")
    let log = try #require(try CalProcess.json(run(["log", "--json", "--limit", "1"]).stdout) as? [[String: Any]])
    #expect(log.map { $0["kind"] as? String } == ["flip"])
    #expect(log.first?["at"] as? String == "2024-05-12T10:06:00+02:00")
    // A new change ends redo.
    try run(["add", "2024-05-14", "swim"])
    let redo = try run(["redo"])
    #expect(redo.status == 1 && redo.stderr.hasPrefix("Error: there is nothing to redo"))
    for bad in [["undo", "0"], ["undo", "x"], ["redo", "-1"]] {
      #expect(try run(bad).status == 64, "\(bad)")
    }
    let tooMany = try run(["undo", "9"])
    #expect(tooMany.status == 1 && tooMany.stderr == "Error: there are only 3 changes to undo; nothing was done\n")
  }

  @Test("the log names the command line of every change, edit and rm as well as add")
  func commandLines() throws {
    try run(["add", "2024-05-12", "dentist"])
    try run(["edit", "1", "--title", "the dentist"])
    try run(["rm", "1"])
    let log = try #require(try CalProcess.json(run(["log", "--json"]).stdout) as? [[String: Any]])
    #expect(
      log.map { $0["command"] as? String } == [
        "cal rm 1 --db \(cal.database)", "cal edit 1 --title 'the dentist' --db \(cal.database)",
        "cal add 2024-05-12 dentist --db \(cal.database)",
      ])
  }

  @Test("an undo is refused, clearly and without a change, when the event was changed since by another program")
  func conflict() throws {
    try run(["add", "2024-05-12", "dentist", "--at", "14:30"])
    try run(["edit", "1", "--title", "dentist (moved)"], at: "2024-05-12T10:05:00+02:00")
    // A sync, say, that writes without recording a change.
    let store = try CalendarStore(path: cal.database, now: 0)
    var fields = try #require(try store.events.event(id: 1)).fields
    fields.note = "bring the card"
    _ = try store.write { try store.events.update(id: 1, fields, at: 1_715_501_200_000) }
    let before = try state()
    let refused = try run(["undo"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "Error: cannot undo change 2 (changed #1 dentist (moved)): event #1 was changed since by something that "
        + "cannot be undone with it (a sync or another program); nothing was done\n")
    #expect(try state() == before)
  }

  @Test("an undo or redo is refused, clearly and without a change, when a table was replaced by another program")
  func replacedTable() throws {
    try run(["add", "2024-05-12", "dentist"])
    try run(["add", "2024-05-13", "other"])
    try run(["add", "2024-05-14", "third"])
    try run(["undo"])
    // Recreated with the same columns but without its primary key, as `CREATE TABLE ... AS SELECT` does:
    // SQLite skips a recorded change whose table does not match, silently, and undo said it had undone it.
    try cal.tamper(
      "PRAGMA foreign_keys = OFF", "ALTER TABLE events RENAME TO old_events",
      "CREATE TABLE events AS SELECT * FROM old_events", "DROP TABLE old_events")
    let before = cal.snapshot()
    for (verb, change) in [("undo", "2 (added #2 other on 2024-05-13)"), ("redo", "3 (added #3 third on 2024-05-14)")] {
      let refused = try run([verb])
      #expect(refused.status == 1, "\(verb)")
      #expect(
        refused.stderr
          == "Error: cannot \(verb) change \(change): the table events of the calendar file was replaced by another "
          + "program (it no longer has the key the change was recorded with); nothing was done\n")
    }
    #expect(cal.snapshot() == before)
    #expect(try run(["log"]).stdout.split(separator: "\n").map { $0.hasSuffix("(undone)") } == [true, false, false])
  }

  @Test("an undo is refused, clearly and without a change, when the change's record was removed or damaged")
  func damagedRecord() throws {
    for tampering in [
      "DELETE FROM change_sets WHERE change_id = 2", "UPDATE change_sets SET changeset = x'' WHERE change_id = 2",
      "UPDATE change_sets SET changeset = x'5403010000' WHERE change_id = 2",
      "UPDATE change_sets SET changeset = randomblob(300) WHERE change_id = 2",
      "UPDATE change_sets SET changeset = 'text' WHERE change_id = 2",
    ] {
      let cal = try CalProcess()
      defer { cal.remove() }
      try cal.run(["add", "2024-05-12", "dentist"])
      try cal.run(["add", "2024-05-13", "other"])
      try cal.tamper(tampering)
      let before = cal.snapshot()
      // Was, for the first two: "Undid change 2", with event #2 still there.
      let refused = try cal.run(["undo"])
      #expect(
        refused.status == 1
          && refused.stderr
            == "Error: cannot undo change 2 (added #2 other on 2024-05-13): its record in the calendar file is "
            + "missing or damaged (another program changed the change log); nothing was done\n",
        "\(tampering): \(refused.stderr)")
      #expect(cal.snapshot() == before, "\(tampering)")
    }
  }
}

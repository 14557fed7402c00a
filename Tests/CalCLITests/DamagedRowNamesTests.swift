import Foundation
import Testing

/// A row of a table other than `events` damaged by hand (a value of the wrong type, or one that breaks the
/// table's checks) is named by its id, as a damaged event is: the user can find it and mend it.
@Suite struct DamagedRowNamesTests {
  @Test("a damaged calendar or reminder is named by its id")
  func damagedRowsAreNamed() throws {
    let cal = try CalProcess()
    defer { cal.remove() }
    #expect(try cal.run(["add", "2024-05-12", "dentist", "--remind", "1h"]).status == 0)
    #expect(try cal.run(["calendar", "add", "work", "--color", "blue"]).status == 0)
    let pristine = try #require(cal.snapshot())
    func damaged(
      _ statement: String, _ arguments: [String], _ error: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      try pristine.write(to: URL(fileURLWithPath: cal.database))
      try cal.tamper(statement)
      let before = cal.snapshot()
      let result = try cal.run(arguments, at: "2024-05-12T10:00:00+02:00")
      #expect(result.status == 1, "\(arguments)", sourceLocation: sourceLocation)
      #expect(
        result.stderr == "Error: the calendar file has a damaged row: " + error + "\n", sourceLocation: sourceLocation)
      #expect(cal.snapshot() == before, sourceLocation: sourceLocation)
    }
    let unreadable = "holds a value cal cannot read, from another program)"
    try damaged(
      "UPDATE calendars SET color = x'00ff' WHERE id = 2", ["calendar", "list"], "calendar #2 (its color \(unreadable)")
    try damaged(
      "UPDATE calendars SET kind = 'weird' WHERE id = 2", ["calendar", "edit", "work", "--color", "red"],
      "calendar #2 (its kind \(unreadable)")
    try damaged(
      "UPDATE calendars SET synced_at = 'soon' WHERE id = 2", ["calendar", "list"],
      "calendar #2 (its synced_at \(unreadable)")
    try damaged(
      "UPDATE calendars SET name = ' ' WHERE id = 2", ["calendar", "edit", " ", "--color", "red"],
      "calendar #2 (its name holds a value cal never writes, from another program); nothing was changed")
    try damaged(
      "UPDATE reminders SET relative_to = 'bogus' WHERE id = 1", ["list", "2024-05"],
      "event #1 (its reminders \(unreadable)")
    try damaged(
      "UPDATE reminders SET offset_seconds = 'soon' WHERE id = 1", ["remind", "--json"],
      "reminder #1 (its offset_seconds \(unreadable)")
    try damaged(
      "UPDATE reminders SET relative_to = 'bogus' WHERE id = 1", ["remind", "--json"],
      "reminder #1 (its relative_to or offset_seconds or at or day_minute \(unreadable)")
  }
}

import Foundation
import Testing

/// What a user coming from khal or calcurse types and expects, through the built `cal` on a pinned clock
/// (Sunday 12 May 2024, 10:00 in Berlin, unless a test says otherwise).
@Suite("Habits from khal and calcurse")
final class KhalHabitsTests {
  let cal: PinnedCal

  init() throws {
    cal = try PinnedCal()
  }

  deinit {
    cal.remove()
  }

  @Test("rm takes several ids: one change that one undo brings back; an unknown id among them removes nothing")
  func removeSeveral() throws {
    try cal.setUp([
      ["add", "mon", "dentist", "--at", "9am"], ["add", "tue", "lunch"],
      ["add", "wed", "standup", "--repeat", "daily", "--count", "3"], ["add", "thu", "film"],
    ])
    let before = try cal.run(["list", "may"]).stdout
    let unchanged = cal.process.snapshot()
    let refused = try cal.run(["rm", "1", "9", "2"])
    #expect(refused.status == 1 && refused.stdout.isEmpty)
    #expect(refused.stderr == "Error: there is no event #9: nothing was removed\n")
    #expect(cal.process.snapshot() == unchanged)
    try cal.expect(
      ["rm", "1", "#2", "3@2024-05-16", "2"],
      prints: """
        Removed: 2024-05-13  09:00        #1  dentist
        Removed: 2024-05-14  all day      #2  lunch
        Removed the 2024-05-16 occurrence of: 2024-05-16  all day      #3@2024-05-16  standup
                    repeats daily, 3 times

        """)
    try cal.expect(
      ["list", "may"],
      prints: """
        2024-05-15  all day      #3@2024-05-15  standup
        2024-05-16  all day      #4  film
        2024-05-17  all day      #3@2024-05-17  standup

        """)
    try cal.expect(
      ["undo"],
      prints: "Undid change 5: removed #1 dentist; removed #2 lunch; removed the 2024-05-16 occurrence of #3 standup\n")
    try cal.expect(["list", "may"], prints: before)
    let json = try cal.run(["rm", "1", "4", "--json"])
    #expect(json.status == 0 && json.stdout.split(separator: "\n").count == 2, "\(json.stdout)")
  }

  @Test("cal calendar alone lists the calendars, as cal calendar list does, in text and JSON")
  func calendarAlone() throws {
    try cal.setUp([["calendar", "add", "work", "--color", "blue"], ["add", "mon", "review", "--calendar", "work"]])
    try cal.expect(["calendar"], prints: "personal  0 events  local\nwork      1 event   local, blue\n")
    try cal.expect(["calendar", "--json"], prints: try cal.run(["calendar", "list", "--json"]).stdout)
    try cal.expectRefused(["calendar", "--force"], "The option '--force' does not go with cal calendar list")
  }
}

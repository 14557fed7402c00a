import Foundation
import Testing

/// Defects found by attacking the features added since issue 9 (several calendars, reminders, the change log),
/// with kill -9, power-cut copies, concurrent processes and hostile input, each kept fixed here.
final class ChangeLogHardeningTests {
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
}

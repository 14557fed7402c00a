import Foundation
import Testing

/// `cal add --editor`: the event the line gives, as the form `cal edit --editor` writes, filled in by the
/// user's editor (here, shell scripts standing for one).
@Suite("Adding in the editor")
struct AddEditorTests {
  let cal: PinnedCal

  init() throws {
    cal = try PinnedCal()
  }

  /// An editor: a script that saves the text it was given as `seen.txt`, then runs `commands` on the file.
  func editor(_ commands: String) throws -> [String: String] {
    let path = cal.process.folder + "/editor.sh"
    try "#!/bin/sh\ncp \"$1\" \"\(cal.process.folder)/seen.txt\"\n\(commands)\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    // Through sh: a script just written can be busy for exec while another test forks.
    return ["EDITOR": "sh " + path, "TMPDIR": cal.process.folder]
  }

  /// The form the editor was given, without its comments.
  func seen() throws -> [String] {
    try String(contentsOfFile: cal.process.folder + "/seen.txt", encoding: .utf8).split(separator: "\n")
      .map(String.init).filter { !$0.hasPrefix("#") }
  }

  /// What the editor left in the temporary folder.
  func leftOver() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: cal.process.folder).filter { $0.hasPrefix("cal-add-") }
  }

  @Test("with nothing on the line the form starts on today with no title; what is written is added")
  func empty() throws {
    let environment = try editor(
      """
      sed -i -e 's/^title:.*/title: lunch with Ana/' -e 's/^at:.*/at: 12:30pm/' -e 's/^for:.*/for: 1h/' \\
        -e 's/^remind:.*/remind: 15m/' "$1"
      printf 'Table for two.\\n' >> "$1"
      """)
    try cal.expect(
      ["add", "--editor"],
      prints: """
        Added: 2024-05-12  12:30-13:30  #1  lunch with Ana
                    reminders: 15m before

        """, environment: environment)
    #expect(
      try seen() == [
        "title:", "date: 2024-05-12", "at: all day", "for:", "to:", "tz:", "repeat:", "location:", "remind:",
        "remind-at:", "note:",
      ])
    #expect(
      try String(contentsOfFile: cal.process.folder + "/seen.txt", encoding: .utf8).hasPrefix("# cal add: fill in"))
    #expect(try cal.run(["list", "2024-05-12"]).stdout.contains("Table for two."))
    #expect(try leftOver() == [])
  }

  @Test("the rest of the line fills the form in; a form left as it is adds that event")
  func prefilled() throws {
    let environment = try editor("true")
    try cal.expect(
      ["add", "fri", "9:00", "dentist", "--for", "45m", "--repeat", "weekly", "--editor"],
      prints: """
        Added: 2024-05-17  09:00-09:45  #1@2024-05-17  dentist
                    repeats weekly

        """, environment: environment)
    #expect(
      try seen().prefix(7) == [
        "title: dentist", "date: 2024-05-17", "at: 09:00", "for: 45m", "to:", "tz:", "repeat: weekly",
      ])
  }

  @Test("an empty title adds nothing; a value refused keeps the text and names its file; nothing is added")
  func refused() throws {
    let empty = try cal.run(["add", "--editor"], environment: try editor("true"))
    #expect(empty.status == 1 && empty.stdout.isEmpty)
    #expect(empty.stderr == "Error: nothing added: the title is empty\n")
    #expect(try leftOver() == [])

    let emptied = try cal.run(["add", "fri", "lunch", "--editor"], environment: try editor(": > \"$1\""))
    #expect(emptied.status == 1 && emptied.stderr == "Error: nothing added: the form is empty\n", "\(emptied.stderr)")
    #expect(try leftOver() == [])

    let bad = try cal.run(
      ["add", "--editor"], environment: try editor("sed -i -e 's/^title:.*/title: x/' -e 's/^at:.*/at: 25:00/' \"$1\""))
    #expect(bad.status == 1 && bad.stdout.isEmpty)
    #expect(bad.stderr.hasPrefix("Error: --at: '25:00' is not a time"), "\(bad.stderr)")
    let kept = try leftOver()
    #expect(kept.count == 1 && bad.stderr.contains(kept.first ?? "?"))

    let failing = try cal.run(["add", "--editor"], environment: try editor("exit 3"))
    #expect(failing.status != 0 && failing.stderr.hasPrefix("Error: "), "\(failing.stderr)")
    #expect(try cal.run(["list", "2024"]).stdout == "No events in 2024.\n")
  }

  @Test("without --editor the date and title are still required")
  func stillRequired() throws {
    try cal.expectRefused(["add"], "Missing expected argument '<date>'")
    try cal.expectRefused(["add", "fri"], "Missing expected argument '<title>'")
  }
}

import Foundation
import Testing

/// Runs `cal` on a pseudo-terminal with script(1) and returns what the terminal received.
func onTerminal(_ cal: CalProcess, _ arguments: [String], environment: [String: String] = [:]) throws -> String {
  let command = ([CalProcess.binary] + arguments + ["--db", cal.database]).map { "'\($0)'" }.joined(separator: " ")
  var variables = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "TERM": "xterm-256color", "HOME": cal.folder]
  variables.merge(environment) { $1 }
  return try shell("script -qec \"\(command)\" /dev/null", environment: variables)
}

@Suite("On a terminal", .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script")))
final class TerminalTests {
  let cal: CalProcess

  init() throws {
    cal = try CalProcess()
  }

  deinit {
    cal.remove()
  }

  @Test("today is in reverse video on a terminal, and nothing is highlighted with NO_COLOR")
  func highlighting() throws {
    #expect(try onTerminal(cal, ["show"]).contains("\u{1B}[7m"))
    #expect(!(try onTerminal(cal, ["show"], environment: ["NO_COLOR": "1"]).contains("\u{1B}")))
  }

  @Test("flip animates on a terminal, hides and restores the cursor, and ends on the new page")
  func animation() throws {
    try cal.run(["goto", "2024-05"])
    let screen = try onTerminal(cal, ["flip", "up-left"], environment: ["CAL_TEST_NOW": "2024-06-15T12:00:00Z"])
    #expect(screen.contains("\u{1B}[?25l") && screen.contains("\u{1B}[?25h"))
    #expect(screen.contains("░"))  // the back of the page went by
    #expect(screen.hasSuffix("23 24 25 26 27 28 29  \r\n30                    \r\n"))  // June 2024 ends the output
  }

  @Test("a terminal too small for the page gets no animation, only the new page, and no frame is left behind")
  func smallTerminal() throws {
    try cal.run(["goto", "2024-05"])
    let command = "stty rows 6 cols 30; '\(CalProcess.binary)' flip up-left --db '\(cal.database)'"
    let screen = try shell(
      "script -qec \"\(command)\" /dev/null",
      environment: ["PATH": "/usr/bin:/bin", "TZ": "UTC", "TERM": "xterm-256color", "HOME": cal.folder])
    #expect(!screen.contains("\u{1B}[?25l") && !screen.contains("░"))
    #expect(screen.contains("May 2024 → June 2024") && screen.contains("     June 2024"))
  }

  @Test("no animation with --no-animation, CAL_ANIMATION=off, on a TERM=dumb terminal, or when piped")
  func noAnimation() throws {
    try cal.run(["goto", "2024-05"])
    #expect(!(try onTerminal(cal, ["flip", "up-left", "--no-animation"]).contains("\u{1B}[?25l")))
    #expect(!(try onTerminal(cal, ["flip", "up-left"], environment: ["CAL_ANIMATION": "off"]).contains("\u{1B}[?25l")))
    // A terminal that cannot move the cursor (Emacs' shell, a plain serial console) would show the frames'
    // escape sequences as text, one frame below the other.
    let dumb = try onTerminal(cal, ["flip", "up-left"], environment: ["TERM": "dumb"])
    #expect(!dumb.contains("\u{1B}") && dumb.contains("July 2024 → August 2024"), "\(dumb)")
    try cal.run(["goto", "2024-07"])
    let piped = try cal.run(["flip", "up-left"]).stdout
    #expect(!piped.contains("\u{1B}"))
    #expect(piped.hasPrefix("↖ up-left: curl from the bottom edge, not mirrored\nJuly 2024 → August 2024\n\n"))
  }

  @Test(
    "Ctrl-C during the animation leaves the cursor shown and the flip done",
    .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/tmux")))
  func interrupted() throws {
    try cal.run(["goto", "2024-05"])
    let session = "cal-test-\(UUID().uuidString.prefix(8))"
    let tmux = "tmux -L \(session)"
    // tmux's server keeps the pipes it inherits open: send its output elsewhere.
    _ = try shell("\(tmux) new-session -d -s s -x 80 -y 24 'bash --norc --noprofile' >/dev/null 2>&1")
    defer { _ = try? shell("\(tmux) kill-server >/dev/null 2>&1") }
    let command = "TZ=UTC TERM=xterm-256color \(CalProcess.binary) flip up-left --db \(cal.database)"
    _ = try shell("\(tmux) send-keys -t s \"\(command)\" Enter")
    Thread.sleep(forTimeInterval: 0.3)  // inside the half-second animation
    #expect(try shell("\(tmux) display -p -t s '#{cursor_flag}'") == "0\n", "the animation was not running")
    _ = try shell("\(tmux) send-keys -t s C-c")
    Thread.sleep(forTimeInterval: 0.3)
    #expect(try shell("\(tmux) display -p -t s '#{cursor_flag}'") == "1\n")
    let history = try #require(try CalProcess.json(cal.run(["history", "--json"]).stdout) as? [[String: Any]])
    #expect(history.first?["to"] as? String == "2024-06")
    #expect(history.count == 2)
  }
}

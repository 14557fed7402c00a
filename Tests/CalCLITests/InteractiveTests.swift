import Foundation
import Testing

/// `cal interactive` on a real pseudo-terminal, its screen read by a real terminal emulator (pyte), driven
/// by `Tests/Interactive/interactive_test.py`: real key bytes and SGR mouse reports in, the screen, the
/// terminal's settings and the calendar (through `cal history` and `cal list`) checked.
@Suite(
  "The interactive page",
  .enabled(
    if: PageHarness.python != nil,
    "needs python3 with pyte (Debian: python3-pyte; .ci/run installs it): the pseudo-terminal cases are skipped"))
struct InteractiveTests {
  /// Every case of the script, each run on its own terminal with its own calendar, in parallel.
  static let cases = [
    "drag_directions", "turn_animates", "keys_and_wheel_turn", "turns_during_animation", "wide_titles", "monday_first",
    "configured_week_start", "configured_twelve_hour",
    "click_selects", "keys_add_and_delete", "undo_and_redo", "pastes_stay_in_the_prompt", "edit_and_search",
    "edit_in_editor",
    "search_counts_honestly",
    "edit_every_field", "edit_keeps_rule", "go_to_prompt", "todos", "week_view_and_help",
    "help_scrolls_when_small", "week_view_shares_hours",
    "resize_redraws", "keys_on_any_screen", "narrow_week_shows_dates", "calendar_file_replaced", "nonblocking_terminal",
    "starts_too_small",
    "quit_with_q", "quit_with_ctrl_c",
    "sigterm_restores", "sighup_restores", "sigint_restores", "thrown_error_restores", "crash_restores",
    "sigsegv_restores", "sigabrt_restores", "sigkill_restored_by_watchdog", "suspend_and_resume", "another_cal_shows",
    "readme_capture",
  ]

  static func run(_ arguments: [String]) throws -> Subprocess.Result {
    try Subprocess.run(
      [try #require(PageHarness.python), PageHarness.script] + arguments,
      environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"])
  }

  @Test("on a pseudo-terminal", arguments: cases)
  func onTerminal(_ name: String) throws {
    let result = try Self.run([CalProcess.binary, name])
    #expect(result.status == 0, "\(name):\n\(result.stdout)\(result.stderr)")
  }

  @Test("every case of the script is run")
  func everyCase() throws {
    let listed = try Self.run(["--list"]).stdout.split(separator: "\n").map(String.init)
    #expect(listed.sorted() == Self.cases.sorted())
  }
}

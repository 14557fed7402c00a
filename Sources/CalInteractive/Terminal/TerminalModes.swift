/// The control sequences that put the terminal into the page's modes and take it out again, as static
/// strings: the signal handlers and the watchdog write them with write(2) alone.
enum TerminalModes {
  /// The alternate screen (with the cursor saved), the cursor hidden, mouse reports for presses, releases
  /// and drags in SGR form (1006: any column, releases that name their button), bracketed paste, and a
  /// clear screen.
  static let enter: StaticString =
    "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[0m\u{1B}[H\u{1B}[2J"

  /// Every mode of `enter` undone, in reverse: paste and mouse reports off, attributes reset, the cursor
  /// shown, and the main screen back as it was.
  static let leave: StaticString =
    "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
}

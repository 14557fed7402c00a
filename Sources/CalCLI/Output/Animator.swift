import CalCore
import Glibc

/// Plays a page turn on the terminal, in place, in about half a second, and leaves the cursor where the
/// new page is to be printed. Ctrl-C during it restores the terminal (cursor shown, attributes reset).
enum Animator {
  /// Frames drawn over the half second a classic page curl takes.
  static let frameCount = 16
  static let frameMicroseconds: UInt32 = 500_000 / UInt32(frameCount)

  static func play(_ animation: CurlAnimation, write: (String) -> Void) {
    let height = animation.frame(progress: 0).count
    // What was there before comes back after (the storage's handlers, which interrupt a long statement).
    let previous = (signal(SIGINT, restoreAndExit), signal(SIGTERM, restoreAndExit))
    write("\u{1B}[?25l")
    for index in 0...frameCount {
      if index > 0 { write("\u{1B}[\(height)A") }
      let lines = animation.frame(progress: Double(index) / Double(frameCount))
      write(lines.map { "\r" + $0 + "\u{1B}[K\n" }.concatenated())
      fflush(nil)
      usleep(frameMicroseconds)
    }
    // Back to the top of the page, so that the new page is printed over the last frame.
    write("\u{1B}[\(height)A\r\u{1B}[?25h")
    fflush(nil)
    signal(SIGINT, previous.0)
    signal(SIGTERM, previous.1)
  }
}

/// Puts the terminal back as it was and ends the program as an interrupted one would. The flip itself was
/// committed before the animation began, so it is fully done.
private func restoreAndExit(_ signal: Int32) {
  // Only async-signal-safe calls here: a static string and write(2).
  let reset: StaticString = "\u{1B}[0m\u{1B}[?25h\n"
  _ = Glibc.write(STDOUT_FILENO, reset.utf8Start, reset.utf8CodeUnitCount)
  _exit(128 + signal)
}

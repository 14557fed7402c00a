import Glibc

/// What it takes to give the terminal back from anywhere, even from a signal handler: the settings it had
/// before the page started and the descriptor they belong to, kept in memory allocated once, before any
/// handler can run, so that a handler reads them without allocating or locking.
enum TerminalRestore {
  /// The saved state. A handler must not touch a lazily initialised global for the first time, so
  /// `prepare` touches this one before any handler is installed.
  nonisolated(unsafe) static let state: UnsafeMutablePointer<State> = {
    let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
    pointer.initialize(to: State(settings: termios(), descriptor: -1, output: -1, watchdog: -1))
    return pointer
  }()

  /// The terminal's own settings, where to write the sequences that leave the page's modes, and the
  /// watchdog's pipe.
  struct State {
    var settings: termios
    var descriptor: Int32
    var output: Int32
    /// Where the page tells the `Watchdog` that the terminal is given back; -1 without one.
    var watchdog: Int32
  }

  /// Remembers `settings` of the terminal on `descriptor`, and `output` for the sequences.
  static func prepare(settings: termios, descriptor: Int32, output: Int32) {
    state.pointee = State(settings: settings, descriptor: descriptor, output: output, watchdog: -1)
  }

  /// Puts the terminal back: the page's modes left and the saved settings applied. Only async-signal-safe
  /// calls (write(2), tcsetattr(3)), so a signal handler and the watchdog may call it.
  static func restore() {
    let saved = state.pointee
    guard saved.descriptor >= 0 else { return }
    let leave = TerminalModes.leave
    _ = write(saved.output, leave.utf8Start, leave.utf8CodeUnitCount)
    var settings = saved.settings
    _ = tcsetattr(saved.descriptor, TCSADRAIN, &settings)
  }

  /// Tells the watchdog that the terminal is given back, so that it does not give it back a second time
  /// once the page has died (by then the shell may have drawn its prompt, and leaving the alternate screen
  /// again would put the cursor back where the page started). Async-signal-safe: one write(2).
  static func dismissWatchdog() {
    let descriptor = state.pointee.watchdog
    guard descriptor >= 0 else { return }
    var byte: UInt8 = 1
    _ = write(descriptor, &byte, 1)
  }
}

import Glibc

/// What it takes to give the terminal back from anywhere, even from a signal handler: the settings it had
/// before the page started and the descriptor they belong to, kept in memory allocated once, before any
/// handler can run, so that a handler reads them without allocating or locking.
enum TerminalRestore {
  /// The saved state. A handler must not touch a lazily initialised global for the first time, so
  /// `prepare` touches this one before any handler is installed.
  nonisolated(unsafe) static let state: UnsafeMutablePointer<State> = {
    let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
    pointer.initialize(to: State(settings: termios(), descriptor: -1, output: -1))
    return pointer
  }()

  /// The terminal's own settings and where to write the sequences that leave the page's modes.
  struct State {
    var settings: termios
    var descriptor: Int32
    var output: Int32
  }

  /// Remembers `settings` of the terminal on `descriptor`, and `output` for the sequences.
  static func prepare(settings: termios, descriptor: Int32, output: Int32) {
    state.pointee = State(settings: settings, descriptor: descriptor, output: output)
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
}

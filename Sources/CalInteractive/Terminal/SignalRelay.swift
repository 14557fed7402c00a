import Glibc

/// The write end of the relay's pipe, for its handler. Set before the handler is installed.
nonisolated(unsafe) private var relayWriteEnd: Int32 = -1

/// Signals the page reacts to, turned into bytes on a pipe that the event loop polls with the terminal
/// (the self-pipe trick): a handler may do almost nothing safely, the loop may do anything.
final class SignalRelay {
  /// Window size changes, suspension and continuation, and every request to end.
  static let relayed: [Int32] = [SIGWINCH, SIGTSTP, SIGCONT, SIGTERM, SIGHUP, SIGINT, SIGQUIT]

  /// The end the event loop polls and reads.
  let readEnd: Int32
  private let writeEnd: Int32

  /// A pipe and a handler for each relayed signal; `nil` when the system has no descriptors to spare.
  init?() {
    guard let pipe = Pipe(nonBlocking: true) else { return nil }
    readEnd = pipe.readEnd
    writeEnd = pipe.writeEnd
    relayWriteEnd = writeEnd
    for signal in Self.relayed { Self.install(signal) }
    Self.unblock(Self.relayed)
  }

  /// Unblocks `signals`: a process inherits its blocked signals from whatever started it (a test runner, a
  /// daemon), and a blocked SIGTERM or SIGWINCH would never reach the page.
  static func unblock(_ signals: [Int32]) {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal) }
    sigprocmask(SIG_UNBLOCK, &set, nil)
  }

  /// Puts a relayed signal's handler back, after a suspension reset it to the default.
  static func install(_ signal: Int32) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { number in
      let saved = errno
      var byte = UInt8(truncatingIfNeeded: number)
      _ = write(relayWriteEnd, &byte, 1)
      errno = saved
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    sigaction(signal, &action, nil)
  }

  /// The signals that arrived since the last call, in order.
  func drain() -> [Int32] {
    var signals: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      signals += buffer[..<count].map { Int32($0) }
    }
    return signals
  }

  /// Every relayed signal back to its default, and the pipe closed.
  func uninstall() {
    for signal in Self.relayed { Glibc.signal(signal, SIG_DFL) }
    relayWriteEnd = -1
    close(readEnd)
    close(writeEnd)
  }
}

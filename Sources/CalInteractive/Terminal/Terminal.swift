import Glibc

/// The terminal the page runs on: its settings saved at the start, raw mode and the page's modes on
/// `enter`, everything as it was on `leave`, and one write(2) per frame.
final class Terminal {
  /// Where keys and mouse reports come from.
  let input = STDIN_FILENO
  /// Where frames go.
  let output = STDOUT_FILENO
  /// The settings the terminal had before the page started.
  let original: termios
  /// Whether the page's modes are on.
  private(set) var isEntered = false
  /// Whether the terminal is gone (a hang-up, a write that failed): nothing more is written to it.
  private(set) var isLost = false

  /// Reads and keeps the terminal's settings.
  ///
  /// - Throws: `TerminalError` when standard input is not a terminal that has them.
  init() throws(TerminalError) {
    var settings = termios()
    guard tcgetattr(input, &settings) == 0 else {
      throw TerminalError("cannot read the terminal's settings: \(String(cString: strerror(errno)))")
    }
    original = settings
    TerminalRestore.prepare(settings: settings, descriptor: input, output: output)
  }

  /// Raw mode (every key as it is typed, Ctrl-C and Ctrl-Z as keys, no echo) and the page's modes.
  func enter() {
    var raw = original
    cfmakeraw(&raw)  // also: a read returns as soon as one byte is there (VMIN 1, VTIME 0)
    _ = tcsetattr(input, TCSADRAIN, &raw)
    write(TerminalModes.enter)
    isEntered = true
  }

  /// The page's modes off and the original settings back.
  func leave() {
    guard isEntered else { return }
    isEntered = false
    write(TerminalModes.leave)
    var settings = original
    _ = tcsetattr(input, TCSADRAIN, &settings)
  }

  /// The size in character cells; 24 by 80 when the terminal does not say.
  func size() -> (rows: Int, columns: Int) {
    var size = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return (24, 80) }
    return (Int(size.ws_row), Int(size.ws_col))
  }

  /// Writes all of `bytes` in one write(2) (more only when the terminal takes part of it).
  func write(_ bytes: [UInt8]) {
    guard !isLost, !bytes.isEmpty else { return }
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(output, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written < 0 && errno == EAGAIN {
          // Another program left the terminal non-blocking (the flag belongs to the terminal, not to cal): a
          // full one is waited for, as a blocking one would be, not taken for gone.
          var request = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
          _ = poll(&request, 1, -1)
          continue
        }
        guard written > 0 else {
          isLost = true
          return
        }
        offset += written
      }
    }
  }

  private func write(_ text: StaticString) {
    write(Array(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)))
  }

  /// Reads what is waiting, up to 4 KiB; `nil` at end of input or when the terminal is gone.
  func read() -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
      if count < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
      guard count > 0 else {
        isLost = true
        return nil
      }
      return Array(buffer[..<count])
    }
  }
}

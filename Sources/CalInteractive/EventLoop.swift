import Glibc

/// The page's one loop: waits with poll(2) for keys and mouse reports on the terminal and for signals on
/// the relay's pipe, with a timeout for the next animation frame, for an ESC that may be a key alone, and
/// for the next reading of the calendar (every two seconds, so another `cal`'s changes and midnight show
/// without a key being pressed). Each pass draws one frame with one write.
struct EventLoop {
  /// How often the calendar is read again without any input.
  static let refreshMilliseconds: Int64 = 2000
  /// How long an ESC waits for the rest of a sequence before it counts as the Escape key.
  static let escapeMilliseconds: Int64 = 30
  /// How long a bracketed paste waits for more of it, or for its end, before it counts as ended.
  static let pasteMilliseconds: Int64 = 1000

  let terminal: Terminal
  let signals: SignalRelay
  let session: PageSession
  let monotonic: () -> Int64
  private var decoder = InputDecoder()
  private var writer = ScreenWriter()
  private var lastRefresh: Int64 = 0
  /// When the terminal last sent something: what the decoder's wait counts from.
  private var lastInput: Int64 = 0
  /// The page stopped itself (Ctrl-Z) and has taken the terminal again: the SIGCONT that continued it
  /// needs no second taking and drawing.
  private var resumedItself = false

  init(terminal: Terminal, signals: SignalRelay, session: PageSession, monotonic: @escaping () -> Int64) {
    self.terminal = terminal
    self.signals = signals
    self.session = session
    self.monotonic = monotonic
  }

  /// Runs until the page ends; returns why.
  mutating func run() throws -> PageSession.Ending {
    resize()
    refresh()
    draw()
    while session.ending == nil && !terminal.isLost {
      var fds = [
        pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, 2, timeout())
      if ready < 0 && errno != EINTR {
        throw TerminalError("cannot wait for input: \(String(cString: strerror(errno)))")
      }
      // Before anything is read or changed: the file at the path, not one replaced under the page.
      try session.checkFile()
      var changed = false
      if ready > 0 && fds[1].revents != 0 {
        for signal in signals.drain() { handle(signal: signal) }
        changed = true
      }
      if ready > 0 && fds[0].revents != 0 {
        guard let bytes = terminal.read() else { break }
        lastInput = monotonic()
        for event in decoder.decode(bytes) where session.ending == nil { try session.handle(event) }
        changed = true
      } else if ready == 0 && decoder.isWaiting && monotonic() - lastInput >= decoderWait {
        for event in decoder.timeout() { try session.handle(event) }
        changed = true
      }
      if session.wantsSuspend { suspend() }
      if let target = session.wantsEditor { runEditor(on: target) }
      if session.wantsFullRedraw {
        session.wantsFullRedraw = false
        writer.invalidate()
      }
      if session.ending != nil { break }
      if changed || monotonic() - lastRefresh >= Self.refreshMilliseconds { refresh() }
      draw()
    }
    return session.ending ?? .quit
  }

  /// Milliseconds poll may wait.
  private func timeout() -> Int32 {
    let now = monotonic()
    var wait = max(0, lastRefresh + Self.refreshMilliseconds - now)
    if let frame = session.frameWait(at: now) { wait = min(wait, frame) }
    if decoder.isWaiting { wait = min(wait, max(0, lastInput + decoderWait - now)) }
    return Int32(wait)
  }

  /// How long the decoder waits for the rest of what it holds: an escape sequence, or a paste.
  private var decoderWait: Int64 {
    decoder.isPasting ? Self.pasteMilliseconds : Self.escapeMilliseconds
  }

  private mutating func refresh() {
    session.refresh()
    lastRefresh = monotonic()
  }

  private mutating func draw() {
    let (canvas, cursor) = session.frame(at: monotonic())
    terminal.write(writer.bytes(for: canvas, cursor: cursor))
  }

  private mutating func resize() {
    let size = terminal.size()
    session.resize(rows: size.rows, columns: size.columns)
    writer.invalidate()
  }

  private mutating func handle(signal: Int32) {
    switch signal {
    case SIGWINCH:
      resize()
    case SIGTSTP:
      suspend()
    case SIGCONT:
      guard !resumedItself else {
        resumedItself = false
        return
      }
      // Stopped by something else (SIGSTOP) and now continued: the shell may have changed the terminal.
      terminal.enter()
      writer.invalidate()
    default:
      session.ending = .signal(signal)
    }
  }

  /// Gives the terminal to the user's editor for `target`, then takes it again and draws the page whole, at
  /// the size the terminal has now.
  private mutating func runEditor(on target: EditForm.Target) {
    session.wantsEditor = nil
    terminal.leave()
    session.runEditor(on: target)
    terminal.enter()
    resize()
  }

  /// Gives the terminal back and stops, as Ctrl-Z does to any program; when continued (`fg`), takes it
  /// again and draws the page whole, at the size the terminal has now.
  private mutating func suspend() {
    session.wantsSuspend = false
    terminal.leave()
    Glibc.signal(SIGTSTP, SIG_DFL)
    kill(getpid(), SIGTSTP)
    SignalRelay.install(SIGTSTP)
    resumedItself = true
    terminal.enter()
    resize()
  }
}

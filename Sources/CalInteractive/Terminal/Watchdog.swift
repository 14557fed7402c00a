import Glibc

/// A second, tiny process that gives the terminal back when the page ends without doing so itself, for
/// whatever reason, even SIGKILL: it waits on a pipe whose only writer is the page. The page writes one byte
/// when it has restored the terminal (on leaving, or in a crash handler); end of file without that byte means
/// it died, and the watchdog restores the settings and modes saved before the page started.
///
/// It is forked before any handler is installed, and ignores the signals a terminal sends to its whole
/// process group (Ctrl-C, hang-up, job control), so that it outlives the page. It holds copies of the page's
/// descriptors (the calendar file's among them) but never uses them and leaves with _exit(2): SQLite's locks
/// belong to the page's process and are not touched.
struct Watchdog {
  /// The watchdog's process id.
  let pid: pid_t
  private let writeEnd: Int32

  /// Starts the watchdog; `nil` when no process can be made (the page then relies on its handlers alone).
  /// `TerminalRestore.prepare` must have run.
  static func start() -> Watchdog? {
    guard let pipe = Pipe(nonBlocking: false) else { return nil }
    let pid = fork()
    if pid == 0 {
      close(pipe.writeEnd)
      for signal in [SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGHUP, SIGTERM, SIGPIPE] {
        Glibc.signal(signal, SIG_IGN)
      }
      var byte: UInt8 = 0
      var count = 0
      repeat {
        count = read(pipe.readEnd, &byte, 1)
      } while count < 0 && errno == EINTR
      if count != 1 { TerminalRestore.restore() }
      _exit(0)
    }
    close(pipe.readEnd)
    guard pid > 0 else {
      close(pipe.writeEnd)
      return nil
    }
    TerminalRestore.state.pointee.watchdog = pipe.writeEnd
    return Watchdog(pid: pid, writeEnd: pipe.writeEnd)
  }

  /// Tells the watchdog the terminal is restored, and waits for it to go.
  func dismiss() {
    TerminalRestore.dismissWatchdog()
    TerminalRestore.state.pointee.watchdog = -1
    close(writeEnd)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  }
}

import Glibc

/// Gives the terminal back when the page crashes: a handler for each signal that ends a process with a
/// fault restores the terminal and lets the signal end the process as it would have, on a stack of its own
/// so that even a stack overflow reaches it. What no handler can catch (SIGKILL, a handler that itself
/// faults) is left to the `Watchdog`.
enum CrashGuard {
  /// The signals of a crash: a bad address, a trap (Swift's runtime checks), an abort, arithmetic.
  static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]

  /// Installs the handlers; `TerminalRestore.prepare` must have run.
  static func install() {
    let size = 64 * 1024
    var stack = stack_t()
    stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    stack.ss_size = size
    stack.ss_flags = 0
    sigaltstack(&stack, nil)
    for signal in fatalSignals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { number in
        TerminalRestore.restore()
        TerminalRestore.dismissWatchdog()
        // The handler is reset to the default on entry: the signal raised again ends the process, as a
        // fault would have, with its core dump.
        raise(number)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND) | UInt32(SA_NODEFER) | UInt32(SA_ONSTACK))
      sigaction(signal, &action, nil)
    }
    SignalRelay.unblock(fatalSignals)
  }

  /// The default handlers back.
  static func uninstall() {
    for signal in fatalSignals { Glibc.signal(signal, SIG_DFL) }
  }
}

import CSQLite
import Glibc
import Synchronization

/// SIGTERM and SIGINT while SQLite runs a statement: the statement is interrupted (`sqlite3_interrupt`, which
/// SQLite allows from another thread, and which its own shell calls from its SIGINT handler), so that it
/// fails with `.interrupt`, its transaction is rolled back and the command says so; the exit status is then
/// 128 + the signal's number, as a shell shows for a program the signal ended.
///
/// At any other moment the signal does what it always did: the handler puts the default action back and the
/// signal ends the process at once. An uncommitted transaction dies with it, as SQLite guarantees.
public enum StopSignal {
  /// The connection running a statement right now (its address), or 0: what the handler interrupts. Set
  /// before `sqlite3_step` and cleared after it, so it never names a connection that is closed.
  private static let stepping = Atomic<UInt>(0)
  /// The signal that interrupted a statement, or 0.
  private static let received = Atomic<Int32>(0)
  /// Whether that interruption was told as an error already: the rollback that follows runs as usual.
  private static let reported = Atomic<Bool>(false)

  /// The signal whose interruption a command reported, if any: its exit status is 128 + its number.
  public static var stoppedBy: Int32? {
    reported.load(ordering: .acquiring) ? received.load(ordering: .relaxed) : nil
  }

  /// Takes SIGTERM and SIGINT over, once, unless they are ignored (`nohup`, a background job of a
  /// non-interactive shell): the handlers that do not need it leave them to the default action.
  static let installed: Void = {
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for signal in [SIGTERM, SIGINT] {
      var previous = sigaction()
      sigaction(signal, nil, &previous)
      let ignored = previous.__sigaction_handler.sa_handler.map {
        unsafeBitCast($0, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
      }
      guard ignored != true else { continue }
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        let saved = errno
        let connection = stepping.load(ordering: .acquiring)
        if connection != 0, received.load(ordering: .relaxed) == 0 {
          received.store(signal, ordering: .relaxed)
          sqlite3_interrupt(OpaquePointer(bitPattern: connection))
        } else {
          // Delivered as the handler returns, with the default action: the process ends by the signal.
          Glibc.signal(signal, SIG_DFL)
          raise(signal)
        }
        errno = saved
      }
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, nil)
      sigaddset(&unblocked, signal)
    }
    // A parent may have left them blocked (a test harness, a service manager): they would never arrive.
    sigprocmask(SIG_UNBLOCK, &unblocked, nil)
  }()

  /// Runs `sqlite3_step` on `handle` of `connection` where the handlers can interrupt it. A signal that came
  /// too late to interrupt it (the statement had finished) ends the process now, as it would have anyway.
  static func step(_ handle: OpaquePointer, of connection: OpaquePointer) -> Int32 {
    stepping.store(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection))), ordering: .releasing)
    let code = sqlite3_step(handle)
    stepping.store(0, ordering: .releasing)
    let signal = received.load(ordering: .relaxed)
    guard signal != 0, !reported.load(ordering: .relaxed) else { return code }
    guard code & 0xFF == SQLITE_INTERRUPT else {
      Glibc.signal(signal, SIG_DFL)
      raise(signal)
      return code
    }
    reported.store(true, ordering: .releasing)
    return code
  }
}

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
    // Made now, not at their first use, which could be inside a handler (making a global takes a lock).
    _ = (stepping.load(ordering: .relaxed), received.load(ordering: .relaxed), reported.load(ordering: .relaxed))
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

  /// SQLite's pauses between tries to take a lock, in milliseconds, and how long those before each take.
  private static let busyPauses: [Int64] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]
  private static let busyPausesBefore: [Int64] = [0, 1, 3, 8, 18, 33, 53, 78, 103, 128, 178, 228]

  /// The pause after `tries` failed tries to take a lock, and how long the pauses before it took, as
  /// sqliteDefaultBusyCallback has them: 1, 2, 5 ... ms, then 100 ms at a time.
  private static func busyPause(after tries: Int) -> (pause: Int64, waited: Int64) {
    guard tries >= busyPauses.count else { return (busyPauses[tries], busyPausesBefore[tries]) }
    return (100, busyPausesBefore[busyPauses.count - 1] + 100 * Int64(tries - busyPauses.count + 1))
  }

  /// Makes `connection` wait up to `milliseconds` for another connection's lock, as `sqlite3_busy_timeout`
  /// does and with its pauses, but not past a stop signal: SQLite's own wait neither ends at
  /// `sqlite3_interrupt` nor at a signal, so SIGTERM or Ctrl-C would wait out the timeout (5 s) first. The
  /// statement then fails as busy, and ``step(_:of:)`` ends the process by the signal.
  static func waitForLocks(on connection: OpaquePointer, milliseconds: Int32) {
    guard milliseconds > 0 else { return }
    sqlite3_busy_handler(
      connection,
      { context, count in
        let timeout = Int64(Int(bitPattern: context))
        let (pause, waited) = StopSignal.busyPause(after: Int(max(count, 0)))
        guard StopSignal.received.load(ordering: .relaxed) == 0, waited < timeout else { return 0 }
        // A signal ends the pause early (a sleep is never restarted after a handler).
        usleep(UInt32(min(pause, timeout - waited) * 1_000))
        return StopSignal.received.load(ordering: .relaxed) == 0 ? 1 : 0
      }, UnsafeMutableRawPointer(bitPattern: Int(milliseconds)))
  }

  /// Whether `handle` is the `ROLLBACK` a transaction ends with when its body failed.
  private static func isRollback(_ handle: OpaquePointer) -> Bool {
    guard let text = sqlite3_sql(handle) else { return false }
    return strcmp(text, "ROLLBACK") == 0
  }

  /// Runs `sqlite3_step` on `handle` of `connection` where the handlers can interrupt it. A signal that came
  /// too late to interrupt it (the statement had finished) ends the process now, as it would have anyway.
  static func step(_ handle: OpaquePointer, of connection: OpaquePointer) -> Int32 {
    // Once a stop was told, nothing more runs but the rollback that follows it, even where a caller went on
    // past the error (a `try?`): the transaction it was in must not go on to commit.
    if reported.load(ordering: .acquiring) && !isRollback(handle) { return SQLITE_INTERRUPT }
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

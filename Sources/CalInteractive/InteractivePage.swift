public import CalCore
public import CalService
import Glibc

/// `cal interactive`: the month as a full-screen page on the terminal, turned by dragging a corner with the
/// mouse, by the wheel or by keys, with the selected day's agenda, a week view, and events added, changed
/// and deleted in place, all through the service.
///
/// The terminal is always given back: on `q` and Ctrl-C, on SIGTERM, SIGHUP, SIGINT and SIGQUIT (the
/// terminal is restored, then the signal ends the process as it would have), on a thrown error, around
/// Ctrl-Z, on a crash (`CrashGuard`'s handlers), and when the process dies in a way no handler sees, such as
/// SIGKILL (the `Watchdog`).
public enum InteractivePage {
  /// Runs the page on the terminal of standard input and output until the user quits.
  ///
  /// - Parameters:
  ///   - calendar: the open calendar.
  ///   - locale: month and weekday names and the first day of the week.
  ///   - colors: whether to use the terminal's colours (attributes such as reverse video stay without).
  ///   - animates: whether page turns curl.
  ///   - monotonic: milliseconds on a monotonic clock, for the animation.
  ///   - edit: an event's fields changed by `cal edit`'s options (`["--at", "9am"]`), as `cal edit` reads and
  ///     checks them; what the page's add and edit prompts send their answers through.
  ///   - editInEditor: event `id` (its occurrence on a day; that one and those after it) changed as text in
  ///     the user's editor, which has the terminal meanwhile; a line saying what became of it, `nil` for
  ///     nothing.
  ///   - fault: `CAL_TEST_FAULT`, for the tests only: with `throw` or `trap`, F12 throws or crashes.
  /// - Throws: `TerminalError` when the terminal cannot be used; the terminal is untouched then.
  public static func run(
    calendar: CalendarService, locale: CalendarLocale, colors: Bool, animates: Bool,
    monotonic: @escaping () -> Int64, edit: @escaping (EventFields, [String]) throws -> EventFields,
    editInEditor: @escaping (Int64, CivilDate?, Bool) throws -> String? = { _, _, _ in nil }, fault: String? = nil
  ) throws {
    let terminal = try Terminal()
    // First the watchdog, holding nothing but the terminal and its pipe; then the handlers.
    let watchdog = Watchdog.start()
    guard let signals = SignalRelay() else {
      watchdog?.dismiss()
      throw TerminalError("no file descriptor left for the page's signals")
    }
    CrashGuard.install()
    terminal.enter()
    let session = PageSession(
      calendar: calendar, locale: locale, palette: Palette(colors: colors), animates: animates, monotonic: monotonic,
      edit: edit, editInEditor: editInEditor, fault: fault)
    var loop = EventLoop(terminal: terminal, signals: signals, session: session, monotonic: monotonic)
    let outcome = Result { try loop.run() }
    terminal.leave()
    CrashGuard.uninstall()
    signals.uninstall()
    watchdog?.dismiss()
    if case .success(.signal(let number)) = outcome {
      // Restored: now end as the signal would have ended the page, so whoever sent it sees that.
      signal(number, SIG_DFL)
      raise(number)
      _exit(128 + number)
    }
    _ = try outcome.get()
  }
}

import CalCLI
import CalCore
import CalInteractive
public import CalService
import Glibc

// Keep freed memory for reuse instead of handing it back and faulting it in again: a long listing grows
// and frees its arrays many times, and each fresh page costs a page fault.
@_silgen_name("mallopt") func mallopt(_ parameter: Int32, _ value: Int32) -> Int32

/// The entry point of `cal` and `cal-sync`: the only place that reads the clock, the time zone, the locale
/// and the environment; everything below gets them passed in.
public enum CalMain {
  /// The environment variables the commands may read.
  static let variables = [
    "CAL_DB", "CAL_CONFIG", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "HOME", "NO_COLOR", "TERM", "CAL_ANIMATION",
    "CAL_SYNC_STOP_AFTER", "VISUAL", "EDITOR", "TMPDIR",
  ]

  /// Runs the command line and exits with its status. `network` is what `cal-sync` brings; without it,
  /// commands that need the network start `cal-sync` instead.
  public static func run(network: (any CalendarNetwork)?) -> Never {
    _ = mallopt(-3, 64 << 20)  // M_MMAP_THRESHOLD (malloc.h is not in Swift's Glibc module)
    _ = mallopt(-1, 128 << 20)  // M_TRIM_THRESHOLD
    // A write to a closed pipe fails with EPIPE instead of a signal, so that the output's writer decides:
    // standard output's reader gone ends the command quietly, a file's is an error.
    signal(SIGPIPE, SIG_IGN)
    // A file grown past `ulimit -f` fails its write with EFBIG instead of killing cal mid-transaction: the
    // change is rolled back and said in words.
    signal(SIGXFSZ, SIG_IGN)

    var environment: [String: String] = [:]
    for name in variables {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    let zones = ZoneLoader(readZone)
    let (pinned, clockProblem) = pinnedClock()
    let userZone = localZone(zones: zones)
    let outputIsTerminal = isatty(STDOUT_FILENO) == 1
    // One reading of the user's zone serves today's date, timestamps and events alike.
    let context = CommandContext(
      locale: calendarLocale(), localZone: (try? userZone.get()) ?? .utc, zones: zones,
      now: pinned?.now ?? nowMilliseconds,
      environment: environment, outputIsTerminal: outputIsTerminal,
      terminalSize: outputIsTerminal ? terminalSize() : nil,
      output: TextOutput(
        sink: { writeAll($0, to: STDOUT_FILENO, patience: $1) },
        whenReaderIsGone: { exit(CalApp.ExitStatus.readerIsGone) }),
      writeError: writeError,
      errorIsTerminal: isatty(STDERR_FILENO) == 1, elapsedMilliseconds: monotonicMilliseconds,
      environmentProblem: clockProblem
        ?? { if case .failure(let error) = userZone { zoneProblem(error) } else { nil } }(),
      inputIsTerminal: { isatty(STDIN_FILENO) == 1 },
      // Only a closure: nothing of the page is built unless `cal interactive` runs.
      frontEnds: FrontEnds(interactive: { request in
        try InteractivePage.run(
          calendar: request.calendar, locale: request.locale, colors: request.colors, animates: request.animates,
          // CAL_TEST_FAULT, for the tests only: F12 throws (`throw`) or crashes (`trap`) the page.
          monotonic: request.monotonic, edit: request.edit, editInEditor: request.editInEditor,
          fault: getenv("CAL_TEST_FAULT").map { String(cString: $0) })
      }), inheritedEnvironment: environmentEntries, executablePath: executablePath, clockFile: pinned?.file,
      network: network,
      // Only a closure: help, --version and cal(1)'s forms never open the file.
      configurationFile: { readConfiguration(environment: environment) }, startNetworkHelper: startHelper)
    exit(CalApp.run(Array(CommandLine.arguments.dropFirst()), context: context))
  }
}

public import CalCore
public import CalService

/// Everything a command may know about the world, handed in by `main`: nothing below it reads the clock,
/// the time zone or the environment itself, so tests can pin each of them.
public struct CommandContext {
  /// Today's date in the user's time zone.
  public let today: CivilDate
  /// Month and weekday names and the first day of the week, from the user's locale (and, once a command
  /// runs, the configuration file's `week-start` and `dates`).
  public internal(set) var locale: CalendarLocale
  /// The user's time zone (`TZ`, else `/etc/localtime`), for events with times.
  public let localZone: ZoneInfo
  /// Zones of the system's time-zone database by name, such as `Europe/Berlin`.
  public let zones: ZoneLoader
  /// The current instant, in Unix milliseconds.
  public let now: () -> Int64
  /// The environment variables `cal` reads (`CAL_DB`, `CAL_CONFIG`, `XDG_DATA_HOME`, `HOME`, `NO_COLOR`, `TERM`,
  /// `CAL_ANIMATION`, and the tests' `CAL_SYNC_STOP_AFTER`).
  public let environment: [String: String]
  /// Whether standard input is a terminal: asked only by the commands that need to know, so that the
  /// others start no slower.
  public let inputIsTerminal: () -> Bool
  /// Whether standard output is a terminal.
  public let outputIsTerminal: Bool
  /// The terminal's size in character cells, when standard output is one that says.
  public let terminalSize: (rows: Int, columns: Int)?
  /// Standard output.
  public let output: TextOutput
  /// Writes to standard error (progress and warnings), at once.
  public let writeError: (String) -> Void
  /// Whether standard error is a terminal (for progress bars).
  public let errorIsTerminal: Bool
  /// A monotonic clock in milliseconds, for progress: how long something has taken so far.
  public let elapsedMilliseconds: () -> Int64
  /// The full-screen front ends the executable provides.
  public let frontEnds: FrontEnds
  /// What is wrong with the environment (a `TZ` that names no zone), if anything: commands refuse to run
  /// on it rather than guess; help and completion still work.
  public let environmentProblem: String?
  /// The whole environment as `NAME=value` entries, read only when asked: what a command that `cal` runs
  /// (`cal remind --exec`) inherits.
  public let inheritedEnvironment: () -> [String]
  /// The absolute path of the running `cal`, read only when asked (`cal remind --install` names it).
  public let executablePath: () -> String?
  /// The file the pinned clock is read from, when tests move the clock by writing to it (`CAL_TEST_NOW=@FILE`):
  /// a watch wakes when it changes.
  public let clockFile: String?
  /// CalDAV and feeds over the network: present in `cal-sync`, absent in `cal`.
  public let network: (any CalendarNetwork)?
  /// Hands the command line to `cal-sync` (replacing this process), for a command that needs the network
  /// where there is none; throws when it cannot.
  public let startNetworkHelper: () throws -> Never
  /// Where the configuration file is and what it holds, read only when asked: help, `--version` and cal(1)'s
  /// forms never open it.
  public let configurationFile: () -> ConfigurationFile
  /// The configuration file's settings, read and checked before a command runs.
  var configuration = Configuration.empty
  /// The words the command was called with, after `cal`: what the change log calls the change it makes.
  public internal(set) var arguments: [String] = []
  /// The calendars the command opened for a change, which a failed command leaves as they were found.
  let openedCalendars = OpenedCalendars()

  /// Creates a context.
  public init(
    locale: CalendarLocale = .english, localZone: ZoneInfo = .utc, zones: ZoneLoader = .none(),
    now: @escaping () -> Int64, environment: [String: String], outputIsTerminal: Bool,
    terminalSize: (rows: Int, columns: Int)? = nil, output: TextOutput,
    writeError: @escaping (String) -> Void = { _ in }, errorIsTerminal: Bool = false,
    elapsedMilliseconds: @escaping () -> Int64 = { 0 }, environmentProblem: String? = nil,
    inputIsTerminal: @escaping () -> Bool = { false }, frontEnds: FrontEnds = FrontEnds(),
    inheritedEnvironment: @escaping () -> [String] = { [] }, executablePath: @escaping () -> String? = { nil },
    clockFile: String? = nil, network: (any CalendarNetwork)? = nil,
    configurationFile: @escaping () -> ConfigurationFile = { .none },
    startNetworkHelper: @escaping () throws -> Never = {
      throw CalError("this needs the network, which is not available here")
    }
  ) {
    self.network = network
    self.configurationFile = configurationFile
    self.startNetworkHelper = startNetworkHelper
    self.environmentProblem = environmentProblem
    self.locale = locale
    self.localZone = localZone
    self.zones = zones
    self.now = now
    self.environment = environment
    self.outputIsTerminal = outputIsTerminal
    self.terminalSize = terminalSize
    self.output = output
    self.writeError = writeError
    self.errorIsTerminal = errorIsTerminal
    self.elapsedMilliseconds = elapsedMilliseconds
    self.inputIsTerminal = inputIsTerminal
    self.frontEnds = frontEnds
    self.inheritedEnvironment = inheritedEnvironment
    self.executablePath = executablePath
    self.clockFile = clockFile
    self.today = ServiceEnvironment(now: now, localZone: localZone, zones: zones).today
  }

  /// What the service layer gets: the clock and the zones.
  public var serviceEnvironment: ServiceEnvironment {
    ServiceEnvironment(now: now, localZone: localZone, zones: zones)
  }

  /// The network, or (where there is none) `cal-sync` started in this process's place.
  func requireNetwork() throws -> any CalendarNetwork {
    guard let network else { try startNetworkHelper() }
    return network
  }

  /// Writes `text` to standard output.
  func write(_ text: String) {
    output.write(text)
  }

  /// Writes `line` and a newline to standard output.
  func print(_ line: String) {
    output.write(line + "\n")
  }

  /// Whether output may carry attributes such as reverse video: only on a terminal that understands them,
  /// and never when `NO_COLOR` is set to anything (no-color.org).
  var stylesOutput: Bool {
    outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
  }

  /// How the instant `milliseconds` reads on the user's clock, as ISO 8601 with the offset.
  func localTimestamp(_ milliseconds: Int64) -> String {
    localZone.iso8601(atUnixMilliseconds: milliseconds)
  }
}

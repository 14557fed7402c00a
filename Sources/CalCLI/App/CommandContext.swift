public import CalCore

/// Everything a command may know about the world, handed in by `main`: nothing below it reads the clock,
/// the time zone or the environment itself, so tests can pin each of them.
public struct CommandContext {
  /// Today's date in the user's time zone.
  public let today: CivilDate
  /// Month and weekday names and the first day of the week, from the user's locale.
  public let locale: CalendarLocale
  /// The user's time zone (`TZ`, else `/etc/localtime`), for events with times.
  public let localZone: ZoneInfo
  /// Loads a zone of the system's time-zone database by name, such as `Europe/Berlin`.
  public let loadZone: (String) throws(ZoneError) -> ZoneInfo
  /// The current instant, in Unix milliseconds.
  public let nowMilliseconds: Int64
  /// The environment variables `cal` reads (`CAL_DB`, `XDG_DATA_HOME`, `HOME`, `NO_COLOR`, `TERM`,
  /// `CAL_ANIMATION`).
  public let environment: [String: String]
  /// Whether standard output is a terminal.
  public let outputIsTerminal: Bool
  /// Writes to standard output.
  public let write: (String) -> Void
  /// Writes to standard error (progress and warnings).
  public let writeError: (String) -> Void
  /// Whether standard error is a terminal (for progress bars).
  public let errorIsTerminal: Bool
  /// A monotonic clock in milliseconds, for progress: how long something has taken so far.
  public let elapsedMilliseconds: () -> Int64

  /// Creates a context.
  public init(
    today: CivilDate, locale: CalendarLocale = .english, localZone: ZoneInfo = .utc,
    loadZone: @escaping (String) throws(ZoneError) -> ZoneInfo = { (name: String) throws(ZoneError) in
      throw ZoneError.unknown(name)
    }, nowMilliseconds: Int64,
    environment: [String: String],
    outputIsTerminal: Bool, write: @escaping (String) -> Void, writeError: @escaping (String) -> Void = { _ in },
    errorIsTerminal: Bool = false, elapsedMilliseconds: @escaping () -> Int64 = { 0 }
  ) {
    self.today = today
    self.locale = locale
    self.localZone = localZone
    self.loadZone = loadZone
    self.nowMilliseconds = nowMilliseconds
    self.environment = environment
    self.outputIsTerminal = outputIsTerminal
    self.write = write
    self.writeError = writeError
    self.errorIsTerminal = errorIsTerminal
    self.elapsedMilliseconds = elapsedMilliseconds
  }

  /// Writes `line` and a newline to standard output.
  func print(_ line: String) {
    write(line + "\n")
  }

  /// Whether output may carry attributes such as reverse video: only on a terminal that understands them,
  /// and never when `NO_COLOR` is set to anything (no-color.org).
  var stylesOutput: Bool {
    outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
  }

  /// How the instant `milliseconds` reads on the user's clock, as ISO 8601 with the offset.
  func localTimestamp(_ milliseconds: Int64) -> String {
    let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
    return LocalDateTime(unixMilliseconds: milliseconds, utcOffsetSeconds: localZone.offset(atUTC: seconds))?
      .description
      ?? String(milliseconds)
  }
}

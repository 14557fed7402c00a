/// What a first, cheap pass over an iCalendar file learns before any event is read: that the file is
/// well formed, its encoding, how many events it holds (for a progress bar), the UIDs that have edited
/// occurrences (which may stand before their series), and the time-zone definitions and X-WR-TIMEZONE that
/// stand after events that use them (the others are read on the way, in the second pass).
public struct ICSScan: Sendable {
  /// The most edited occurrences (VEVENTs with a RECURRENCE-ID) a file may hold: their series are gathered
  /// in memory until the end of the file, so this bounds what a file can cost.
  public static let maximumOverrides = 100_000
  /// The most lines of VTIMEZONE definitions that stand after events a file may hold, for the same reason.
  public static let maximumLateZoneLines = 200_000
  /// The most lines one item of a calendar (an event, a time zone, with the components in it) may span: it
  /// is held whole in memory while it is read, at many times the bytes of its lines.
  public static let maximumComponentLines = 200_000

  /// The file's encoding.
  public internal(set) var encoding = ICSEncoding.utf8
  /// How many events (VEVENTs, edited occurrences included) the file holds.
  public internal(set) var eventCount = 0
  /// For each top-level VCALENDAR (by its index in the file) whose settings stand after one of its events,
  /// those settings.
  var late: [Int: Settings] = [:]
  /// The same for the components that stand outside any VCALENDAR, read as one calendar of their own.
  var lateLoose = Settings()
  /// UIDs of the series that have edited occurrences in the file.
  var overrideUIDs: Set<String> = []
  /// How many edited occurrences there are.
  var overrideCount = 0

  /// A calendar's time-zone settings.
  struct Settings: Sendable {
    /// VTIMEZONE components.
    var timeZones: [ICSComponent] = []
    /// The first X-WR-TIMEZONE property.
    var calendarZone: ICSProperty?
  }
}

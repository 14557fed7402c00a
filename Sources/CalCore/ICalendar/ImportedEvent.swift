/// An event read from an iCalendar file, in `cal`'s terms.
public struct ImportedEvent: Equatable, Sendable {
  /// The UID. For an event without one, the start of a stable synthetic UID made from its content
  /// (``uidIsSynthetic``): whoever saves it numbers events of the same content, so that a second import
  /// finds each again.
  public var uid: String
  /// Whether ``uid`` was made up because the event had none.
  public var uidIsSynthetic = false
  /// For an edited occurrence whose series is not in the file, that series and occurrence (its UID and
  /// RECURRENCE-ID); ``uid`` is then made of both, unique among the series' occurrences.
  public var seriesLink: SeriesLink?
  /// SUMMARY (or "(no title)").
  public var title: String
  /// Whether the event had no SUMMARY (or an empty one): ``title`` is then only what is shown, and an export
  /// writes none.
  public var summaryMissing = false
  /// DESCRIPTION.
  public var note: String?
  /// LOCATION.
  public var location: String?
  /// When it happens; for a series, with its rule.
  public var schedule: EventSchedule
  /// Occurrence days removed from the series (EXDATE, and cancelled occurrences).
  public var exceptions: [CivilDate] = []
  /// Extra occurrences (RDATE), each with its own day and, for a timed event, its own time, zone and length.
  public var additions: [EventSchedule] = []
  /// Occurrences changed on their own (RECURRENCE-ID), by the day of the occurrence they replace.
  public var overrides: [(day: CivilDate, event: ImportedEvent)] = []
  /// Its DISPLAY and AUDIO alarms (VALARM).
  public var alarms: [ICSAlarm] = []
  /// What `cal` does not read of it but keeps, to write back as it came: its content lines, one a line
  /// (see ``EventFields/keptLines``).
  public var keptLines: String?
  /// The line of its BEGIN:VEVENT.
  public var line: Int
  /// A hash of the lines it was read from (and of what they were read with: the calendar's time zones),
  /// when it is an event of its own: the same hash means the same event, without reading it again.
  public var sourceHash: UInt64?

  /// An event read from a file.
  public init(
    uid: String, title: String, note: String? = nil, location: String? = nil, schedule: EventSchedule, line: Int
  ) {
    self.uid = uid
    self.title = title
    self.note = note
    self.location = location
    self.schedule = schedule
    self.line = line
  }

  /// Equal in every field, overrides included.
  public static func == (lhs: ImportedEvent, rhs: ImportedEvent) -> Bool {
    lhs.uid == rhs.uid && lhs.uidIsSynthetic == rhs.uidIsSynthetic && lhs.seriesLink == rhs.seriesLink
      && lhs.title == rhs.title
      && lhs.summaryMissing == rhs.summaryMissing && lhs.note == rhs.note && lhs.location == rhs.location
      && lhs.schedule == rhs.schedule && lhs.exceptions == rhs.exceptions && lhs.additions == rhs.additions
      && lhs.overrides.map(\.day) == rhs.overrides.map(\.day)
      && lhs.overrides.map(\.event) == rhs.overrides.map(\.event) && lhs.alarms == rhs.alarms
      && lhs.keptLines == rhs.keptLines
  }
}

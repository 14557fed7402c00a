/// What an event holds, as it is written: its texts, when it happens, and its place in a series.
public struct EventFields: Equatable, Sendable {
  /// The title: never empty.
  public var title: String
  /// An optional longer description.
  public var note: String?
  /// Where it happens.
  public var location: String?
  /// When it happens; for a series, with its rule.
  public var schedule: EventSchedule
  /// For an edited occurrence or an extra date: the series it belongs to.
  public var parentID: Int64?
  /// For an edited occurrence: the day of the series' occurrence it replaces. A child row without one is
  /// an extra date of the series (RDATE).
  public var recurrenceDay: CivilDate?
  /// The iCalendar UID; `nil` for a child row (it shares its series'), and generated when an event is added
  /// without one.
  public var uid: String?
  /// When `cal remind` tells the user about it, in the order they were added.
  public var reminders: [Reminder]
  /// Whether the event came without a SUMMARY (from an iCalendar file): the title is then only what `cal`
  /// shows, and an export writes none. A title given later makes it an ordinary event.
  public var summaryMissing: Bool
  /// For an edited occurrence of a series kept elsewhere (an invitation to one occurrence), that series and
  /// occurrence: written back as its UID and RECURRENCE-ID. Such an event does not repeat.
  public var seriesLink: SeriesLink?
  /// What the event's iCalendar source held that `cal` does not read (attendees, the organizer, categories,
  /// status, other products' X- properties, alarms that are no reminders): its content lines, unfolded, one
  /// a line, written back as they came by export and sync. An edit keeps them; only an import replaces them.
  public var keptLines: String?

  /// The title an event without one is shown with.
  public static let placeholderTitle = "(no title)"

  /// Whether an export leaves the SUMMARY out: the event came without one and still has only the
  /// placeholder.
  public var omitsSummary: Bool { summaryMissing && title == Self.placeholderTitle }

  // Inlinable: built in place by the repositories, which read hundreds of rows a listing, instead of
  // copied whole into a call and out again.
  /// Fields of an event.
  @inlinable
  public init(
    title: String, note: String? = nil, location: String? = nil, schedule: EventSchedule, parentID: Int64? = nil,
    recurrenceDay: CivilDate? = nil, uid: String? = nil, reminders: [Reminder] = [], summaryMissing: Bool = false,
    seriesLink: SeriesLink? = nil, keptLines: String? = nil
  ) {
    self.title = title
    self.note = note
    self.location = location
    self.schedule = schedule
    self.parentID = parentID
    self.recurrenceDay = recurrenceDay
    self.uid = uid
    self.summaryMissing = summaryMissing
    self.reminders = reminders
    self.seriesLink = seriesLink
    self.keptLines = keptLines
  }
}

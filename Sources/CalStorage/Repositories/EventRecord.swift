/// What an event holds, as stored: days as `YYYY-MM-DD` text, times as minutes.
public struct EventFields: Equatable, Sendable {
  /// The first day, `YYYY-MM-DD` (in the event's own zone, for a zoned event).
  public var day: String
  /// The title: never empty.
  public var title: String
  /// An optional longer description.
  public var note: String?
  /// Where it happens.
  public var location: String?
  /// Minutes after midnight the event starts; `nil` for an all-day event.
  public var startMinute: Int?
  /// How long a timed event lasts, in minutes.
  public var lengthMinutes: Int?
  /// The last day an all-day event covers, inclusive.
  public var endDay: String?
  /// The event's own IANA time zone; `nil` for the user's clock.
  public var timeZone: String?
  /// The RFC 5545 RRULE, for a series.
  public var rrule: String?
  /// How many days after `day` one occurrence reaches.
  public var spanDays: Int
  /// The last day any occurrence covers; `nil` for a series without end.
  public var lastDay: String?
  /// For an edited occurrence: the series it belongs to.
  public var parentID: Int64?
  /// For an edited occurrence: the day of the series' occurrence it replaces. A child row without one is
  /// an extra date of the series (RDATE).
  public var recurrenceDay: String?
  /// The iCalendar UID; `nil` for a child row (it shares its series'), and generated when an event is added
  /// without one.
  public var uid: String?

  /// Fields of an event.
  public init(
    day: String, title: String, note: String? = nil, location: String? = nil, startMinute: Int? = nil,
    lengthMinutes: Int? = nil, endDay: String? = nil, timeZone: String? = nil, rrule: String? = nil, spanDays: Int = 0,
    lastDay: String? = nil, parentID: Int64? = nil, recurrenceDay: String? = nil, uid: String? = nil
  ) {
    self.day = day
    self.title = title
    self.note = note
    self.location = location
    self.startMinute = startMinute
    self.lengthMinutes = lengthMinutes
    self.endDay = endDay
    self.timeZone = timeZone
    self.rrule = rrule
    self.spanDays = spanDays
    self.lastDay = lastDay ?? (rrule == nil ? day : nil)
    self.parentID = parentID
    self.recurrenceDay = recurrenceDay
    self.uid = uid
  }
}

/// A stored event: its id, its fields and when it was added and last changed (Unix milliseconds).
public struct EventRecord: Equatable, Sendable {
  /// The id, never reused after a deletion.
  public let id: Int64
  /// What the event holds.
  public let fields: EventFields
  /// When it was added.
  public let createdAt: Int64
  /// When it last changed.
  public let updatedAt: Int64

  /// A record from its parts.
  public init(id: Int64, fields: EventFields, createdAt: Int64, updatedAt: Int64) {
    self.id = id
    self.fields = fields
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }

  // The fields most read, straight off the record (plain properties: key-path lookups cost far more in the
  // loops that print thousands of events).

  /// The first day, `YYYY-MM-DD`.
  public var day: String { fields.day }
  /// The title.
  public var title: String { fields.title }
  /// The note.
  public var note: String? { fields.note }
  /// The location.
  public var location: String? { fields.location }
  /// The RRULE, for a series.
  public var rrule: String? { fields.rrule }
  /// How many days after `day` one occurrence reaches.
  public var spanDays: Int { fields.spanDays }
  /// The last day any occurrence covers.
  public var lastDay: String? { fields.lastDay }
  /// For a child row, its series.
  public var parentID: Int64? { fields.parentID }
  /// For an edited occurrence, the occurrence it replaces.
  public var recurrenceDay: String? { fields.recurrenceDay }
  /// The iCalendar UID.
  public var uid: String? { fields.uid }
}

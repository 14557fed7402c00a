/// A stored event: its id, its fields, the last day it covers (worked out when it was written), when it was
/// added and last changed (Unix milliseconds), and the calendar it belongs to.
public struct EventRecord: Equatable, Sendable {
  /// The id, never reused after a deletion.
  public let id: Int64
  /// What the event holds.
  public let fields: EventFields
  /// The last day any occurrence covers, in the event's own zone; `nil` for a series without end.
  public let lastDay: CivilDate?
  /// When it was added.
  public let createdAt: Int64
  /// When it last changed.
  public let updatedAt: Int64
  /// The calendar it belongs to.
  public let calendarID: Int64

  // Inlinable: built in place by the repositories, which read hundreds of rows a listing, instead of
  // copied whole into a call and out again.
  /// A record from its parts.
  @inlinable
  public init(
    id: Int64, fields: EventFields, lastDay: CivilDate?, createdAt: Int64, updatedAt: Int64, calendarID: Int64 = 1
  ) {
    self.id = id
    self.fields = fields
    self.lastDay = lastDay
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.calendarID = calendarID
  }

  // The fields most read, straight off the record (plain properties: key-path lookups cost far more in the
  // loops that print thousands of events).

  /// The title.
  public var title: String { fields.title }
  /// The note.
  public var note: String? { fields.note }
  /// The location.
  public var location: String? { fields.location }
  /// When it happens.
  public var schedule: EventSchedule { fields.schedule }
  /// For a child row, its series.
  public var parentID: Int64? { fields.parentID }
  /// For an edited occurrence, the occurrence it replaces.
  public var recurrenceDay: CivilDate? { fields.recurrenceDay }
  /// The iCalendar UID.
  public var uid: String? { fields.uid }

  /// The start day of the last occurrence, for a series with an end: what COUNT works out to, so that it
  /// need not be counted again.
  public var lastOccurrenceDay: CivilDate? { fields.schedule.lastOccurrenceDay(lastDay: lastDay) }
}

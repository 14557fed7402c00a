public import CalCore
import Synchronization

/// One event on one day of an agenda: the day it is listed on, the event, and the occurrence (for a
/// series, which one; for a timed event, its instants).
public struct AgendaItem: Sendable {
  /// The event, shared by all the items of its occurrences (a class, so that sorting thousands of items
  /// moves references, not records).
  @usableFromInline
  final class Entry: Sendable {
    @usableFromInline let event: EventRecord
    @usableFromInline let calendar: CalendarRecord?
    // Asked on every line of a listing: kept apart, so that nothing reaches into the schedule (and its rule)
    // for them.
    @usableFromInline let isAllDay: Bool
    @usableFromInline let repeats: Bool
    @usableFromInline let hasLocation: Bool
    @usableFromInline let hasNote: Bool
    @usableFromInline let hasReminders: Bool
    @usableFromInline let overlapsBeyondReading: Bool
    /// The series' RRULE text, written once for all its occurrences when first asked: a text listing never
    /// asks, and writing it costs more than printing a line.
    private let ruleTextCache = Mutex<String??>(nil)

    init(event: EventRecord, calendar: CalendarRecord?) {
      self.event = event
      self.calendar = calendar
      self.isAllDay = event.fields.schedule.isAllDay
      self.repeats = event.fields.schedule.repeats
      self.hasLocation = event.fields.location?.isEmpty == false
      self.hasNote = event.fields.note?.isEmpty == false
      self.hasReminders = !event.fields.reminders.isEmpty
      self.overlapsBeyondReading = event.fields.schedule.overlapsBeyondReading
    }

    var ruleText: String? {
      ruleTextCache.withLock { cached in
        if let cached { return cached }
        let text = event.fields.schedule.rule?.description
        cached = .some(text)
        return text
      }
    }
  }

  /// The day it is listed on, on the user's clock.
  public let day: CivilDate
  @usableFromInline let entry: Entry
  /// The occurrence: its own day, the days it covers and, for a timed event, its instants.
  public let occurrence: Occurrence

  init(day: CivilDate, entry: Entry, occurrence: Occurrence) {
    self.day = day
    self.entry = entry
    self.occurrence = occurrence
  }

  /// The series' rule as RRULE text (`FREQ=WEEKLY;BYDAY=MO`), or `nil` for a one-off event.
  public var ruleText: String? { entry.ruleText }

  /// The event.
  public var event: EventRecord { entry.event }
  /// The calendar it belongs to.
  public var calendar: CalendarRecord? { entry.calendar }
  /// When the event happens (for a series, the whole series).
  public var schedule: EventSchedule {
    // Lent, not copied: a schedule holds a rule with arrays, and a listing reads it several times a line.
    _read { yield entry.event.fields.schedule }
  }

  // The fields a listing prints, read straight from the shared record and inlined into the front ends:
  // `event.title` copies the whole record first, and even a call per field shows in a listing of thousands
  // of lines.

  /// The event's id.
  @inlinable public var id: Int64 { entry.event.id }
  /// The event's title.
  @inlinable public var title: String { entry.event.fields.title }
  /// The event's note.
  @inlinable public var note: String? { entry.event.fields.note }
  /// Where the event happens.
  @inlinable public var location: String? { entry.event.fields.location }
  /// The event's reminders.
  @inlinable public var reminders: [Reminder] { entry.event.fields.reminders }
  /// Whether the event lasts whole days (the same as `schedule.isAllDay`).
  @inlinable public var isAllDay: Bool { entry.isAllDay }
  /// Whether the event repeats (the same as `schedule.repeats`).
  @inlinable public var repeats: Bool { entry.repeats }
  /// Whether the event has a location (not empty).
  @inlinable public var hasLocation: Bool { entry.hasLocation }
  /// Whether the event has a note (not empty).
  @inlinable public var hasNote: Bool { entry.hasNote }
  /// Whether the event has reminders.
  @inlinable public var hasReminders: Bool { entry.hasReminders }
  /// Whether the event is a series shown by its first occurrence alone (the same as
  /// `schedule.overlapsBeyondReading`).
  @inlinable public var overlapsBeyondReading: Bool { entry.overlapsBeyondReading }
  /// The colour of its calendar, if it has one (without copying the calendar's record).
  @inlinable public var calendarColor: CalendarColor? { entry.calendar?.color }
}

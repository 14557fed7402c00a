public import CalCore

/// One event on one day of an agenda: the day it is listed on, the event, and the occurrence (for a
/// series, which one; for a timed event, its instants).
public struct AgendaItem: Sendable {
  /// The event, shared by all the items of its occurrences (a class, so that sorting thousands of items
  /// moves references, not records).
  final class Entry: Sendable {
    let event: EventRecord
    let calendar: CalendarRecord?
    /// The series' RRULE text, written once for all its occurrences.
    let ruleText: String?

    init(event: EventRecord, calendar: CalendarRecord?) {
      self.event = event
      self.calendar = calendar
      self.ruleText = event.fields.schedule.rule?.description
    }
  }

  /// The day it is listed on, on the user's clock.
  public let day: CivilDate
  let entry: Entry
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

  // The fields a listing prints, read straight from the shared record: `event.title` copies the whole
  // record first, which a listing of thousands of items pays for each field.

  /// The event's id.
  public var id: Int64 { entry.event.id }
  /// The event's title.
  public var title: String { entry.event.fields.title }
  /// The event's note.
  public var note: String? { entry.event.fields.note }
  /// Where the event happens.
  public var location: String? { entry.event.fields.location }
  /// The event's reminders.
  public var reminders: [Reminder] { entry.event.fields.reminders }
}

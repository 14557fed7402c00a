public import CalCore

/// A reminder that `cal remind` tells: which occurrence of which event, which of its reminders, when it was
/// due, and whether it is told on time, late, or reported as missed. Missed ones come counted: one notice
/// for all the times one reminder of one event was missed.
public struct ReminderNotice: Sendable {
  /// The occurrence, as an agenda lists it (on its first day); for missed ones, the first missed.
  public let item: AgendaItem
  /// The reminder.
  public let reminder: Reminder
  /// When it was due, Unix seconds; for missed ones, the first time.
  public let due: Int64
  /// On time, late or missed.
  public let outcome: ReminderOutcome
  /// How many times it was due: more than 1 only for missed ones.
  public let count: Int
  /// When it was last due, Unix seconds: `due` unless it was missed more than once.
  public let lastDue: Int64
  init(item: AgendaItem, reminder: Reminder, due: Int64, outcome: ReminderOutcome) {
    self.init(item: item, reminder: reminder, due: due, outcome: outcome, count: 1, lastDue: due)
  }

  init(item: AgendaItem, reminder: Reminder, due: Int64, outcome: ReminderOutcome, count: Int, lastDue: Int64) {
    self.item = item
    self.reminder = reminder
    self.due = due
    self.outcome = outcome
    self.count = count
    self.lastDue = lastDue
  }
}

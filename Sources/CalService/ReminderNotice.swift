public import CalCore

/// A reminder that `cal remind` tells: which occurrence of which event, which of its reminders, when it was
/// due, and whether it is told on time, late, or reported as missed.
public struct ReminderNotice: Sendable {
  /// The occurrence, as an agenda lists it (on its first day).
  public let item: AgendaItem
  /// The reminder.
  public let reminder: Reminder
  /// When it was due, Unix seconds.
  public let due: Int64
  /// On time, late or missed.
  public let outcome: ReminderOutcome

  init(item: AgendaItem, reminder: Reminder, due: Int64, outcome: ReminderOutcome) {
    self.item = item
    self.reminder = reminder
    self.due = due
    self.outcome = outcome
  }
}

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
  /// The reminder's row, which tells apart two equal reminders of one event counted together.
  let reminderID: Int64?

  init(item: AgendaItem, reminder: Reminder, due: Int64, outcome: ReminderOutcome) {
    self.init(item: item, reminder: reminder, reminderID: nil, due: due, outcome: outcome, count: 1, lastDue: due)
  }

  /// Reminder `reminderID`, missed once, at `due`.
  init(item: AgendaItem, reminder: Reminder, reminderID: Int64, missedAt due: Int64) {
    self.init(
      item: item, reminder: reminder, reminderID: reminderID, due: due, outcome: .missed, count: 1, lastDue: due)
  }

  private init(
    item: AgendaItem, reminder: Reminder, reminderID: Int64?, due: Int64, outcome: ReminderOutcome, count: Int,
    lastDue: Int64
  ) {
    self.item = item
    self.reminder = reminder
    self.reminderID = reminderID
    self.due = due
    self.outcome = outcome
    self.count = count
    self.lastDue = lastDue
  }

  /// This notice counting one more time it was missed, for the occurrence `item`, at `due`: the first and
  /// the last kept, whichever order they come in.
  func counting(item: AgendaItem, due: Int64) -> ReminderNotice {
    let isFirst = due < self.due
    return ReminderNotice(
      item: isFirst ? item : self.item, reminder: reminder, reminderID: reminderID, due: min(due, self.due),
      outcome: outcome, count: count + 1, lastDue: max(due, lastDue))
  }
}

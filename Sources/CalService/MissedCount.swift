import CalCore
import CalStorage

/// The times one reminder of one event was missed, counted as a run finds them: all that is kept of them
/// until they are told (the event and the occurrence are read again then), so that a run that finds a month
/// of missed reminders holds one small count for each reminder.
struct MissedCount {
  /// The reminder.
  let reminder: StoredReminder
  /// When it was first due, Unix seconds.
  private(set) var firstDue: Int64
  /// The day of the occurrence it was first due for.
  private(set) var firstDay: CivilDate
  /// When it was last due, Unix seconds.
  private(set) var lastDue: Int64
  /// How many times it was due.
  private(set) var count = 1

  /// `reminder`, missed once, at `due`, for the occurrence on `day`.
  init(_ reminder: StoredReminder, due: Int64, day: CivilDate) {
    self.reminder = reminder
    firstDue = due
    firstDay = day
    lastDue = due
  }

  /// Counts one more time it was missed, whichever order they come in.
  mutating func add(due: Int64, day: CivilDate) {
    count += 1
    if due < firstDue { (firstDue, firstDay) = (due, day) }
    lastDue = max(lastDue, due)
  }
}

/// How a reminder was told: on time, late, or (more than a day late) reported as missed.
public enum ReminderOutcome: String, Sendable {
  /// At its time, or within a few minutes of it.
  case onTime = "on time"
  /// Later than that (the machine was off or asleep), but within a day.
  case late
  /// More than a day late: reported, not told as if it were due.
  case missed
}

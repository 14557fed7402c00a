import CalCore
import CalService

/// Says on standard error, once for each, which series a listing shows by their first occurrence alone:
/// series whose occurrences overlap too deeply to be read (``EventSchedule/overlapsBeyondReading``), as an
/// older `cal` could import them. Without the warning the single line would pass for the whole series.
struct OverlapWarnings {
  private var warned: Set<Int64> = []

  /// Warns about `item`'s series if it is such a series and has not been warned about yet.
  mutating func check(_ item: AgendaItem, context: CommandContext) {
    // A flag the item's entry keeps: a listing asks on every line.
    guard item.overlapsBeyondReading, let problem = item.schedule.overlapProblem, warned.insert(item.id).inserted
    else { return }
    context.writeError(
      "Warning: event #\(item.id) is listed by its first occurrence alone: \(problem) (cal edit \(item.id)), or "
        + "remove it (cal rm \(item.id))\n")
  }
}

import CalCore
import CalService

/// When an agenda item happens on the day it is listed on, on the user's clock: minutes from that day's
/// midnight, and whether it began on an earlier day or goes on to a later one.
struct ItemTimes {
  /// The start, in minutes after midnight; `nil` for an all-day event.
  let start: Int?
  /// The end, in minutes after midnight (1440 when it goes on past the day); `nil` without a length.
  let end: Int?
  /// Whether it began on an earlier day.
  let startedBefore: Bool
  /// Whether it goes on to a later day.
  let continuesAfter: Bool
  /// The clock they are written on.
  let clock: ClockStyle

  /// The times of `item` in `zone`, written on `clock`.
  init(_ item: AgendaItem, zone: ZoneInfo, clock: ClockStyle) {
    self.clock = clock
    let occurrence = item.occurrence
    // Beyond the calendar's edges, an occurrence is held to its first or last day, where it neither starts
    // nor ends.
    startedBefore =
      item.day > occurrence.firstDay || (item.day == .first && occurrence.beganBeforeCalendar(in: zone))
    continuesAfter = item.day < occurrence.lastDay || (item.day == .last && occurrence.runsPastCalendar(in: zone))
    guard let startInstant = occurrence.startInstant, let endInstant = occurrence.endInstant else {
      (start, end) = (nil, nil)
      return
    }
    func minutes(_ instant: Int64) -> Int { (zone.wallClock(atUTC: instant)?.secondOfDay ?? 0) / 60 }
    start = startedBefore ? 0 : minutes(startInstant)
    end = endInstant == startInstant ? nil : continuesAfter ? 1440 : minutes(endInstant)
  }

  /// `14:30`, `14:30-15:15`, `22:00-…`, `…-02:00`, `…`, or `all day`; on the 12-hour clock `2:30pm-3:15pm`.
  var label: String {
    guard let start else { return "all day" }
    let from = startedBefore ? "…" : clock(start)
    guard let end else { return from }
    let to = continuesAfter ? "…" : clock(end)
    return startedBefore && continuesAfter ? "…" : from + "-" + to
  }

  /// ``label`` as a column of an agenda writes it: as wide as the widest (`12:30pm-12:45pm`), a one-digit hour
  /// after a space (` 9:30am`) so that the hours line up.
  var columnLabel: String {
    DisplayWidth.padded(clock == .twelveHour ? ClockStyle.hourAligned(label) : label, to: clock.rangeWidth)
  }

  /// The start alone, for a day cell: `14:30`, `…` when it began before; empty for an all-day event.
  var startLabel: String {
    guard let start else { return "" }
    return startedBefore ? "…" : clock(start)
  }

  private func clock(_ minutes: Int) -> String {
    clock.text(minutes: minutes)
  }
}

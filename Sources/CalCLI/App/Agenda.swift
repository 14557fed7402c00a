import CalCore
import CalStorage

/// The events of a window of days on the user's clock: one-day events straight from the index, series
/// expanded lazily, spans and zoned events placed on the days they cover, edited and removed occurrences
/// of a series taken into account.
struct Agenda {
  /// One event on one day of the window.
  struct Item {
    /// The day it is listed on.
    let day: CivilDate
    let event: EventRecord
    let schedule: EventSchedule
    let occurrence: Occurrence
  }

  let store: CalendarStore
  let context: CommandContext

  /// Every event covering a day from `first` through `last`, one item per day it covers, by day, then all-day
  /// events first, then by start time, then by id.
  func items(from first: CivilDate, through last: CivilDate) throws -> [Item] {
    var items: [Item] = []
    for event in try store.events.simpleEvents(from: first.description, through: last.description) {
      let schedule = try event.fields.schedule()
      guard
        let occurrence = Occurrence.occurrence(
          of: schedule, on: schedule.startDay, eventZone: nil, localZone: context.localZone)
      else { continue }
      items.append(Item(day: occurrence.firstDay, event: event, schedule: schedule, occurrence: occurrence))
    }
    items += try otherItems(from: first, through: last)
    return items.sorted(by: Self.order)
  }

  /// The days from `first` through `last` that have at least one event, for marking a month page.
  func markedDays(from first: CivilDate, through last: CivilDate) throws -> Set<CivilDate> {
    var days = Set(
      try store.events.simpleDays(from: first.description, through: last.description).compactMap {
        try? CivilDate(parsing: $0)
      })
    for item in try otherItems(from: first, through: last) { days.insert(item.day) }
    return days
  }

  /// Series, spans and zoned events, expanded.
  private func otherItems(from first: CivilDate, through last: CivilDate) throws -> [Item] {
    let searchFirst = first.adding(days: -2) ?? first
    let searchLast = last.adding(days: 2) ?? last
    let events = try store.events.otherEvents(from: searchFirst.description, through: searchLast.description)
    guard !events.isEmpty else { return [] }
    let schedules = try events.map { try $0.fields.schedule() }
    let widest = schedules.map(\.spanDays).max() ?? 0
    let skipped = try store.events.skippedDays(
      from: (searchFirst.adding(days: -widest) ?? searchFirst).description, through: searchLast.description)
    var items: [Item] = []
    for (event, schedule) in zip(events, schedules) {
      let eventZone = try schedule.timeZone.map { name in try zone(name) }
      let occurrences = Occurrence.occurrences(
        of: schedule, from: first, through: last, eventZone: eventZone, localZone: context.localZone,
        lastOccurrence: event.fields.lastOccurrenceDay(of: schedule),
        skipped: Set((skipped[event.id] ?? []).compactMap { try? CivilDate(parsing: $0) }))
      for occurrence in occurrences {
        var day = max(occurrence.firstDay, first)
        while day <= min(occurrence.lastDay, last) {
          items.append(Item(day: day, event: event, schedule: schedule, occurrence: occurrence))
          guard let next = day.adding(days: 1) else { break }
          day = next
        }
      }
    }
    return items
  }

  private func zone(_ name: String) throws -> ZoneInfo {
    do {
      return try context.loadZone(name)
    } catch {
      throw CalError("an event uses the time zone '\(name)', which this system does not know")
    }
  }

  static func order(_ a: Item, _ b: Item) -> Bool {
    if a.day != b.day { return a.day < b.day }
    let aStart = a.occurrence.startInstant ?? Int64.min
    let bStart = b.occurrence.startInstant ?? Int64.min
    if aStart != bStart { return aStart < bStart }
    if a.event.id != b.event.id { return a.event.id < b.event.id }
    return a.occurrence.occurrenceDay < b.occurrence.occurrenceDay
  }
}

import CalCore
import CalStorage

/// The events of a window of days on the user's clock: one-day events straight from the index, series
/// expanded lazily, spans and zoned events placed on the days they cover, edited and removed occurrences
/// of a series taken into account.
struct Agenda {
  /// An event with its schedule read, shared by all the items of its occurrences (a class, so that sorting
  /// thousands of items moves references, not records).
  final class Entry {
    let event: EventRecord
    let schedule: EventSchedule

    init(event: EventRecord, schedule: EventSchedule) {
      self.event = event
      self.schedule = schedule
    }
  }

  /// One event on one day of the window.
  struct Item {
    /// The day it is listed on.
    let day: CivilDate
    let entry: Entry
    let occurrence: Occurrence

    init(day: CivilDate, entry: Entry, occurrence: Occurrence) {
      self.day = day
      self.entry = entry
      self.occurrence = occurrence
    }

    init(day: CivilDate, event: EventRecord, schedule: EventSchedule, occurrence: Occurrence) {
      self.init(day: day, entry: Entry(event: event, schedule: schedule), occurrence: occurrence)
    }

    var event: EventRecord { entry.event }
    var schedule: EventSchedule { entry.schedule }
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
    try forEachOtherOccurrence(from: first, through: last) { entry, occurrence in
      var day = max(occurrence.firstDay, first)
      let final = min(occurrence.lastDay, last)
      while day <= final {
        items.append(Item(day: day, entry: entry, occurrence: occurrence))
        guard day < final, let next = day.adding(days: 1) else { break }
        day = next
      }
      return true
    }
    return Self.sorted(items)
  }

  /// The days from `first` through `last` that have at least one event, for marking a month page.
  func markedDays(from first: CivilDate, through last: CivilDate) throws -> Set<CivilDate> {
    let base = first.daysSince1970
    var marked = [Bool](repeating: false, count: last.daysSince1970 - base + 1)
    for text in try store.events.simpleDays(from: first.description, through: last.description) {
      if let day = try? CivilDate(parsing: text) { marked[day.daysSince1970 - base] = true }
    }
    var unmarked = marked.count { !$0 }
    // Series are expanded one by one, and only until every day of the window is marked.
    try forEachOtherOccurrence(from: first, through: last) { _, occurrence in
      let from = max(occurrence.firstDay.daysSince1970, base)
      let through = min(occurrence.lastDay.daysSince1970, last.daysSince1970)
      if from <= through {
        for index in from...through where !marked[index - base] {
          marked[index - base] = true
          unmarked -= 1
        }
      }
      return unmarked > 0
    }
    return Set(marked.indices.filter { marked[$0] }.compactMap { CivilDate(daysSince1970: base + $0) })
  }

  /// Series, spans and zoned events, expanded into the occurrences that touch the window, handed to `body`
  /// one by one as they are found (no list of them all is built); `body` returning false stops early.
  private func forEachOtherOccurrence(
    from first: CivilDate, through last: CivilDate, _ body: (Entry, Occurrence) -> Bool
  ) throws {
    let searchFirst = first.adding(days: -2) ?? first
    let searchLast = last.adding(days: 2) ?? last
    // Removed and edited occurrences of series whose occurrences reach the window from up to a year
    // before; a series whose single occurrence spans more than that looks its own up.
    let reach = 366
    let skipped = try store.events.skippedDays(
      from: (searchFirst.adding(days: -reach) ?? searchFirst).description, through: searchLast.description)
    let rules = RuleCache()
    try store.events.forEachOtherEvent(from: searchFirst.description, through: searchLast.description) { event in
      var skips = skipped[event.id]
      if event.spanDays > reach {
        skips = try store.events.skippedDays(from: "0001-01-01", through: searchLast.description)[event.id]
      }
      let schedule = try event.fields.schedule(rules: rules)
      let eventZone = try schedule.timeZone.map { name in try zone(name) }
      let occurrences = Occurrence.occurrences(
        of: schedule, from: first, through: last, eventZone: eventZone, localZone: context.localZone,
        lastOccurrence: event.fields.lastOccurrenceDay(of: schedule),
        skipped: skips.map { Set($0.compactMap { try? CivilDate(parsing: $0) }) } ?? [])
      guard !occurrences.isEmpty else { return true }
      let entry = Entry(event: event, schedule: schedule)
      for occurrence in occurrences where !body(entry, occurrence) { return false }
      return true
    }
  }

  private func zone(_ name: String) throws -> ZoneInfo {
    do {
      return try context.loadZone(name)
    } catch {
      throw CalError("an event uses the time zone '\(name)', which this system does not know")
    }
  }

  /// By day, then all-day events first, then by start, then by id and occurrence. Sorts small keys and
  /// moves each item once: sorting the items themselves copied them over and over.
  static func sorted(_ items: [Item]) -> [Item] {
    let keys = items.map { item in
      (
        item.day.daysSince1970, item.occurrence.startInstant ?? Int64.min, item.event.id,
        item.occurrence.occurrenceDay.daysSince1970
      )
    }
    return keys.indices.sorted { keys[$0] < keys[$1] }.map { items[$0] }
  }
}

import CalCore
import CalStorage

/// The events of a window of days on the user's clock: one-day events straight from the index, series
/// expanded lazily, spans and zoned events placed on the days they cover, edited and removed occurrences
/// of a series taken into account.
struct Agenda {
  let store: CalendarStore
  let environment: ServiceEnvironment
  /// Only this calendar's events, when set.
  var calendar: Int64?
  /// The calendars by id, which the items name; empty when only days are wanted.
  var calendars: [Int64: CalendarRecord] = [:]

  /// Every event covering a day from `first` through `last`, one item per day it covers, by day, then all-day
  /// events first, then by start time, then by id. Only events `matching` says yes to are expanded.
  func items(
    from first: CivilDate, through last: CivilDate, matching: (EventRecord) -> Bool = { _ in true }
  ) throws -> [AgendaItem] {
    var items: [AgendaItem] = []
    for event in try store.events.simpleEvents(from: first, through: last, calendar: calendar) where matching(event) {
      guard
        let occurrence = Occurrence.occurrence(
          of: event.schedule, on: event.schedule.startDay, eventZone: nil, localZone: environment.localZone)
      else { continue }
      items.append(AgendaItem(day: occurrence.firstDay, entry: entry(event), occurrence: occurrence))
    }
    try forEachOtherOccurrence(from: first, through: last, matching: matching) { entry, occurrence in
      var day = max(occurrence.firstDay, first)
      let final = min(occurrence.lastDay, last)
      while day <= final {
        items.append(AgendaItem(day: day, entry: entry, occurrence: occurrence))
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
    for day in try store.events.simpleDays(from: first, through: last, calendar: calendar) {
      marked[day.daysSince1970 - base] = true
    }
    var unmarked = marked.count { !$0 }
    // Series are expanded one by one, and only until every day of the window is marked.
    try forEachOtherOccurrence(from: first, through: last, withReminders: false) { _, occurrence in
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

  /// For each day from `first` through `last` that has events, the calendar they all belong to, or `nil`
  /// when they belong to several: what colours a marked day.
  func markedDayCalendars(from first: CivilDate, through last: CivilDate) throws -> [CivilDate: Int64?] {
    var owners: [CivilDate: Int64?] = [:]
    func mark(_ day: CivilDate, _ calendar: Int64) {
      if let owner = owners[day] {
        if owner != calendar { owners[day] = .some(nil) }
      } else {
        owners[day] = calendar
      }
    }
    for (day, calendar) in try store.events.simpleDayCalendars(from: first, through: last) { mark(day, calendar) }
    try forEachOtherOccurrence(from: first, through: last) { entry, occurrence in
      var day = max(occurrence.firstDay, first)
      let final = min(occurrence.lastDay, last)
      while day <= final {
        mark(day, entry.event.calendarID)
        guard day < final, let next = day.adding(days: 1) else { break }
        day = next
      }
      return true
    }
    return owners
  }

  /// The entry of an item of `event`, naming its calendar.
  func entry(_ event: EventRecord) -> AgendaItem.Entry {
    AgendaItem.Entry(event: event, calendar: calendars[event.calendarID])
  }

  /// The occurrence of `event` that starts on `day` (its first one when `day` is `nil`), as an item.
  func item(_ event: EventRecord, on day: CivilDate? = nil) throws -> AgendaItem? {
    let schedule = event.schedule
    let eventZone = try schedule.timeZone.map { name in try zone(name) }
    guard
      let occurrence = Occurrence.occurrence(
        of: schedule, on: day ?? schedule.startDay, eventZone: eventZone, localZone: environment.localZone)
    else { return nil }
    return AgendaItem(day: occurrence.firstDay, entry: entry(event), occurrence: occurrence)
  }

  /// Series, spans and zoned events, expanded into the occurrences that touch the window, handed to `body`
  /// one by one as they are found (no list of them all is built); `body` returning false stops early. Without
  /// `withReminders`, the events come without their reminders (marking days needs none).
  private func forEachOtherOccurrence(
    from first: CivilDate, through last: CivilDate, withReminders: Bool = true,
    matching: (EventRecord) -> Bool = { _ in true }, _ body: (AgendaItem.Entry, Occurrence) -> Bool
  ) throws {
    let searchFirst = first.adding(days: -2) ?? first
    let searchLast = last.adding(days: 2) ?? last
    // Removed and edited occurrences of series whose occurrences reach the window from up to a year
    // before; a series whose single occurrence spans more than that looks its own up.
    let reach = 366
    let skipped = try store.events.skippedDays(
      from: searchFirst.adding(days: -reach) ?? searchFirst, through: searchLast)
    try store.events.forEachOtherEvent(
      from: searchFirst, through: searchLast, calendar: calendar, withReminders: withReminders
    ) { event in
      guard matching(event) else { return true }
      let schedule = event.schedule
      var skips = skipped[event.id]
      if schedule.spanDays > reach {
        skips = try store.events.skippedDays(from: CivilDate(daysSince1970: -719_162)!, through: searchLast)[event.id]
      }
      let eventZone = try schedule.timeZone.map { name in try zone(name) }
      let occurrences = Occurrence.occurrences(
        of: schedule, from: first, through: last, eventZone: eventZone, localZone: environment.localZone,
        lastOccurrence: event.lastOccurrenceDay, skipped: skips ?? [])
      guard !occurrences.isEmpty else { return true }
      let entry = self.entry(event)
      for occurrence in occurrences where !body(entry, occurrence) { return false }
      return true
    }
  }

  /// The zone `name` of an event, from the system's database.
  func zone(_ name: String) throws -> ZoneInfo {
    do {
      return try environment.zones.zone(name)
    } catch {
      throw ServiceError(.storage, "an event uses the time zone '\(name)', which this system does not know")
    }
  }

  /// By day, then all-day events first, then by start, then by id and occurrence. Sorts small keys and
  /// moves each item once: sorting the items themselves copied them over and over. The days are put in
  /// order by counting (a window holds a few dozen days), and only each day's items are compared.
  static func sorted(_ items: [AgendaItem]) -> [AgendaItem] {
    guard items.count > 1 else { return items }
    // The id read through the entry: the item's `event` would copy the whole record for it.
    // Read in place (by index): each copy of an item retains and releases its entry.
    var keys: [(Int64, Int64, Int)] = []
    keys.reserveCapacity(items.count)
    var low = Int.max
    var high = Int.min
    for index in items.indices {
      let day = items[index].day.daysSince1970
      low = min(low, day)
      high = max(high, day)
      keys.append(
        (
          items[index].occurrence.startInstant ?? Int64.min, items[index].entry.event.id,
          items[index].occurrence.occurrenceDay.daysSince1970
        ))
    }
    // Where each day's items begin in the order; a window of centuries with few events is sorted whole.
    let dayCount = high - low + 1
    guard dayCount <= 4 * items.count + 64 else {
      return items.indices.sorted { left, right in
        let (leftDay, rightDay) = (items[left].day, items[right].day)
        return leftDay != rightDay ? leftDay < rightDay : keys[left] < keys[right]
      }.map { items[$0] }
    }
    var starts = [Int](repeating: 0, count: dayCount + 1)
    for index in items.indices { starts[items[index].day.daysSince1970 - low + 1] += 1 }
    for day in 0..<dayCount { starts[day + 1] += starts[day] }
    var order = [Int](repeating: 0, count: items.count)
    var next = starts
    for index in items.indices {
      let day = items[index].day.daysSince1970 - low
      order[next[day]] = index
      next[day] += 1
    }
    for day in 0..<dayCount where starts[day + 1] - starts[day] > 1 {
      order[starts[day]..<starts[day + 1]].sort { keys[$0] < keys[$1] }
    }
    return order.map { items[$0] }
  }
}

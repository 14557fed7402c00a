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
    from first: CivilDate, through last: CivilDate, matching: ((EventRecord) -> Bool)? = nil
  ) throws -> AgendaItems {
    // No limit: never nil.
    try items(from: first, through: last, matching: matching, atMost: .max)!
  }

  /// The same items, or `nil` as soon as there would be more than `limit` of them: what a long listing reads
  /// a chunk of days with, so that a chunk grown long over empty years does not hold millions of items when
  /// thousands of events covering many days each begin in it.
  func items(
    from first: CivilDate, through last: CivilDate, matching: ((EventRecord) -> Bool)? = nil, atMost limit: Int
  ) throws -> AgendaItems? {
    var items: [AgendaItem] = []
    for event in try store.events.simpleEvents(from: first, through: last, calendar: calendar)
    where matching?(event) ?? true {
      guard
        let occurrence = Occurrence.occurrence(
          of: event.schedule, on: event.schedule.startDay, eventZone: nil, localZone: environment.localZone)
      else { continue }
      guard items.count < limit else { return nil }
      items.append(AgendaItem(day: occurrence.firstDay, entry: entry(event), occurrence: occurrence))
    }
    var overflowed = false
    try forEachOtherOccurrence(from: first, through: last, matching: matching) { entry, occurrence in
      guard let entry else { return true }
      var day = max(occurrence.firstDay, first)
      let final = min(occurrence.lastDay, last)
      while day <= final {
        guard items.count < limit else {
          overflowed = true
          return false
        }
        items.append(AgendaItem(day: day, entry: entry, occurrence: occurrence))
        guard day < final, let next = day.adding(days: 1) else { break }
        day = next
      }
      return true
    }
    return overflowed ? nil : AgendaItems(ordering: items)
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
    try forEachOtherOccurrence(from: first, through: last, withReminders: false, withEntries: false) { _, occurrence in
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
      guard let entry else { return true }
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

  /// The entry of an item of `event`, naming its calendar. Consuming: a record just read moves into its
  /// entry instead of being copied (a copy of a record is hundreds of instructions, a listing makes hundreds).
  func entry(_ event: consuming EventRecord) -> AgendaItem.Entry {
    let calendar = calendars[event.calendarID]
    return AgendaItem.Entry(event: event, calendar: calendar)
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
  /// `withReminders`, the events come without their reminders (marking days needs none); without
  /// `withEntries`, without their entries either (`body` is handed `nil`), and no record is read.
  private func forEachOtherOccurrence(
    from first: CivilDate, through last: CivilDate, withReminders: Bool = true, withEntries: Bool = true,
    matching: ((EventRecord) -> Bool)? = nil, _ body: (AgendaItem.Entry?, Occurrence) -> Bool
  ) throws {
    // At the calendar's ends the margin is what is left of it, not nothing.
    let searchFirst = first.adding(days: -Occurrence.zoneShiftDays) ?? .first
    let searchLast = last.adding(days: Occurrence.zoneShiftDays) ?? .last
    // Removed and edited occurrences of series whose occurrences reach the window from up to a year
    // before; a series whose single occurrence spans more than that looks its own up.
    let reach = 366
    let skipped = try store.events.skippedDays(
      from: searchFirst.adding(days: -reach) ?? .first, through: searchLast)
    // The occurrence days of each series in turn, in one buffer.
    var days: [CivilDate] = []
    days.reserveCapacity(64)
    try store.events.forEachOtherRow(
      from: searchFirst, through: searchLast, calendar: calendar, withReminders: withReminders
    ) { row in
      // The record is read at the first occurrence (many series have none in a short window), unless a
      // filter needs it first.
      let schedule = try row.schedule()
      var event: EventRecord?
      if let matching {
        let read = try row.record(with: schedule)
        guard matching(read) else { return true }
        event = read
      }
      let id = try row.id()
      var skips = skipped[id]
      if schedule.spanDays > reach {
        skips = try store.events.skippedDays(from: CivilDate(daysSince1970: -719_162)!, through: searchLast)[id]
      }
      let eventZone = try schedule.timeZone.map { name in try zone(name) }
      var entry: AgendaItem.Entry?
      var goesOn = true
      try Occurrence.forEach(
        of: schedule, from: first, through: last, eventZone: eventZone, localZone: environment.localZone,
        lastOccurrence: row.lastOccurrenceDay(of: schedule), skipped: skips ?? [], days: &days
      ) { occurrence in
        if withEntries && entry == nil {
          entry = self.entry(try event ?? row.record(with: schedule))
        }
        goesOn = body(entry, occurrence)
        return goesOn
      }
      return goesOn
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
}

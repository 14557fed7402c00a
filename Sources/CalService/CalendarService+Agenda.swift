public import CalCore
import CalStorage

/// The agenda: events expanded into the days they cover.
extension CalendarService {
  /// Windows longer than this are expanded a chunk of days at a time, so that memory does not grow with the
  /// window.
  static let agendaChunkDays = 62
  /// A chunk is sized to hold about 32 times this many items (about 7 MB; it is read again shorter past 64
  /// times): a busy stretch is read in shorter chunks, an empty one in longer ones (up to ten years), so that
  /// centuries with few events take few queries.
  static let agendaChunkItems = 4_096

  /// Every event covering a day from `first` through `last` (of calendar `calendar` alone, when given), one
  /// item per day it covers: by day, then all-day events first, then by start time, then by id. For windows
  /// of a few months; long ones go through `forEachAgendaItem`.
  public func agenda(from first: CivilDate, through last: CivilDate, calendar: String? = nil) throws -> [AgendaItem] {
    try perform { Array(try makeAgenda(for: calendar).items(from: first, through: last)) }
  }

  /// The same items handed to `body` in order (or in reverse order, newest first), a chunk of days at a
  /// time, so that a listing of centuries holds one chunk in memory; `body` returning false stops.
  public func forEachAgendaItem(
    from first: CivilDate, through last: CivilDate, calendar: String? = nil, newestFirst: Bool = false,
    matching: ((EventRecord) -> Bool)? = nil, _ body: (AgendaItem) throws -> Bool
  ) throws {
    let agenda = try perform { try makeAgenda(for: calendar) }
    // A listing reads each page of its rows once: a small page cache spares a page fault a page. What
    // `body` throws passes through untranslated.
    try perform {
      try store.withSmallPageCache {
        try forEachAgendaItem(
          of: agenda, from: first, through: last, newestFirst: newestFirst, matching: matching, body)
      }
    }
  }

  /// The items of `agenda`, as ``forEachAgendaItem(from:through:calendar:newestFirst:matching:_:)`` hands them.
  private func forEachAgendaItem(
    of agenda: Agenda, from first: CivilDate, through last: CivilDate, newestFirst: Bool,
    matching: ((EventRecord) -> Bool)?, _ body: (AgendaItem) throws -> Bool
  ) throws {
    guard last.daysSince1970 - first.daysSince1970 >= Self.agendaChunkDays else {
      let items = try agenda.items(from: first, through: last, matching: matching)
      _ = try items.handOut(newestFirst: newestFirst, to: body)
      return
    }
    // From the near end of the window, chunk after chunk, each as long as the last one's yield allows.
    var days = 31
    var done = newestFirst ? last : first
    while newestFirst ? done >= first : done <= last {
      let far = done.adding(days: newestFirst ? -(days - 1) : days - 1) ?? (newestFirst ? first : last)
      let (chunkFirst, chunkLast) = newestFirst ? (max(far, first), done) : (done, min(far, last))
      // A chunk of several days that would hold far more items than a chunk should (thousands of long events
      // beginning in one grown over empty years) is read again an eighth as long; one day is read whole.
      let length = chunkLast.daysSince1970 - chunkFirst.daysSince1970 + 1
      guard
        let items = try agenda.items(
          from: chunkFirst, through: chunkLast, matching: matching,
          atMost: length > 1 ? Self.agendaChunkItems * 64 : .max)
      else {
        days = max(length / 8, 1)
        continue
      }
      guard try items.handOut(newestFirst: newestFirst, to: body) else { return }
      // The next chunk as long as yields about 32 times agendaChunkItems at this one's density (each
      // chunk reads again every long event that covers it, so a dense stretch is read in chunks of tens of
      // thousands of items, not of a day each), at most twice as long as this one, so that a chunk grown over
      // an empty stretch does not leap far into a dense one.
      let target = Self.agendaChunkItems * 32
      days = max(1, min(3_660, days * 2, items.count == 0 ? .max : length * target / items.count))
      guard let next = (newestFirst ? chunkFirst.adding(days: -1) : chunkLast.adding(days: 1)) else { return }
      done = next
    }
  }

  /// The days from `first` through `last` that have at least one event (of calendar `calendar`, when
  /// given), for marking month pages.
  public func markedDays(from first: CivilDate, through last: CivilDate, calendar: String? = nil) throws
    -> Set<CivilDate>
  {
    try perform {
      let filter = try calendarFilter(calendar)
      return try Agenda(store: store, environment: environment, calendar: filter).markedDays(from: first, through: last)
    }
  }

  /// The colour of each day from `first` through `last` that has events: its calendar's, when they all
  /// belong to one that has a colour. Days with events of several calendars, or of one without a colour,
  /// are left out.
  public func markedDayColors(from first: CivilDate, through last: CivilDate) throws -> [CivilDate: CalendarColor] {
    try perform {
      let colors = try store.calendars.all().reduce(into: [Int64: CalendarColor]()) { $0[$1.id] = $1.color }
      guard !colors.isEmpty else { return [:] }
      let owners = try Agenda(store: store, environment: environment).markedDayCalendars(from: first, through: last)
      return owners.reduce(into: [CivilDate: CalendarColor]()) { result, entry in
        if let owner = entry.value, let color = colors[owner] { result[entry.key] = color }
      }
    }
  }

  /// The event with `id`.
  ///
  /// - Throws: `ServiceError.notFound` when there is none.
  public func event(id: Int64) throws -> EventRecord {
    guard let event = try perform({ try store.events.event(id: id) }) else {
      throw ServiceError(.notFound, "there is no event #\(id)")
    }
    return event
  }

  /// The edited occurrence of series `id` on `day`, kept as an event of its own; `nil` when that occurrence
  /// is as the series makes it.
  public func editedOccurrence(of id: Int64, on day: CivilDate) throws -> EventRecord? {
    try perform { try store.events.override(of: id, on: day) }
  }

  /// The occurrence of `event` on `day` (its first one without a day) as an agenda item: what a front end
  /// shows after adding, changing or removing it. `nil` when it falls outside the years 1 to 9999.
  public func item(for event: EventRecord, on day: CivilDate? = nil) throws -> AgendaItem? {
    try perform { try makeAgenda(for: nil).item(event, on: day) }
  }

  /// Events whose title, note or location contain `text` (in calendar `calendar` alone, when given),
  /// ignoring case in every script, newest first: with a window, each matching occurrence in it; without,
  /// each matching event once, on its first day.
  public func search(
    _ text: String, from first: CivilDate? = nil, through last: CivilDate? = nil, calendar: String? = nil,
    _ body: (AgendaItem) throws -> Bool
  ) throws {
    let search = TextSearch(text)
    if let first, let last {
      let matches = { (event: EventRecord) in
        [event.title, event.note ?? "", event.location ?? ""].contains { search.matches($0) }
      }
      // Only matching events are expanded: a long window costs what the matches cost.
      try forEachAgendaItem(
        from: first, through: last, calendar: calendar, newestFirst: true, matching: matches, body)
      return
    }
    let agenda = try perform { try makeAgenda(for: calendar) }
    try perform {
      try store.events.forEachEvent(newestFirst: true, calendar: agenda.calendar, matching: search) { event in
        guard let item = try agenda.item(event) else { return true }
        return try body(item)
      }
    }
  }

  /// An agenda of calendar `name` (of every calendar when `nil`) whose items name their calendars.
  func makeAgenda(for name: String?) throws -> Agenda {
    let filter = try name.map { try findCalendar($0).id }
    let calendars = try store.calendars.all()
    return Agenda(
      store: store, environment: environment, calendar: filter,
      calendars: Dictionary(uniqueKeysWithValues: calendars.map { ($0.id, $0) }))
  }

}

public import CalCore
import CalStorage

/// The agenda: events expanded into the days they cover.
extension CalendarService {
  /// Windows longer than this are expanded a chunk of days at a time, so that memory does not grow with the
  /// window.
  static let agendaChunkDays = 62
  /// A chunk holds about this many items at most: a busy stretch is read in shorter chunks, an empty one in
  /// longer ones (up to ten years), so that centuries with few events take few queries.
  static let agendaChunkItems = 4_096

  /// Every event covering a day from `first` through `last`, one item per day it covers: by day, then
  /// all-day events first, then by start time, then by id. For windows of a few months; long ones go
  /// through `forEachAgendaItem`.
  public func agenda(from first: CivilDate, through last: CivilDate) throws -> [AgendaItem] {
    try perform { try Agenda(store: store, environment: environment).items(from: first, through: last) }
  }

  /// The same items handed to `body` in order (or in reverse order, newest first), a chunk of days at a
  /// time, so that a listing of centuries holds one chunk in memory; `body` returning false stops.
  public func forEachAgendaItem(
    from first: CivilDate, through last: CivilDate, newestFirst: Bool = false,
    matching: (EventRecord) -> Bool = { _ in true }, _ body: (AgendaItem) throws -> Bool
  ) throws {
    let agenda = Agenda(store: store, environment: environment)
    guard last.daysSince1970 - first.daysSince1970 >= Self.agendaChunkDays else {
      let items = try perform { try agenda.items(from: first, through: last, matching: matching) }
      for item in newestFirst ? items.reversed() : items where try !body(item) { return }
      return
    }
    // From the near end of the window, chunk after chunk, each as long as the last one's yield allows.
    var days = 31
    var done = newestFirst ? last : first
    while newestFirst ? done >= first : done <= last {
      let far = done.adding(days: newestFirst ? -(days - 1) : days - 1) ?? (newestFirst ? first : last)
      let (chunkFirst, chunkLast) = newestFirst ? (max(far, first), done) : (done, min(far, last))
      let items = try perform { try agenda.items(from: chunkFirst, through: chunkLast, matching: matching) }
      for item in newestFirst ? items.reversed() : items where try !body(item) { return }
      if items.count < Self.agendaChunkItems / 4 {
        days = min(days * 2, 3_660)
      } else if items.count > Self.agendaChunkItems {
        days = max(days / 2, 1)
      }
      guard let next = (newestFirst ? chunkFirst.adding(days: -1) : chunkLast.adding(days: 1)) else { return }
      done = next
    }
  }

  /// The days from `first` through `last` that have at least one event, for marking month pages.
  public func markedDays(from first: CivilDate, through last: CivilDate) throws -> Set<CivilDate> {
    try perform { try Agenda(store: store, environment: environment).markedDays(from: first, through: last) }
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

  /// The occurrence of `event` on `day` (its first one without a day) as an agenda item: what a front end
  /// shows after adding, changing or removing it. `nil` when it falls outside the years 1 to 9999.
  public func item(for event: EventRecord, on day: CivilDate? = nil) throws -> AgendaItem? {
    try perform { try Agenda(store: store, environment: environment).item(event, on: day) }
  }

  /// Events whose title, note or location contain `text`, ignoring case in every script, newest first:
  /// with a window, each matching occurrence in it; without, each matching event once, on its first day.
  public func search(
    _ text: String, from first: CivilDate? = nil, through last: CivilDate? = nil, _ body: (AgendaItem) throws -> Bool
  ) throws {
    let needle = Self.folded(text)
    let matches = { (event: EventRecord) in
      [event.title, event.note ?? "", event.location ?? ""].contains { Self.folded($0).contains(needle) }
    }
    if let first, let last {
      // Only matching events are expanded: a long window costs what the matches cost.
      try forEachAgendaItem(from: first, through: last, newestFirst: true, matching: matches, body)
      return
    }
    let agenda = Agenda(store: store, environment: environment)
    try perform {
      try store.events.forEachEvent(newestFirst: true) { event in
        guard matches(event), let item = try agenda.item(event) else { return true }
        return try body(item)
      }
    }
  }

  /// Text compared without regard to case, in every script.
  static func folded(_ text: String) -> String { text.lowercased() }
}

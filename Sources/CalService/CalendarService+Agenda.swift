public import CalCore
import CalStorage

/// The agenda: events expanded into the days they cover.
extension CalendarService {
  /// Windows longer than this are expanded a month at a time, so that memory does not grow with the window.
  static let agendaChunkDays = 62

  /// Every event covering a day from `first` through `last`, one item per day it covers: by day, then
  /// all-day events first, then by start time, then by id. For windows of a few months; long ones go
  /// through `forEachAgendaItem`.
  public func agenda(from first: CivilDate, through last: CivilDate) throws -> [AgendaItem] {
    try perform { try Agenda(store: store, environment: environment).items(from: first, through: last) }
  }

  /// The same items handed to `body` in order (or in reverse order, newest first), a chunk of days at a
  /// time, so that a listing of centuries holds one chunk in memory; `body` returning false stops.
  public func forEachAgendaItem(
    from first: CivilDate, through last: CivilDate, newestFirst: Bool = false, _ body: (AgendaItem) throws -> Bool
  ) throws {
    let agenda = Agenda(store: store, environment: environment)
    var chunks: [(CivilDate, CivilDate)] = []
    if last.daysSince1970 - first.daysSince1970 < Self.agendaChunkDays {
      chunks = [(first, last)]
    } else {
      var start = first
      while start <= last {
        let end = min(start.adding(days: 30) ?? last, last)
        chunks.append((start, end))
        guard end < last, let next = end.adding(days: 1) else { break }
        start = next
      }
    }
    if newestFirst { chunks.reverse() }
    for (chunkFirst, chunkLast) in chunks {
      let items = try perform { try agenda.items(from: chunkFirst, through: chunkLast) }
      if newestFirst {
        for item in items.reversed() where try !body(item) { return }
      } else {
        for item in items where try !body(item) { return }
      }
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
      try forEachAgendaItem(from: first, through: last, newestFirst: true) { item in
        try !matches(item.event) || body(item)
      }
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

public import CalCore
import CalStorage

/// Several calendars in one file: adding, listing, renaming, recolouring and removing them, and finding the
/// one a command names.
extension CalendarService {
  /// The longest calendar name accepted.
  static let maximumNameLength = 100

  /// Every calendar with its number of events, in the order they were added.
  public func calendars() throws -> [CalendarSummary] {
    try perform {
      try store.read {
        let counts = try store.events.countsByCalendar()
        let todos = try store.todos.countsByCalendar()
        return try store.calendars.all().map {
          CalendarSummary(calendar: $0, eventCount: counts[$0.id] ?? 0, todoCount: todos[$0.id] ?? 0)
        }
      }
    }
  }

  /// The calendars' names, in the order they were added: what `calendars()` gives without counting events.
  public func calendarNames() throws -> [String] {
    try perform { try store.read { try store.calendars.all().map(\.name) } }
  }

  /// The calendar called `name` (ASCII case aside).
  ///
  /// - Throws: `ServiceError.notFound` naming the calendars there are.
  public func calendar(named name: String) throws -> CalendarRecord {
    try perform { try findCalendar(name) }
  }

  /// Adds a calendar: local, or (with a URL) a CalDAV collection or a subscription to a feed. The record's id
  /// is ignored.
  ///
  /// - Throws: `ServiceError.invalidRequest` for a name that is empty, too long, has control characters or
  ///   is taken.
  public func addCalendar(_ calendar: CalendarRecord) throws -> CalendarRecord {
    try Self.checkName(calendar.name)
    return try write(recording: "calendar") { (try insertCalendar(calendar), "added calendar \(calendar.name)") }
  }

  /// Inserts `calendar`, inside a write transaction, unless its name is taken.
  func insertCalendar(_ calendar: CalendarRecord) throws -> CalendarRecord {
    if let existing = try store.calendars.calendar(named: calendar.name) {
      throw ServiceError(.invalidRequest, "there is already a calendar named '\(existing.name)'")
    }
    return try store.calendars.insert(calendar)
  }

  /// Renames and recolours calendar `name`; a `nil` leaves that as it is, and `.some(nil)` for the colour
  /// removes it.
  public func editCalendar(named name: String, rename: String? = nil, color: CalendarColor?? = nil) throws
    -> CalendarRecord
  {
    if let rename { try Self.checkName(rename) }
    return try write(recording: "calendar") {
      var calendar = try findCalendar(name)
      let before = calendar.name
      if let rename {
        if let other = try store.calendars.calendar(named: rename), other.id != calendar.id {
          throw ServiceError(.invalidRequest, "there is already a calendar named '\(other.name)'")
        }
        calendar.name = rename
      }
      if let color { calendar.color = color }
      let summary =
        before == calendar.name ? "changed calendar \(before)" : "renamed calendar \(before) to \(calendar.name)"
      return (try store.calendars.update(calendar) ?? calendar, summary)
    }
  }

  /// Removes calendar `name`, which must hold no events or to-dos unless `force` (then they go with it), and
  /// its sync state. Returns it and how many events and to-dos went with it. Nothing on a server is touched.
  public func removeCalendar(named name: String, force: Bool) throws -> (
    CalendarRecord, removedEvents: Int, removedTodos: Int
  ) {
    try write(recording: "calendar") {
      let calendar = try findCalendar(name)
      let count = try store.events.countsByCalendar()[calendar.id] ?? 0
      let todoCount = try store.todos.countsByCalendar()[calendar.id] ?? 0
      if (count > 0 || todoCount > 0) && !force {
        let held = [
          count == 0 ? nil : "\(count) event\(count == 1 ? "" : "s")",
          todoCount == 0 ? nil : "\(todoCount) to-do\(todoCount == 1 ? "" : "s")",
        ].compactMap { $0 }.concatenated(separator: " and ")
        throw ServiceError(
          .invalidRequest,
          "the calendar '\(calendar.name)' holds \(held): remove them first, or give --force to remove them with it")
      }
      let removed = try store.events.deleteAll(calendar: calendar.id)
      let removedTodos = try store.todos.deleteAll(calendar: calendar.id)
      try store.changes.endPart()
      try store.calendars.delete(id: calendar.id)
      let events =
        (removed == 0 ? "" : " and its \(removed) event\(removed == 1 ? "" : "s")")
        + (removedTodos == 0 ? "" : " and its \(removedTodos) to-do\(removedTodos == 1 ? "" : "s")")
      return ((calendar, removed, removedTodos), "removed calendar \(calendar.name)\(events)")
    }
  }

  /// The calendar `name` inside a transaction.
  func findCalendar(_ name: String) throws -> CalendarRecord {
    if let calendar = try store.calendars.calendar(named: name) { return calendar }
    let names = try store.calendars.all().map(\.name)
    throw ServiceError(
      .notFound,
      "there is no calendar named '\(name)'"
        + (names.isEmpty ? "" : " (calendars: \(names.concatenated(separator: ", ")))"))
  }

  /// The id of calendar `name`, or `nil` for every calendar.
  func calendarFilter(_ name: String?) throws -> Int64? {
    guard let name else { return nil }
    return try perform { try findCalendar(name).id }
  }

  /// Refuses calendar `name` (without one, the calendar new events go to) when no event can be added there:
  /// what a front end asks before it has the user write an event.
  public func checkTarget(_ name: String?) throws {
    _ = try perform { try targetCalendar(name) }
  }

  /// The calendar new events go to: `name`, or the first calendar they may be added to.
  ///
  /// - Throws: `ServiceError.invalidRequest` for a subscription, which is read-only.
  func targetCalendar(_ name: String?) throws -> CalendarRecord {
    if let name {
      let calendar = try findCalendar(name)
      try Self.checkWritable(calendar)
      return calendar
    }
    guard let calendar = try store.calendars.all().first(where: \.isWritable) else {
      throw ServiceError(
        .invalidRequest, "there is no calendar to add events to: add one with cal calendar add NAME")
    }
    return calendar
  }

  /// Refuses to change events of a subscription.
  static func checkWritable(_ calendar: CalendarRecord) throws(ServiceError) {
    guard !calendar.isWritable else { return }
    throw ServiceError(
      .invalidRequest,
      "the calendar '\(calendar.name)' is a subscription to \(calendar.url ?? "a feed"), which is read-only: "
        + "its events change only with the feed (cal sync \(calendar.name))")
  }

  /// Refuses to change event `event` when its calendar is a subscription.
  func checkWritable(_ event: EventRecord) throws {
    if let calendar = try store.calendars.calendar(id: event.calendarID) { try Self.checkWritable(calendar) }
  }

  /// Checks a calendar name: not empty, not too long, no control characters.
  static func checkName(_ name: String) throws(ServiceError) {
    if name.allSatisfy(\.isWhitespace) {
      throw ServiceError(.invalidRequest, "the calendar's name is empty: give it a name")
    }
    if name.count > maximumNameLength {
      throw ServiceError(.invalidRequest, "a calendar's name has at most \(maximumNameLength) characters")
    }
    if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || (0x80..<0xA0).contains($0.value) })
    {
      throw ServiceError(.invalidRequest, "a calendar's name cannot hold control characters")
    }
  }
}

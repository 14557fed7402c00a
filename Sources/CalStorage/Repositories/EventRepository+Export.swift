public import CalCore

/// What an export reads: the events one at a time, not all at once.
extension EventRepository {
  /// Every event that is not an edited occurrence or an extra date, in the order they were added, handed to
  /// `body` as it is read; with a window, only those that may cover a day from `first` through `last` (a
  /// day of margin either side, for events in other zones); `body` returning false stops the reading.
  public func forEachTopLevel(
    from first: CivilDate? = nil, through last: CivilDate? = nil, calendar: Int64? = nil,
    _ body: (EventRecord) throws -> Bool
  ) throws {
    let window = Self.window(from: first, through: last, calendar: calendar)
    // The reminders' subquery costs an index lookup for each row: not made when nobody has a reminder.
    let hasReminders = try database.fetchOne("SELECT EXISTS (SELECT 1 FROM reminders)") { try $0[0] as Bool } ?? true
    let columns = hasReminders ? Self.columns : Self.columnsWithoutReminders
    try database.forEach(
      "SELECT \(columns) FROM events WHERE parent_id IS NULL\(window.condition) ORDER BY id", window.values
    ) { try body(record($0)) }
  }

  /// The edited occurrences and extra dates of series `id`, in the order they were added.
  public func children(of id: Int64) throws -> [EventRecord] {
    try database.fetch("SELECT \(Self.columns) FROM events WHERE parent_id = ? ORDER BY id", [id], record)
  }

  /// For each zone that timed events name (`nil`: the user's own clock), the first day and the last day
  /// (`nil`: without end) their occurrences cover, in that zone; with a window, of the events that may cover
  /// a day of it; with a calendar, of that calendar's. A zone a RECURRENCE-ID names (see ``SeriesLink``)
  /// comes as a span of its day, once for each.
  public func zoneSpans(from first: CivilDate? = nil, through last: CivilDate? = nil, calendar: Int64? = nil) throws
    -> [(zone: String?, first: CivilDate, last: CivilDate?)]
  {
    let window = Self.window(from: first, through: last, calendar: calendar)
    // Gathered here rather than by GROUP BY, for which SQLite sorts every timed row: the zones are few, and
    // a row is compared with them where its text lies. `YYYY-MM-DD` texts sort as the days do.
    var groups: [(zone: String?, first: [UInt8], last: [UInt8], open: Bool)] = []
    var current = 0
    try database.forEach(
      "SELECT time_zone, day, last_day FROM events WHERE start_minute IS NOT NULL\(window.condition)", window.values
    ) { row in
      if groups.isEmpty || !row.holds(groups[current].zone, at: 0) {
        if let index = groups.firstIndex(where: { row.holds($0.zone, at: 0) }) {
          current = index
        } else {
          groups.append((try row[0], [], [], false))
          current = groups.count - 1
        }
      }
      guard let day = row.textBytes(at: 1) else { throw Self.unreadableDay(in: "day") }
      if groups[current].first.isEmpty || day.lexicographicallyPrecedes(groups[current].first) {
        groups[current].first = Array(day)
      }
      if let last = row.textBytes(at: 2) {
        if groups[current].last.lexicographicallyPrecedes(last) { groups[current].last = Array(last) }
      } else if row.isNull(at: 2) {
        groups[current].open = true
      } else {
        throw Self.unreadableDay(in: "last_day")
      }
      return true
    }
    var spans: [(zone: String?, first: CivilDate, last: CivilDate?)] = try groups.map { group in
      guard let first = Self.day(group.first) else { throw Self.unreadableDay(in: "day") }
      guard !group.open else { return (group.zone, first, nil) }
      guard let last = Self.day(group.last) else { throw Self.unreadableDay(in: "last_day") }
      return (group.zone, first, last)
    }
    try database.forEach(
      """
      SELECT recurrence_id FROM events INDEXED BY events_series_links
      WHERE recurrence_id IS NOT NULL AND recurrence_id LIKE 'TZID=%'\(window.condition)
      """, window.values
    ) { row in
      let recurrenceID: RecurrenceID = try row[0]
      spans.append((recurrenceID.timeZone, recurrenceID.day, recurrenceID.day))
      return true
    }
    return spans
  }

  /// The day a `YYYY-MM-DD` text names, read as a column of it is.
  private static func day(_ text: [UInt8]) -> CivilDate? {
    text.withUnsafeBufferPointer(CivilDate.init(isoBytes:))
      ?? CivilDate.fromDatabaseValue(.text(String(decoding: text, as: UTF8.self)))
  }

  private static func unreadableDay(in columns: String) -> DatabaseError {
    DatabaseError(
      resultCode: .mismatch, message: "the columns \(columns) hold a value that cannot be read as a day",
      sql: "SELECT \(columns) FROM events WHERE start_minute IS NOT NULL")
  }

  /// The condition (and its values) for rows that may cover a day from `first` through `last`, of calendar
  /// `calendar` when one is given.
  private static func window(from first: CivilDate?, through last: CivilDate?, calendar: Int64?) -> (
    condition: String, values: [any DatabaseValueConvertible]
  ) {
    var condition = ""
    var values: [any DatabaseValueConvertible] = []
    // A listing's margin each way: a time on another zone's clock may fall days before or after its own.
    if let last {
      condition += " AND day <= ?"
      values.append(last.adding(days: Occurrence.zoneShiftDays) ?? .last)
    }
    if let first {
      condition += " AND (last_day IS NULL OR last_day >= ?)"
      values.append(first.adding(days: -Occurrence.zoneShiftDays) ?? .first)
    }
    if let calendar {
      condition += " AND calendar_id = ?"
      values.append(calendar)
    }
    return (condition, values)
  }
}

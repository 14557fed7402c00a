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
    try database.forEach(
      "SELECT \(Self.columns) FROM events WHERE parent_id IS NULL\(window.condition) ORDER BY id", window.values
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
    var spans: [(zone: String?, first: CivilDate, last: CivilDate?)] = try database.fetch(
      """
      SELECT time_zone, min(day), max(last_day), count(*) - count(last_day) FROM events
      WHERE start_minute IS NOT NULL\(window.condition) GROUP BY time_zone
      """, window.values
    ) { row in
      let open = try row[3] as Int64 > 0
      return (try row[0], try row[1], open ? nil : try row[2])
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

  /// The condition (and its values) for rows that may cover a day from `first` through `last`, of calendar
  /// `calendar` when one is given.
  private static func window(from first: CivilDate?, through last: CivilDate?, calendar: Int64?) -> (
    condition: String, values: [any DatabaseValueConvertible]
  ) {
    var condition = ""
    var values: [any DatabaseValueConvertible] = []
    if let first, let last {
      condition += " AND day <= ? AND (last_day IS NULL OR last_day >= ?)"
      values += [last.adding(days: 1) ?? last, first.adding(days: -1) ?? first]
    }
    if let calendar {
      condition += " AND calendar_id = ?"
      values.append(calendar)
    }
    return (condition, values)
  }
}

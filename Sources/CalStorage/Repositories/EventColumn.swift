/// The columns of `events`, in the order every query of the event repository selects them.
enum EventColumn: Int32, ColumnList {
  case id, day, title, note, location, startMinute, lengthMinutes, endDay, timeZone, rrule, spanDays, lastDay
  case parentID, recurrenceDay, createdAt, updatedAt, uid, calendarID, reminders, lengthDays, summaryMissing
  case seriesUID, recurrenceID, keptLines

  var name: String {
    switch self {
    case .id: return "id"
    case .day: return "day"
    case .title: return "title"
    case .note: return "note"
    case .location: return "location"
    case .startMinute: return "start_minute"
    case .lengthMinutes: return "length_minutes"
    case .endDay: return "end_day"
    case .timeZone: return "time_zone"
    case .rrule: return "rrule"
    case .spanDays: return "span_days"
    case .lastDay: return "last_day"
    case .parentID: return "parent_id"
    case .recurrenceDay: return "recurrence_day"
    case .createdAt: return "created_at"
    case .updatedAt: return "updated_at"
    case .uid: return "uid"
    case .calendarID: return "calendar_id"
    case .reminders: return "reminders"
    case .lengthDays: return "length_days"
    case .summaryMissing: return "summary_missing"
    case .seriesUID: return "series_uid"
    case .recurrenceID: return "recurrence_id"
    case .keptLines: return "kept_lines"
    }
  }

  /// The reminders are read with the row, in one text column: one index lookup that finds none for most
  /// events, instead of a query per event.
  var selection: String {
    guard self == .reminders else { return name }
    return "(\(StoredReminder.listQuery) WHERE reminders.event_id = events.id) AS reminders"
  }
}

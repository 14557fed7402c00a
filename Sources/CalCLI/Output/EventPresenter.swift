import CalCore
import CalStorage

/// How events are printed: one text line per event and day, or JSON objects with the documented fields.
enum EventPresenter {
  /// `{"id", "date", "title", "note", "location", "allDay", "start", "end", "timeZone", "repeat", "occurrence"}`
  static func json(_ item: Agenda.Item, context: CommandContext) -> JSONValue {
    let (start, end) = bounds(item, context: context)
    return .object([
      ("id", .integer(item.event.id)),
      ("date", .string(item.day.description)),
      ("title", .string(item.event.title)),
      ("note", .optional(item.event.note)),
      ("location", .optional(item.event.location)),
      ("allDay", .bool(item.schedule.isAllDay)),
      ("start", .string(start)),
      ("end", .string(end)),
      ("timeZone", .optional(item.schedule.timeZone)),
      ("repeat", .optional(item.event.rrule)),
      ("occurrence", item.schedule.rule == nil ? .null : .string(item.occurrence.occurrenceDay.description)),
    ])
  }

  /// Start and end in ISO 8601: dates for all-day events (the end inclusive), local date-times with the
  /// offset for timed ones.
  static func bounds(_ item: Agenda.Item, context: CommandContext) -> (String, String) {
    let occurrence = item.occurrence
    guard let start = occurrence.startInstant, let end = occurrence.endInstant else {
      return (occurrence.firstDay.description, occurrence.lastDay.description)
    }
    func local(_ instant: Int64) -> String {
      LocalDateTime(unixMilliseconds: instant * 1000, utcOffsetSeconds: context.localZone.offset(atUTC: instant))?
        .description ?? String(instant)
    }
    return (local(start), local(end))
  }

  /// `2024-05-12  14:30-15:15  #3  dentist @ Room 4`, the note indented on the next line. A series shows
  /// which occurrence it is (`#5@2024-05-13`); a span which of its days.
  static func line(_ item: Agenda.Item, context: CommandContext, withNote: Bool = true) -> String {
    // Built by appending: a month of a busy calendar prints thousands of these lines.
    var line = ""
    line.reserveCapacity(64)
    line += item.day.description
    line += "  "
    let time = time(item, context: context)
    line += time
    if time.utf8.count < 11 { line += String(repeating: " ", count: 11 - time.utf8.count) }
    line += "  #"
    line += String(item.event.id)
    if item.schedule.rule != nil {
      line += "@"
      line += item.occurrence.occurrenceDay.description
    }
    line += "  "
    line += TerminalText.sanitized(item.event.title)
    let occurrence = item.occurrence
    if item.schedule.isAllDay && occurrence.lastDay > occurrence.firstDay {
      let total = occurrence.lastDay.daysSince1970 - occurrence.firstDay.daysSince1970 + 1
      line += " (day \(item.day.daysSince1970 - occurrence.firstDay.daysSince1970 + 1) of \(total))"
    }
    if let location = item.event.location, !location.isEmpty {
      line += " @ "
      line += TerminalText.sanitized(location)
    }
    if withNote, let note = item.event.note, !note.isEmpty {
      line += "\n" + String(repeating: " ", count: 12) + TerminalText.sanitized(note)
    }
    return line
  }

  /// The lines of `items`, each ended, in one string built once.
  static func lines(_ items: [Agenda.Item], context: CommandContext) -> String {
    var text = ""
    text.reserveCapacity(items.count * 72)
    for item in items {
      text += line(item, context: context)
      text += "\n"
    }
    return text
  }

  /// `all day`, `14:30`, `14:30-15:15`, or for a timed event over several days `22:00-...`, `...`, `...-02:00`.
  static func time(_ item: Agenda.Item, context: CommandContext) -> String {
    guard let start = item.occurrence.startInstant, let end = item.occurrence.endInstant else { return "all day" }
    func clock(_ instant: Int64) -> String {
      let local = instant + Int64(context.localZone.offset(atUTC: instant))
      let minutes = Int(((local % 86_400) + 86_400) % 86_400) / 60
      return TimeOfDay(minutes: minutes)?.description ?? "?"
    }
    let startsToday = item.day == item.occurrence.firstDay
    let endsToday = item.day == item.occurrence.lastDay
    if end == start { return clock(start) }
    switch (startsToday, endsToday) {
    case (true, true): return clock(start) + "-" + clock(end)
    case (true, false): return clock(start) + "-..."
    case (false, true): return "...-" + clock(end)
    case (false, false): return "..."
    }
  }

  /// The item for the first occurrence of `event`, or of its occurrence on `day`: what `add`, `edit` and `rm`
  /// print.
  static func item(_ event: EventRecord, on day: CivilDate? = nil, context: CommandContext) throws -> Agenda.Item? {
    let schedule = try event.fields.schedule()
    let eventZone = try schedule.timeZone.map { name throws(CalError) in
      do throws(ZoneError) { return try context.loadZone(name) } catch { throw CalError(error.description) }
    }
    guard
      let occurrence = Occurrence.occurrence(
        of: schedule, on: day ?? schedule.startDay, eventZone: eventZone, localZone: context.localZone)
    else { return nil }
    return Agenda.Item(day: occurrence.firstDay, event: event, schedule: schedule, occurrence: occurrence)
  }

  /// What `add`, `edit` and `rm` print: JSON, or `<verb> event #3: 2024-05-12 14:30-15:15 dentist ...`.
  static func report(
    _ verb: String, _ event: EventRecord, on day: CivilDate? = nil, asJSON: Bool, context: CommandContext
  ) throws -> String {
    guard let item = try item(event, on: day, context: context) else { return "\(verb): #\(event.id)" }
    if asJSON { return json(item, context: context).serialized }
    var text = "\(verb): \(line(item, context: context, withNote: false))"
    if let rule = item.schedule.rule { text += "\n" + String(repeating: " ", count: 12) + "repeats \(rule)" }
    return text
  }
}

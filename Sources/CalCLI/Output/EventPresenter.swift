import CalCore
import CalService

/// How events are printed: one text line per event and day, or JSON objects with the documented fields.
enum EventPresenter {
  /// `{"id", "date", "title", "note", "location", "allDay", "start", "end", "timeZone", "repeat", "series",
  /// "occurrence"}`. An edited occurrence of a series keeps its link: `series` is the series' id and
  /// `occurrence` the day of the occurrence it replaces, as for the series' own occurrences.
  static func json(_ item: AgendaItem, context: CommandContext) -> JSONValue {
    let (start, end) = bounds(item, context: context)
    let event = item.event
    let series: Int64? = item.schedule.rule != nil ? event.id : event.recurrenceDay != nil ? event.parentID : nil
    let occurrence = item.schedule.rule != nil ? item.occurrence.occurrenceDay : event.recurrenceDay
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
      ("repeat", .optional(item.schedule.rule?.description)),
      ("series", series.map(JSONValue.integer) ?? .null),
      ("occurrence", .optional(occurrence?.description)),
    ])
  }

  /// Start and end in ISO 8601: dates for all-day events (the end inclusive), local date-times with the
  /// offset for timed ones.
  static func bounds(_ item: AgendaItem, context: CommandContext) -> (String, String) {
    let occurrence = item.occurrence
    guard let start = occurrence.startInstant, let end = occurrence.endInstant else {
      return (occurrence.firstDay.description, occurrence.lastDay.description)
    }
    return (context.localTimestamp(start * 1000), context.localTimestamp(end * 1000))
  }

  /// `2024-05-12  14:30-15:15  #3  dentist @ Room 4`, the note indented on the next line. A series shows
  /// which occurrence it is (`#5@2024-05-13`); a span which of its days.
  static func line(_ item: AgendaItem, context: CommandContext, withNote: Bool = true) -> String {
    var buffer = TextBuffer(capacity: 80)
    write(item, context: context, withNote: withNote, into: &buffer)
    return buffer.text
  }

  /// The lines of `items`, each ended, in one string built once.
  static func lines(_ items: [AgendaItem], context: CommandContext) -> String {
    var buffer = TextBuffer(capacity: items.count * 72)
    for item in items {
      write(item, context: context, withNote: true, into: &buffer)
      buffer.append(byte: UInt8(ascii: "\n"))
    }
    return buffer.text
  }

  /// Appends the line of `item` to `buffer` (with the note on an indented line when asked), without the
  /// line end.
  static func write(_ item: AgendaItem, context: CommandContext, withNote: Bool, into buffer: inout TextBuffer) {
    // The event and its schedule copied out once: each look through the item copies the whole record.
    let event = item.event
    let schedule = event.fields.schedule
    buffer.append(date: item.day)
    buffer.append(literal: "  ")
    let timeStart = buffer.count
    writeTime(item, context: context, into: &buffer)
    buffer.pad(from: timeStart, to: 11)
    buffer.append(literal: "  #")
    buffer.append(digits: Int(event.id))
    if schedule.rule != nil {
      buffer.append(literal: "@")
      buffer.append(date: item.occurrence.occurrenceDay)
    }
    buffer.append(literal: "  ")
    buffer.append(TerminalText.sanitized(event.title))
    let occurrence = item.occurrence
    if schedule.isAllDay && occurrence.lastDay > occurrence.firstDay {
      buffer.append(literal: " (day ")
      buffer.append(digits: item.day.daysSince1970 - occurrence.firstDay.daysSince1970 + 1)
      buffer.append(literal: " of ")
      buffer.append(digits: occurrence.lastDay.daysSince1970 - occurrence.firstDay.daysSince1970 + 1)
      buffer.append(literal: ")")
    }
    // A location or note of several lines continues on lines of its own, indented under the title.
    var continued: [String] = []
    if let location = event.location, !location.isEmpty {
      let lines = TerminalText.sanitizedLines(location)
      buffer.append(literal: " @ ")
      buffer.append(lines[0])
      continued += lines.dropFirst()
    }
    if withNote, let note = event.note, !note.isEmpty {
      continued += TerminalText.sanitizedLines(note)
    }
    for line in continued {
      buffer.append(literal: "\n            ")
      buffer.append(line)
    }
  }

  /// `all day`, `14:30`, `14:30-15:15`, or for a timed event over several days `22:00-...`, `...`, `...-02:00`.
  private static func writeTime(_ item: AgendaItem, context: CommandContext, into buffer: inout TextBuffer) {
    guard let start = item.occurrence.startInstant, let end = item.occurrence.endInstant else {
      buffer.append(literal: "all day")
      return
    }
    func clock(_ instant: Int64) {
      let local = instant + Int64(context.localZone.offset(atUTC: instant))
      buffer.append(clock: Int(local.floorDividedWithRemainder(by: 86_400).remainder) / 60)
    }
    if end == start { return clock(start) }
    let startsToday = item.day == item.occurrence.firstDay
    let endsToday = item.day == item.occurrence.lastDay
    switch (startsToday, endsToday) {
    case (true, true):
      clock(start)
      buffer.append(literal: "-")
      clock(end)
    case (true, false):
      clock(start)
      buffer.append(literal: "-...")
    case (false, true):
      buffer.append(literal: "...-")
      clock(end)
    case (false, false):
      buffer.append(literal: "...")
    }
  }

  /// What `add`, `edit` and `rm` print: JSON, or `<verb> event #3: 2024-05-12 14:30-15:15 dentist ...`.
  static func report(
    _ verb: String, _ event: EventRecord, on day: CivilDate? = nil, asJSON: Bool, calendar: CalendarService,
    context: CommandContext
  ) throws -> String {
    guard let item = try calendar.item(for: event, on: day) else { return "\(verb): #\(event.id)" }
    if asJSON { return json(item, context: context).serialized }
    var text = "\(verb): \(line(item, context: context, withNote: false))"
    if let rule = item.schedule.rule { text += "\n" + String(repeating: " ", count: 12) + "repeats \(rule)" }
    return text
  }
}

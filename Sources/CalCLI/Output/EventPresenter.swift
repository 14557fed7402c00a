import CalCore
import CalService

/// How events are printed: one text line per event and day, or JSON objects with the documented fields.
enum EventPresenter {
  /// `{"id", "date", "title", "note", "location", "allDay", "start", "end", "timeZone", "repeat", "series",
  /// "occurrence", "calendar"}`. An edited occurrence of a series keeps its link: `series` is the series' id and
  /// `occurrence` the day of the occurrence it replaces, as for the series' own occurrences.
  static func json(_ item: AgendaItem, context: CommandContext) -> JSONValue {
    let (start, end) = bounds(item, context: context)
    // One copy of the record for all the fields (each `item.event` is a copy of it).
    let event = item.event
    let schedule = event.fields.schedule
    let series: Int64? = schedule.repeats ? event.id : event.recurrenceDay != nil ? event.parentID : nil
    let occurrence = schedule.repeats ? item.occurrence.occurrenceDay : event.recurrenceDay
    return .object([
      ("id", .integer(event.id)),
      ("date", .string(item.day.description)),
      ("title", .string(event.title)),
      ("note", .optional(event.note)),
      ("location", .optional(event.location)),
      ("allDay", .bool(schedule.isAllDay)),
      ("start", .string(start)),
      ("end", .string(end)),
      ("timeZone", .optional(schedule.timeZone)),
      ("repeat", .optional(item.ruleText)),
      ("series", series.map(JSONValue.integer) ?? .null),
      ("occurrence", .optional(occurrence?.description)),
      ("reminders", .array(event.fields.reminders.map { reminderJSON($0, of: item, context: context) })),
      ("calendar", .optional(item.calendar?.name)),
    ])
  }

  /// `{"relativeTo", "offsetSeconds", "at", "time", "due"}`: a reminder, with when it is due for the item's
  /// occurrence.
  static func reminderJSON(_ reminder: Reminder, of item: AgendaItem, context: CommandContext) -> JSONValue {
    let relativeTo: String
    var at: JSONValue = .null
    switch reminder.trigger {
    case .start: relativeTo = "start"
    case .end: relativeTo = "end"
    case .at(let instant):
      relativeTo = "instant"
      at = .string(context.localTimestamp(instant * 1000))
    }
    let time =
      item.schedule.isAllDay && reminder.offsetSeconds != nil ? reminder.allDayTime ?? Reminder.defaultAllDayTime : nil
    let due = reminder.due(for: item.occurrence, localZone: context.localZone)
    return .object([
      ("relativeTo", .string(relativeTo)),
      ("offsetSeconds", reminder.offsetSeconds.map(JSONValue.integer) ?? .null),
      ("at", at),
      ("time", .optional(time?.description)),
      ("due", .string(context.localTimestamp(due * 1000))),
    ])
  }

  /// `15m before, 1d before 09:00`: an event's reminders in words.
  static func reminderText(_ reminders: [Reminder], isAllDay: Bool, context: CommandContext) -> String {
    reminders.map { $0.description(isAllDay: isAllDay, localZone: context.localZone) }.concatenated(separator: ", ")
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
  static func line(_ item: AgendaItem, context: CommandContext, withNote: Bool = true, withReminders: Bool = true)
    -> String
  {
    var buffer = TextBuffer(capacity: 80)
    write(item, context: context, withNote: withNote, withReminders: withReminders, into: &buffer)
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

  /// Where a listing's continued lines start: under the time.
  static let listContinuation = String(repeating: " ", count: 12)

  /// Appends the line of `item` to `buffer` (with the note and the reminders on indented lines when asked),
  /// without the line end. Without the date (under a heading that names the day), continued lines are
  /// indented by `continuation` instead of to the time.
  static func write(
    _ item: AgendaItem, context: CommandContext, withNote: Bool, withReminders: Bool = true, withDate: Bool = true,
    continuation: String = listContinuation, into buffer: inout TextBuffer
  ) {
    if withDate {
      buffer.append(date: item.day)
      buffer.append(literal: "  ")
    }
    let timeStart = buffer.count
    writeTime(item, context: context, into: &buffer)
    buffer.pad(from: timeStart, to: 11)
    buffer.append(literal: "  #")
    buffer.append(digits: Int(item.id))
    if item.schedule.repeats {
      buffer.append(literal: "@")
      buffer.append(date: item.occurrence.occurrenceDay)
    }
    buffer.append(literal: "  ")
    // On a terminal the title takes its calendar's colour.
    let color = context.stylesOutput ? item.calendar?.color?.sgr : nil
    if let color { buffer.append("\u{1B}[" + color + "m") }
    buffer.append(TerminalText.sanitized(item.title))
    if color != nil { buffer.append(literal: "\u{1B}[0m") }
    let occurrence = item.occurrence
    if item.schedule.isAllDay && occurrence.lastDay > occurrence.firstDay {
      buffer.append(literal: " (day ")
      buffer.append(digits: item.day.daysSince1970 - occurrence.firstDay.daysSince1970 + 1)
      buffer.append(literal: " of ")
      buffer.append(digits: occurrence.lastDay.daysSince1970 - occurrence.firstDay.daysSince1970 + 1)
      buffer.append(literal: ")")
    }
    // A location or note of several lines continues on lines of its own, indented under the title.
    var continued: [String] = []
    if let location = item.location, !location.isEmpty {
      let lines = TerminalText.sanitizedLines(location)
      buffer.append(literal: " @ ")
      buffer.append(lines[0])
      continued += lines.dropFirst()
    }
    if withNote, let note = item.note, !note.isEmpty {
      continued += TerminalText.sanitizedLines(note)
    }
    let reminders = item.reminders
    if withReminders && !reminders.isEmpty {
      continued.append("reminders: " + reminderText(reminders, isAllDay: item.schedule.isAllDay, context: context))
    }
    for line in continued {
      buffer.append(literal: "\n")
      buffer.append(continuation)
      buffer.append(line)
    }
  }

  /// `all day`, `14:30`, `14:30-15:15`, or for a timed event over several days `22:00-...`, `...`, `...-02:00`.
  private static func writeTime(_ item: AgendaItem, context: CommandContext, into buffer: inout TextBuffer) {
    guard let start = item.occurrence.startInstant, let end = item.occurrence.endInstant else {
      buffer.append(literal: "all day")
      return
    }
    let zone = context.localZone
    func clock(_ instant: Int64) {
      let offset = zone.offset(atUTC: instant)
      let local = instant + Int64(offset)
      buffer.append(clock: Int(local.floorDividedWithRemainder(by: 86_400).remainder) / 60)
      // Where the clocks fall back an hour repeats: its readings carry their offset (02:30+02, 02:00+01).
      // Most instants are nowhere near a change, and two lookups say so.
      let nearChange = zone.offset(atUTC: instant - 86_400) != offset || zone.offset(atUTC: instant + 86_400) != offset
      if nearChange, case .repeated = zone.resolve(localSeconds: local) {
        buffer.append(Self.shortOffset(offset))
      }
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
    if let note = skippedTimeNote(item, context: context) { text += "\n" + String(repeating: " ", count: 12) + note }
    return text
  }

  /// For a start time that a clock change skips on the occurrence's day (02:30 on the night the clocks go
  /// forward), what became of it, so it does not move silently: `02:30 does not exist on 2024-03-31 in
  /// Europe/Berlin (the clocks go forward 1h): it starts at 03:30`.
  static func skippedTimeNote(_ item: AgendaItem, context: CommandContext) -> String? {
    guard let time = item.schedule.startTime else { return nil }
    let zoneName = item.schedule.timeZone
    guard let zone = zoneName.flatMap({ try? context.zones.zone($0) }) ?? (zoneName == nil ? context.localZone : nil)
    else { return nil }
    let day = item.occurrence.occurrenceDay
    let wall = Int64(day.daysSince1970) * 86_400 + Int64(time.minutes) * 60
    guard case .skipped(_, let shift) = zone.resolve(localSeconds: wall), shift > 0 else { return nil }
    let becomes = (time.minutes + shift / 60) % 1440
    let shown = TimeOfDay(minutes: becomes)?.description ?? "later"
    return
      "\(time) does not exist on \(day) in \(zone.name) (the clocks go forward \(EventLength.description(minutes: shift / 60))):"
      + " it starts at \(shown)"
  }

  /// `+02`, `-03:30`: an offset from UTC as short as it can be written.
  static func shortOffset(_ seconds: Int) -> String {
    let magnitude = abs(seconds) / 60
    let hours = magnitude / 60
    let minutes = magnitude % 60
    let text =
      (hours < 10 ? "0" : "") + String(hours) + (minutes == 0 ? "" : ":" + (minutes < 10 ? "0" : "") + String(minutes))
    return (seconds < 0 ? "-" : "+") + text
  }
}

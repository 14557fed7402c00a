import CalCore
import CalService

/// How events are printed: one text line per event and day, or JSON objects with the documented fields.
enum EventPresenter {
  /// `{"id", "date", "title", "note", "location", "allDay", "start", "end", "timeZone", "repeat", "series",
  /// "occurrence", "reminders", "calendar"}`. An edited occurrence of a series keeps its link: `series` is the
  /// series' id and `occurrence` the day of the occurrence it replaces, as for the series' own occurrences.
  static func json(_ item: AgendaItem, context: CommandContext) -> JSONValue {
    var buffer = TextBuffer(capacity: 512)
    writeJSON(item, context: context, into: &buffer)
    return .raw(buffer.text)
  }

  /// ``json(_:context:)`` written straight into `buffer`, as a listing writes thousands of them; `running`,
  /// when given, ends the object with `"running"` (the agenda's: whether the event is under way).
  static func writeJSON(
    _ item: AgendaItem, context: CommandContext, running: Bool? = nil, into buffer: inout TextBuffer
  ) {
    // One copy of the record for all the fields (each `item.event` is a copy of it).
    let event = item.event
    let schedule = event.fields.schedule
    let series: Int64? = schedule.repeats ? event.id : event.recurrenceDay != nil ? event.parentID : nil
    let occurrence = schedule.repeats ? item.occurrence.occurrenceDay : event.recurrenceDay
    buffer.append(literal: "{\"id\":")
    buffer.append(digits: event.id)
    buffer.append(literal: ",\"date\":")
    buffer.append(jsonDate: item.day)
    buffer.append(literal: ",\"title\":")
    buffer.append(jsonString: event.title)
    buffer.append(literal: ",\"note\":")
    buffer.append(jsonString: event.note)
    buffer.append(literal: ",\"location\":")
    buffer.append(jsonString: event.location)
    buffer.append(literal: schedule.isAllDay ? ",\"allDay\":true,\"start\":" : ",\"allDay\":false,\"start\":")
    if let start = item.occurrence.startInstant, let end = item.occurrence.endInstant {
      buffer.append(jsonTimestamp: start * 1000, zone: context.localZone)
      buffer.append(literal: ",\"end\":")
      buffer.append(jsonTimestamp: end * 1000, zone: context.localZone)
    } else {
      buffer.append(jsonDate: item.occurrence.firstDay)
      buffer.append(literal: ",\"end\":")
      buffer.append(jsonDate: item.occurrence.lastDay)
    }
    buffer.append(literal: ",\"timeZone\":")
    buffer.append(jsonString: schedule.timeZone)
    buffer.append(literal: ",\"repeat\":")
    buffer.append(jsonString: item.ruleText)
    buffer.append(literal: ",\"series\":")
    if let series { buffer.append(digits: series) } else { buffer.append(literal: "null") }
    buffer.append(literal: ",\"occurrence\":")
    if let occurrence { buffer.append(jsonDate: occurrence) } else { buffer.append(literal: "null") }
    buffer.append(literal: ",\"reminders\":[")
    for (index, reminder) in event.fields.reminders.enumerated() {
      if index > 0 { buffer.append(byte: UInt8(ascii: ",")) }
      reminderJSON(reminder, of: item, context: context).write(into: &buffer)
    }
    buffer.append(literal: "],\"calendar\":")
    buffer.append(jsonString: item.calendar?.name)
    if let running { buffer.append(literal: running ? ",\"running\":true" : ",\"running\":false") }
    buffer.append(byte: UInt8(ascii: "}"))
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

  /// `15m before, 1d before 09:00`: an event's reminders in words, their times on the user's clock.
  static func reminderText(_ reminders: [Reminder], isAllDay: Bool, context: CommandContext) -> String {
    reminders.map { reminderText($0, isAllDay: isAllDay, context: context) }.concatenated(separator: ", ")
  }

  /// `15m before`, `1d before 09:00`: one reminder in words, its times on the user's clock.
  static func reminderText(_ reminder: Reminder, isAllDay: Bool, context: CommandContext) -> String {
    reminder.description(isAllDay: isAllDay, localZone: context.localZone, clock: context.locale.clock)
  }

  /// Start and end in ISO 8601: dates for all-day events (the end inclusive), local date-times with the
  /// offset for timed ones.
  static func bounds(_ item: AgendaItem, context: CommandContext) -> (String, String) {
    (bound(item, end: false, context: context), bound(item, end: true, context: context))
  }

  /// The start, or the `end`, of ``bounds(_:context:)`` alone.
  static func bound(_ item: AgendaItem, end: Bool, context: CommandContext) -> String {
    let occurrence = item.occurrence
    guard let start = occurrence.startInstant, let last = occurrence.endInstant else {
      return (end ? occurrence.lastDay : occurrence.firstDay).description
    }
    return context.localTimestamp((end ? last : start) * 1000)
  }

  /// `2024-05-12  14:30-15:15  #3  dentist @ Room 4`, the note indented on the next line. A series shows
  /// which occurrence it is (`#5@2024-05-13`); a span which of its days.
  static func line(_ item: AgendaItem, context: CommandContext, withNote: Bool = true, withReminders: Bool = true)
    -> String
  {
    var buffer = TextBuffer(capacity: 80)
    var writer = EventLineWriter(context: context, withNote: withNote, withReminders: withReminders)
    writer.write(item, into: &buffer, ended: false)
    return buffer.text
  }

  /// The lines of `items`, each ended, in one string built once; `styled` as for ``EventLineWriter``.
  static func lines(_ items: [AgendaItem], context: CommandContext, styled: Bool? = nil) -> String {
    var buffer = TextBuffer(capacity: items.count * 72)
    var writer = EventLineWriter(context: context, styled: styled)
    for item in items { writer.write(item, into: &buffer) }
    return buffer.text
  }

  /// Where a listing's continued lines start: under the time.
  static let listContinuation = String(repeating: " ", count: 12)

  /// What `add`, `edit` and `rm` print: JSON, or `<verb> event #3: 2024-05-12 14:30-15:15 dentist ...`.
  static func report(
    _ verb: String, _ event: EventRecord, on day: CivilDate? = nil, asJSON: Bool, calendar: CalendarService,
    context: CommandContext
  ) throws -> String {
    guard let item = try calendar.item(for: event, on: day) else { return "\(verb): #\(event.id)" }
    if asJSON { return json(item, context: context).serialized }
    var text = "\(verb): \(line(item, context: context, withNote: false))"
    if let rule = item.schedule.rule { text += "\n" + listContinuation + "repeats " + words(of: rule) }
    if let note = skippedTimeNote(item, context: context) { text += "\n" + listContinuation + note }
    return text
  }

  /// `weekly on mon,fri until 2024-12-31`, `every weekday, 10 times`, or the RRULE for a rule the words do
  /// not say whole.
  static func words(of rule: RecurrenceRule) -> String {
    guard let words = rule.words else { return rule.description }
    return rule.isEveryWeekday ? "every weekday" + words.dropFirst("weekdays".count) : words
  }

  /// For a start time that a clock change skips on the occurrence's day (02:30 on the night the clocks go
  /// forward), what became of it (see ``ClockChangeNote``): `02:30 does not exist on 2024-03-31 in
  /// Europe/Berlin (the clocks go forward 1h): it starts at 03:30`.
  static func skippedTimeNote(_ item: AgendaItem, context: CommandContext) -> String? {
    guard let time = item.schedule.startTime else { return nil }
    return ClockChangeNote.note(
      time, on: item.occurrence.occurrenceDay, zoneName: item.schedule.timeZone, outcome: "it starts at",
      repeated: false, context: context)
  }
}

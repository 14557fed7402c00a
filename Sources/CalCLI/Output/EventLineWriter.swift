import CalCore
import CalService

/// Writes events as text lines, `2024-05-12  14:30-15:15  #3  dentist @ Room 4` (see
/// ``EventPresenter/line(_:context:withNote:withReminders:)``), remembering what the lines of a listing
/// share: the day's date, the time of the line before, and each event's title, which all the occurrences of
/// a series print. A line costs a few hundred instructions and no allocation: a month of a busy calendar is
/// thousands of lines.
struct EventLineWriter {
  let context: CommandContext
  /// Whether the note is shown, on lines of its own.
  let withNote: Bool
  /// Whether the reminders are shown, on a line of their own.
  let withReminders: Bool
  /// Whether the line starts with the day (not under a heading that names it).
  let withDate: Bool
  /// Where continued lines (a note, a location of several lines, the reminders) start.
  let continuation: String
  /// The width of the time column: `14:30-15:15`, or on the 12-hour clock `12:30pm-12:45pm`.
  let timeWidth: Int
  /// Whether titles take their calendars' colours: asked once, not for every line.
  private let styled: Bool
  private let zone: ZoneInfo
  /// Whether times are written on the 12-hour clock (`2:30pm`): asked once, not for every line.
  private let twelveHour: Bool
  /// The last date written (days since 1970), and its text.
  private var day = Int.min
  private var dayText = ShortText()
  /// The instants and days of the last time written, and its text.
  private var time: (start: Int64, end: Int64, startsToday: Bool, endsToday: Bool)?
  private var timeText = ShortText()
  /// The events' titles, as they are printed (sanitized, coloured).
  private var titles = TextCache()

  /// `styled` says whether titles take their calendars' colours (`--color`); without it, on a terminal.
  init(
    context: CommandContext, withNote: Bool = true, withReminders: Bool = true, withDate: Bool = true,
    continuation: String = EventPresenter.listContinuation, styled: Bool? = nil
  ) {
    self.context = context
    self.withNote = withNote
    self.withReminders = withReminders
    self.withDate = withDate
    self.continuation = continuation
    self.styled = styled ?? context.stylesOutput
    zone = context.localZone
    twelveHour = context.locale.clock == .twelveHour
    timeWidth = context.locale.clock.rangeWidth
  }

  /// Appends the line of `item` to `buffer`, with the note and the reminders on indented lines when asked;
  /// `ended` adds the line end.
  mutating func write(_ item: AgendaItem, into buffer: inout TextBuffer, ended: Bool = true) {
    // Everything a line needs is read through the item's inlined accessors: reading the schedule or the
    // record whole copies them, which cost more than the rest of the line.
    let styled = styled
    let title = titles.bytes(for: item.id) { Self.writeTitle(item, styled: styled, into: &$0) }
    let withNote = withNote && item.hasNote
    let withReminders = withReminders && item.hasReminders
    let continues = item.hasLocation || withNote || withReminders
    // Short pieces and the title: at most 108 bytes before the title (two dates, each of at most 26 bytes,
    // and a time of at most 28), 52 after it, and room for a copied date or time to store all of its words.
    buffer.write(atMost: 160 + ShortText.capacity + title.count) { line in
      if withDate {
        put(item.day, into: &line)
        line.put(spaces: 2)
      }
      let timeStart = line.position
      putTime(item, into: &line)
      if twelveHour { line.alignHour(from: timeStart) }
      line.put(spaces: timeWidth - (line.position - timeStart))
      line.put("  #")
      line.put(digits: Int(item.id))
      if item.repeats {
        line.put(UInt8(ascii: "@"))
        put(item.occurrence.occurrenceDay, into: &line)
      }
      line.put(spaces: 2)
      line.put(title)
      let occurrence = item.occurrence
      if item.isAllDay && occurrence.lastDay > occurrence.firstDay {
        line.put(" (day ")
        line.put(digits: item.day.daysSince1970 - occurrence.firstDay.daysSince1970 + 1)
        line.put(" of ")
        line.put(digits: occurrence.lastDay.daysSince1970 - occurrence.firstDay.daysSince1970 + 1)
        line.put(UInt8(ascii: ")"))
      }
      if ended && !continues { line.put(UInt8(ascii: "\n")) }
    }
    guard continues else { return }
    // A location or note of several lines continues on lines of its own, indented under the title.
    var continued: [String] = []
    if item.hasLocation, let location = item.location {
      let lines = TerminalText.sanitizedLines(location)
      buffer.append(literal: " @ ")
      buffer.append(lines[0])
      continued += lines.dropFirst()
    }
    if withNote, let note = item.note {
      continued += TerminalText.sanitizedLines(note)
    }
    if withReminders {
      continued.append(
        "reminders: " + EventPresenter.reminderText(item.reminders, isAllDay: item.isAllDay, context: context))
    }
    for line in continued {
      buffer.append(byte: UInt8(ascii: "\n"))
      buffer.append(continuation)
      buffer.append(line)
    }
    if ended { buffer.append(byte: UInt8(ascii: "\n")) }
  }

  /// The time column's text without its padding (`all day`, `14:30-15:15`, `22:00-...`), for `--format`.
  mutating func writeTime(_ item: AgendaItem, into buffer: inout TextBuffer) {
    buffer.write(atMost: 27 + ShortText.capacity) { putTime(item, into: &$0) }
  }

  /// `14:30`, `2:30pm`: `instant` on the user's clock as the time column writes it, for `--format`.
  func writeClock(_ instant: Int64, into buffer: inout TextBuffer) {
    buffer.write(atMost: 13) { putClock(instant, into: &$0) }
  }

  /// `09:15-15:00`, ` 9:15am-3:00pm  `: the time column of a stretch from `start` to `end` (`nil`: to the day's
  /// end, `24:00` or `12:00am`), for `free`.
  func writeSpan(from start: Int64, to end: Int64?, into buffer: inout TextBuffer) {
    buffer.write(atMost: 28) { line in
      let spanStart = line.position
      putClock(start, into: &line)
      line.put(UInt8(ascii: "-"))
      if let end {
        putClock(end, into: &line)
      } else {
        line.put(twelveHour ? "12:00am" : "24:00")
      }
      if twelveHour { line.alignHour(from: spanStart) }
      line.put(spaces: timeWidth - (line.position - spanStart))
    }
  }

  /// The title, in its calendar's colour on a terminal.
  private static func writeTitle(_ item: AgendaItem, styled: Bool, into buffer: inout TextBuffer) {
    let color = styled ? item.calendarColor?.sgr : nil
    if let color {
      buffer.append(literal: "\u{1B}[")
      buffer.append(color)
      buffer.append(byte: UInt8(ascii: "m"))
    }
    buffer.append(TerminalText.sanitized(item.title))
    if color != nil { buffer.append(literal: "\u{1B}[0m") }
  }

  /// `YYYY-MM-DD`, copied when it is the date written last.
  private mutating func put(_ date: CivilDate, into line: inout ByteCursor) {
    if date.daysSince1970 == day { return dayText.put(into: &line) }
    let start = line.position
    line.put(date: date)
    if let text = ShortText(from: start, to: line.position) {
      day = date.daysSince1970
      dayText = text
    }
  }

  /// `all day`, `14:30`, `14:30-15:15`, or for a timed event over several days `22:00-...`, `...`, `...-02:00`
  /// (at most 23 bytes; on the 12-hour clock `2:30pm-3:15pm`, at most 27), copied when it is the time written
  /// last.
  private mutating func putTime(_ item: AgendaItem, into line: inout ByteCursor) {
    let occurrence = item.occurrence
    guard let start = occurrence.startInstant, let end = occurrence.endInstant else { return line.put("all day") }
    // An occurrence beyond the calendar's edges is listed on its first or last day, where it neither starts
    // nor ends (a 2-day event from 31 December 9999 14:00 is 14:00-..., not 14:00-14:00).
    let key = (
      start: start, end: end,
      startsToday: item.day == occurrence.firstDay && !(item.day == .first && occurrence.beganBeforeCalendar(in: zone)),
      endsToday: item.day == occurrence.lastDay && !(item.day == .last && occurrence.runsPastCalendar(in: zone))
    )
    if let time, time == key { return timeText.put(into: &line) }
    let textStart = line.position
    if end == start {
      putClock(start, into: &line)
    } else {
      switch (key.startsToday, key.endsToday) {
      case (true, true):
        putClock(start, into: &line)
        line.put(UInt8(ascii: "-"))
        putClock(end, into: &line)
      case (true, false):
        putClock(start, into: &line)
        line.put("-...")
      case (false, true):
        line.put("...-")
        putClock(end, into: &line)
      case (false, false):
        line.put("...")
      }
    }
    if let text = ShortText(from: textStart, to: line.position) {
      time = key
      timeText = text
    }
  }

  /// `14:30` (`2:30pm`) for `instant` on the user's clock; where the clocks fall back an hour repeats, its
  /// readings carry their offset (`02:30+02`, `02:00+01`): at most 11 bytes (13).
  private func putClock(_ instant: Int64, into line: inout ByteCursor) {
    let offset = zone.offset(atUTC: instant)
    let local = instant + Int64(offset)
    let minutes = Int(local.floorDividedWithRemainder(by: 86_400).remainder) / 60
    if twelveHour { line.put(twelveHourClock: minutes) } else { line.put(clock: minutes) }
    // Most instants are nowhere near a change, and two lookups say so.
    let nearChange = zone.offset(atUTC: instant - 86_400) != offset || zone.offset(atUTC: instant + 86_400) != offset
    if nearChange, case .repeated = zone.resolve(localSeconds: local) {
      Self.putShortOffset(offset, into: &line)
    }
  }

  /// `+02`, `-03:30`: an offset from UTC (less than 26 hours either way) as short as it can be written, at
  /// most 6 bytes.
  private static func putShortOffset(_ seconds: Int, into line: inout ByteCursor) {
    let magnitude = abs(seconds) / 60
    line.put(UInt8(ascii: seconds < 0 ? "-" : "+"))
    line.put(twoDigits: magnitude / 60)
    if magnitude % 60 != 0 {
      line.put(UInt8(ascii: ":"))
      line.put(twoDigits: magnitude % 60)
    }
  }
}

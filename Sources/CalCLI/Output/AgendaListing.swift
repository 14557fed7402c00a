import CalCore
import CalService

/// What is next, written as it is found: a heading for each day and its events, or one JSON array of the
/// days, so that memory does not grow with the number of days listed (the output is buffered and written in
/// large pieces).
struct AgendaListing {
  let json: Bool
  /// The user's own line for each event (`--format`): no headings then.
  let format: EventFormat?
  let context: CommandContext
  /// The instant events count as under way at (Unix milliseconds).
  let now: Int64
  private var lines: EventLineWriter
  private var day: CivilDate?
  private var warnings = OverlapWarnings()
  private var buffer = TextBuffer(capacity: 1 << 16)

  /// `styled` says whether titles take their calendars' colours (`--color`); without it, on a terminal.
  init(_ options: ListingOptions, now: Int64, context: CommandContext, styled: Bool? = nil) {
    json = options.json
    format = options.format
    self.now = now
    self.context = context
    lines = EventLineWriter(
      context: context, withDate: false, continuation: Self.continuation(context.locale.clock), styled: styled)
  }

  /// Whether anything was listed.
  var isEmpty: Bool { day == nil }

  /// Writes one more item: its day's heading first when it starts a new day.
  mutating func append(_ item: AgendaItem) {
    warnings.check(item, context: context)
    let startsDay = day != item.day
    if json {
      if startsDay {
        buffer.append(literal: day == nil ? "[" : "]},")
        buffer.append(literal: "{\"date\":")
        buffer.append(jsonDate: item.day)
        buffer.append(literal: ",\"heading\":")
        // JSON is read by programs: its heading stays English whatever the locale.
        buffer.append(jsonString: Self.heading(item.day, today: context.today, weekdayNames: Self.englishWeekdayNames))
        buffer.append(literal: ",\"events\":[")
      } else {
        buffer.append(byte: UInt8(ascii: ","))
      }
      EventPresenter.writeJSON(item, context: context, running: item.isRunning(at: now), into: &buffer)
    } else if let format {
      format.write(item, context: context, now: now, lines: &lines, into: &buffer)
    } else {
      if startsDay {
        buffer.append(Self.headingLine(item.day, today: context.today, locale: context.locale))
        buffer.append(byte: UInt8(ascii: "\n"))
      }
      buffer.append(literal: item.isRunning(at: now) ? "* " : "  ")
      lines.write(item, into: &buffer)
    }
    day = item.day
    if buffer.count >= 1 << 16 { flushBuffer() }
  }

  /// Ends the listing: the closing brackets, or `emptyMessage` when nothing was listed (a format prints
  /// nothing then).
  mutating func finish(emptyMessage: String) {
    if json {
      buffer.append(literal: day == nil ? "[]\n" : "]}]\n")
    } else if day == nil && format == nil {
      buffer.append(emptyMessage + "\n")
    }
    flushBuffer()
  }

  private mutating func flushBuffer() {
    buffer.withBytes { context.output.write($0) }
    buffer.removeAll()
  }

  /// Where an item's continued lines (its note, a location of several lines) start: under its id, after the
  /// mark, the time column and two spaces.
  static func continuation(_ clock: ClockStyle) -> String {
    String(repeating: " ", count: 2 + clock.rangeWidth + 2)
  }

  /// `Today`, `Tomorrow`, a weekday's name (of `weekdayNames`, Sunday first) within the week, or the date
  /// beyond it.
  private static func heading(_ day: CivilDate, today: CivilDate, weekdayNames: [String]) -> String {
    switch day.daysSince1970 - today.daysSince1970 {
    case 0: return "Today"
    case 1: return "Tomorrow"
    case 2...6: return weekdayNames[day.weekday.rawValue]
    default: return day.description
    }
  }

  /// `Today (2024-05-12)`, `Tuesday (2024-05-14)`, `2024-05-20 (Monday)`: the weekdays named in `locale`'s
  /// language, as the month pages name them (`Dienstag (2024-05-14)` in German); Today and Tomorrow are
  /// English, as the rest of what cal says, since a locale gives no such words.
  static func headingLine(_ day: CivilDate, today: CivilDate, locale: CalendarLocale) -> String {
    let label = heading(day, today: today, weekdayNames: locale.weekdayFullNames)
    let weekday = locale.weekdayFullNames[day.weekday.rawValue]
    return label == day.description ? "\(day) (\(weekday))" : "\(label) (\(day))"
  }

  /// The weekdays' names in JSON's headings, Sunday first.
  private static let englishWeekdayNames = CalendarLocale.english.weekdayFullNames
}

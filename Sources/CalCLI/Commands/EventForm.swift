import CalCore

/// An event as text for `cal edit --editor`: one `name: value` line for each of `cal edit`'s options, the
/// note last and free to run over many lines. What the user changed in it is read back as the options
/// those lines stand for, so that the editor takes exactly what `cal edit` takes and checks it the same way.
///
/// ```
/// title: meeting with Bob
/// date: 2024-05-13
/// at: 14:00
/// for: 1h30m
/// ...
/// note:
/// Bring the slides.
/// ```
struct EventForm: Equatable {
  /// The fields in the order they are written; `note` comes last, as its value may be many lines.
  static let names = [
    "title", "date", "at", "for", "to", "tz", "repeat", "location", "remind", "remind-at", "note",
  ]

  /// The most the edited text may grow by, over what the editor was given.
  static let maximumSize = 1 << 20

  /// Each field's value, by name.
  private(set) var values: [String: String] = [:]

  /// The form of `fields`, an event (or one occurrence of a series) as it is, its times on `clock`; its rule
  /// in words when `readBack` (the rule `cal edit`'s options give the event) reads them as that very rule.
  init(
    _ fields: EventFields, localZone: ZoneInfo, clock: ClockStyle = .twentyFourHour,
    readBack: ([String]) -> RecurrenceRule? = { _ in nil }
  ) {
    let schedule = fields.schedule
    values["title"] = fields.title
    values["date"] = schedule.startDay.description
    if let start = schedule.startTime {
      values["at"] = clock.text(minutes: start.minutes)
      let minutes = schedule.lengthDays * 1440 + (schedule.lengthMinutes ?? 0)
      values["for"] =
        minutes > 0 ? EventLength.description(days: schedule.lengthDays, minutes: schedule.lengthMinutes) : ""
      values["to"] = ""
    } else {
      values["at"] = Self.allDay
      values["for"] = ""
      values["to"] = schedule.spanDays > 0 ? (schedule.endDay ?? schedule.startDay).description : ""
    }
    values["tz"] = schedule.timeZone ?? ""
    values["repeat"] = schedule.rule.map { _ in RepeatAnswer.text(for: schedule.rule, readBack: readBack) } ?? ""
    values["location"] = fields.location ?? ""
    values["remind"] = fields.reminders.map { $0.optionText(localZone: localZone, clock: clock) }.concatenated(
      separator: ", ")
    values["remind-at"] =
      schedule.isAllDay
      ? fields.reminders.lazy.compactMap(\.allDayTime).first.map { clock.text(minutes: $0.minutes) } ?? "" : ""
    values["note"] = fields.note ?? ""
    // Each value as reading its line back gives it, so that a line left as it was is one left unchanged: a
    // title or location of several lines (an import takes them) on one, spaces at either end trimmed, the
    // note without blank lines at either end and CRLFs. The event keeps what it holds unless a line changes.
    for (name, value) in values {
      values[name] = name == "note" ? Self.note(Self.lines(of: value)) : Self.oneLine(value).trimmingSpaces()
    }
  }

  /// The form that `text` (as the editor left it) holds: comment lines (`#`) and blank lines are skipped
  /// before the note; a field left out keeps its value.
  ///
  /// - Throws: `UsageError` naming the line that is no field, or a field given twice.
  init(parsing text: String, defaults: EventForm) throws(UsageError) {
    values = defaults.values
    var given: Set<String> = []
    // A byte-order mark, which some editors write first, is no part of the first line's name.
    let text = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
    let lines = Self.lines(of: text)
    for (index, line) in lines.enumerated() {
      if Self.isSkipped(String(line).trimmingSpaces()) { continue }
      guard let colon = line.firstIndex(of: ":") else {
        throw UsageError("line \(index + 1) of the form is no field: write name: value, the names being \(Self.list)")
      }
      let name = String(line[..<colon]).trimmingSpaces().lowercased()
      guard Self.names.contains(name) else {
        throw UsageError(
          "line \(index + 1) of the form: '\(TerminalText.sanitized(String(line[..<colon])))' is no field; "
            + "the fields are \(Self.list)")
      }
      guard given.insert(name).inserted else {
        throw UsageError("line \(index + 1) of the form gives \(name) a second time")
      }
      let value = String(line[line.index(after: colon)...]).trimmingSpaces()
      if name == "note" {
        // The rest of the text is the note, its own lines as they are, blank ones at either end dropped.
        values[name] = Self.note([Substring(value)] + lines[(index + 1)...])
        break
      }
      values[name] = value
    }
  }

  /// Whether `trimmed`, a line without the spaces at its ends, is one the form skips: blank, or a comment.
  private static func isSkipped(_ trimmed: String) -> Bool {
    trimmed.isEmpty || trimmed.hasPrefix("#")
  }

  /// Whether `text` (as the editor left it) holds no field at all: every line blank, a comment or a lone
  /// byte-order mark, at whatever line break it ends (a form emptied of every field, the other way to change
  /// one's mind, as an emptied message is in git).
  static func holdsNoField(_ text: String) -> Bool {
    text.split(whereSeparator: \.isNewline).allSatisfy { line in
      let trimmed = String(line).trimmingSpaces()
      return isSkipped(trimmed) || trimmed == "\u{FEFF}"
    }
  }

  /// The text the editor is given: a header of comments, then the fields.
  func text(naming event: String, adding: Bool = false) -> String {
    let opening =
      adding
      ? """
      # \(event): fill in the event, save and quit the editor. An empty title adds nothing;
      # an empty value leaves out a zone, a repeat, a location, the reminders or the note.
      """
      : """
      # \(event): change what you like, save and quit the editor. A line left as it is changes nothing;
      # an empty value removes a zone, a repeat, a location, the reminders or the note.
      """
    var text =
      opening + "\n" + """
        #   at: a time (9:30, 2pm) or all day     for: a length (45m, 1h30m, 2d)     to: an all-day event's last day
        #   tz: a zone such as Europe/Berlin, or local     repeat: weekly on mon,fri until 6-30, or rrule FREQ=...
        #   remind: 15m, 1h, end-5m, tomorrow 8am ... separated by commas
        #   remind-at: the time an all-day event's reminders count from     note: every line after it

        """
    for name in Self.names {
      let value = values[name] ?? ""
      text +=
        name == "note"
        ? "note:\n" + (value.isEmpty ? "" : value + "\n") : "\(name):\(value.isEmpty ? "" : " ")\(value)\n"
    }
    return text
  }

  /// The options of `cal edit` that turn `original` into this form: one for each field changed, none when
  /// nothing was.
  ///
  /// - Throws: `UsageError` for a repeat line that cannot be read.
  func options(from original: EventForm) throws(UsageError) -> [String] {
    var words: [String] = []
    for name in Self.names {
      let value = values[name] ?? ""
      guard value != original.values[name] ?? "" else { continue }
      switch name {
      case "at":
        words += Self.isAllDay(value) ? ["--all-day"] : [Self.option("at", value)]
      case "tz": words.append(Self.option("tz", value.isEmpty ? "local" : value))
      case "repeat":
        do {
          words += try RepeatAnswer.options(value.isEmpty ? "none" : value)
        } catch {
          throw UsageError(error.description)
        }
      case "remind":
        let reminders = Self.reminders(value)
        // The same reminders written otherwise (spaces, commas) change nothing: read again from their text, an
        // imported alarm would lose its seconds, or move to the first 01:30 of a night the clocks go back.
        guard reminders != Self.reminders(original.values[name] ?? "") else { continue }
        words += reminders.isEmpty ? ["--no-remind"] : reminders.map { Self.option("remind", $0) }
        // New reminders of an all-day event keep the time they count from, unless that line changed too.
        let time = values["remind-at"] ?? ""
        if !reminders.isEmpty, !time.isEmpty, time == original.values["remind-at"] {
          words.append(Self.option("remind-at", time))
        }
      case "to":
        // No last day: an all-day event ends on its first; one made timed has none.
        if value.isEmpty {
          guard Self.isAllDay(values["at"] ?? "") else { continue }
          words.append(Self.option("to", values["date"] ?? ""))
        } else {
          words.append(Self.option("to", value))
        }
      case "remind-at":
        // Reminders removed take their time with them.
        guard !(values["remind"] ?? "").isEmpty else { continue }
        words.append(Self.option("remind-at", value.isEmpty ? Reminder.defaultAllDayTime.description : value))
      default: words.append(Self.option(name, value))
      }
    }
    return words
  }

  /// The reminders a `remind:` line lists, apart by commas.
  private static func reminders(_ value: String) -> [String] {
    value.split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
  }

  /// The option `--name=value`: written in one word, so that a value that reads as an option (a title
  /// `--help`, a location `--db`) is taken as the text it is.
  private static func option(_ name: String, _ value: String) -> String { "--\(name)=\(value)" }

  /// How `at:` reads for an all-day event.
  static let allDay = "all day"

  /// Whether `at:` says the event has no time: `all day`, `all-day`, `allday`.
  private static func isAllDay(_ value: String) -> Bool {
    value.lowercased().filter(\.isLetter) == "allday"
  }

  /// The lines of `text`: they end at an LF, a CRLF (one Character in Swift) or a bare CR (an old Mac
  /// editor's), so that no value keeps a CR that its line, written back, would end at.
  private static func lines(of text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
  }

  /// `text` on one line, its line breaks spaces.
  private static func oneLine(_ text: String) -> String {
    lines(of: text).concatenated(separator: " ")
  }

  /// The note that `lines` hold: as they are, blank ones at either end dropped.
  private static func note<Lines: Collection<Substring>>(_ lines: Lines) -> String {
    var note = lines.map(String.init)
    while note.first?.allSatisfy(\.isWhitespace) == true { note.removeFirst() }
    while note.last?.allSatisfy(\.isWhitespace) == true { note.removeLast() }
    return note.concatenated(separator: "\n")
  }

  /// The names, for messages.
  private static var list: String { names.concatenated(separator: ", ") }

}

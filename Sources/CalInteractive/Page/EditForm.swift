import CalCore

/// The fields of an event as the page's edit form lists them, each with its value written in the grammar of
/// `cal edit`'s option for it, which is what its prompt is prefilled with and what an answer is sent as
/// (`--title=ANSWER`, in one word, so that an answer such as `--help` is the text it is).
struct EditForm {
  /// One line of the form.
  struct Field {
    /// The key that opens its prompt.
    let key: Character
    /// Its name in the form.
    let name: String
    /// The prompt's label.
    let prompt: String
    /// The value, as the prompt is prefilled with it.
    let value: String
    /// The `cal edit` options an answer becomes.
    let words: (String) throws(PageInputError) -> [String]
  }

  /// Which event is edited: after the first change an occurrence is an event of its own (or the series
  /// from that day on is), and the next changes go to that.
  struct Target {
    let id: Int64
    /// The occurrence of the series edited, or `nil` for the whole event.
    let occurrence: CivilDate?
    /// With `occurrence`: that one and every one after it.
    let fromHere: Bool
  }

  var target: Target
  /// The user's zone, on whose clock a reminder at a fixed time is written.
  let zone: ZoneInfo
  /// The clock times are written on, as the listings write them (`2:30pm`); `cal edit` reads both.
  var clock = ClockStyle.twentyFourHour
  /// The event's fields now (for an occurrence, its day is the start).
  var fields: EventFields
  /// `fields` changed by `cal edit`'s options: what an answer becomes, and how the form checks that the words
  /// it prefills the repeat prompt with mean the event's rule exactly.
  let edit: (EventFields, [String]) throws -> EventFields
  /// The line chosen.
  var chosen = 0

  /// The form's lines, in order; which there are depends on whether the event has a time.
  var lines: [Field] {
    let schedule = fields.schedule
    var lines = [
      Field(key: "t", name: "Title", prompt: "Title: ", value: fields.title) { answer throws(PageInputError) in
        guard !answer.allSatisfy(\.isWhitespace) else { throw PageInputError("the title is empty") }
        return ["--title=" + answer]
      },
      Field(key: "d", name: "Date", prompt: "Date (2024-05-12, 5-12, fri, +3d): ", value: "\(schedule.startDay)") {
        ["--date=" + $0]
      },
      Field(
        key: "i", name: "Time", prompt: "Time (9, 9:30, 9am, 21:30, noon; empty: all day): ",
        value: schedule.startTime?.description(on: clock) ?? ""
      ) { $0.isEmpty ? ["--all-day"] : ["--at=" + $0] },
    ]
    if schedule.isAllDay {
      lines.append(
        Field(key: "l", name: "Last day", prompt: "Last day (2024-05-14, +2d): ", value: "\(lastDay)") {
          ["--to=" + $0]
        })
    } else {
      lines.append(
        Field(
          key: "l", name: "Length", prompt: "Length (45m, 1h30m, 1.5h, 90, 2d): ", value: Self.length(of: schedule)
        ) { answer throws(PageInputError) in
          guard !answer.isEmpty else { throw PageInputError("give a length such as 45m, 1h30m or 2d") }
          return ["--for=" + answer]
        })
    }
    lines += [
      Field(key: "o", name: "Location", prompt: "Location (empty: none): ", value: fields.location ?? "") {
        ["--location=" + $0]
      },
      Field(key: "n", name: "Note", prompt: "Note (empty: none): ", value: fields.note ?? "") { ["--note=" + $0] },
      Field(
        key: "r", name: "Repeat",
        prompt:
          "Repeat (weekly on mon,fri until 6-30, daily every 2, monthly on 2nd-tue 10 times, rrule FREQ=..., none): ",
        value: repeatValue, words: Self.repeatWords),
      Field(
        key: "m", name: "Reminders",
        prompt: "Reminders (15m, 1d, +10m, end-5m, fri 8am; commas between; empty: none): ",
        value: fields.reminders.map { $0.optionText(localZone: zone, clock: clock) }.joined(separator: ", ")
      ) { answer in
        let reminders = answer.split(separator: ",").filter { !$0.allSatisfy(\.isWhitespace) }.map(String.init)
        return reminders.isEmpty ? ["--no-remind"] : reminders.map { "--remind=" + $0 }
      },
    ]
    if schedule.isAllDay {
      let time = fields.reminders.lazy.compactMap(\.allDayTime).first ?? Reminder.defaultAllDayTime
      lines.append(
        Field(
          key: "f", name: "Reminded from", prompt: "Reminders count from (9, 8am, 18:30): ",
          value: time.description(on: clock)
        ) {
          ["--remind-at=" + $0]
        })
    } else {
      lines.append(
        Field(
          key: "z", name: "Time zone", prompt: "Time zone (Europe/Berlin; local: your clock): ",
          value: schedule.timeZone ?? "local"
        ) { ["--tz=" + $0] })
    }
    return lines
  }

  /// The last day of an all-day event.
  private var lastDay: CivilDate {
    fields.schedule.endDay ?? fields.schedule.startDay
  }

  /// `1h30m`, `2d`, `48h`, or empty without a length.
  static func length(of schedule: EventSchedule) -> String {
    guard schedule.hasLength else { return "" }
    return EventLength.description(days: schedule.lengthDays, minutes: schedule.lengthMinutes)
  }

  /// The repeat prompt's value: the rule in words when `cal edit` reads them back as that very rule, else
  /// its RRULE text after `rrule`, which `--rrule` takes whole; so an answer edited from it loses no part of
  /// the rule (an imported BYMONTH, BYSETPOS or WKST, a 3rd-last Friday).
  var repeatValue: String {
    RepeatAnswer.text(for: fields.schedule.rule) { options in (try? edit(fields, options))?.schedule.rule }
  }

  /// The repeat prompt's words as `cal edit`'s options: `monthly every 2 on 2nd-tue until fri` is
  /// `--repeat=monthly --every=2 --repeat-on=2nd-tue --until=fri`, and `rrule FREQ=...` (or the RRULE text
  /// alone) is `--rrule=FREQ=...` (``RepeatAnswer``).
  static func repeatWords(_ answer: String) throws(PageInputError) -> [String] {
    do {
      return try RepeatAnswer.options(answer)
    } catch {
      throw PageInputError(error.description)
    }
  }

}

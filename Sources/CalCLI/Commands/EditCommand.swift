import CalCore
import CalService
import Glibc

/// `cal edit ID [--on DATE [--from-here]] [--title T] [--date D] [--at ...] ...`
struct EditCommand: Command {
  static let title = OptionSpec("title", value: "title", help: "A new title.")
  static let date = OptionSpec("date", value: "date", help: "Move the event (or the occurrence) to this day.")
  static let on = OptionSpec(
    "on", value: "date", help: "Edit only the occurrence of the series on this day, leaving the rest as it is.")
  static let fromHere = OptionSpec(
    "from-here", help: "With --on: edit this and every following occurrence (the series is split in two).")
  static let editor = OptionSpec(
    "editor",
    help: "Change the event as text in your editor ($VISUAL, $EDITOR or vi), a line for each option; cal edit "
      + "ID alone does so on a terminal.")

  static let spec = CommandSpec(
    name: "edit", abstract: "Change an event, a whole series, or one occurrence of a series.",
    discussion: """
      Options not given keep their values. A note or location given as "" is removed; --tz local \
      puts a timed event back on your own clock; --repeat none makes a series a one-off event. \
      --every, --count, --until and --repeat-on change only their part of the rule (an imported rule keeps \
      the rest, such as BYMONTH or BYSETPOS); --repeat or --rrule replaces the whole rule. --editor (or cal \
      edit ID alone, on a terminal) opens the event in your editor instead, as lines such as at: 9:30 and \
      remind: 15m, the note last; the lines changed are read as those options.
      """,
    arguments: [ArgumentSpec("id", help: EventHandle.help)],
    options: [title, date, on, fromHere, editor, CalendarOption.destination] + ScheduleOptions.all(for: .edit)
      + ReminderOptions.forEdit
      + [JSONOption.option, StoreOptions.option])

  let id: Int64
  let title: String?
  let newDay: CivilDate?
  let occurrence: CivilDate?
  let fromHere: Bool
  let calendarName: String?
  let options: ScheduleOptions
  let reminders: ReminderOptions
  let json: Bool
  let store: StoreOptions
  /// Whether the event is changed as text in the user's editor.
  let inEditor: Bool

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    let handle = try EventHandle(parsing: arguments.positional(0) ?? "")
    id = handle.id
    title = arguments.value(Self.title)
    if let title, title.allSatisfy(\.isWhitespace) { throw UsageError("the title is empty: give the event a title") }
    let dates = DateReader(context)
    newDay = try arguments.value(Self.date).map { text throws(UsageError) in try dates.day(text, for: Self.date) }
    occurrence = try handle.occurrence(
      or: arguments.value(Self.on).map { text throws(UsageError) in try dates.day(text, for: Self.on) })
    fromHere = arguments.flag(Self.fromHere)
    if fromHere && occurrence == nil { throw UsageError("--from-here needs --on DATE") }
    calendarName = try CalendarOption.parse(arguments)
    var options = ScheduleOptions(arguments: arguments, dates: dates)
    options.repeatDaysName = "repeat-on"
    self.options = options
    if occurrence != nil && !fromHere
      && (arguments.value(ScheduleOptions.repeats) != nil || arguments.value(ScheduleOptions.rrule) != nil)
    {
      throw UsageError("one occurrence cannot repeat: use --from-here to change the series from that day on")
    }
    reminders = try ReminderOptions(arguments, context: context)
    let changes =
      title != nil || newDay != nil || options.changesSchedule
      || options.text(ScheduleOptions.note) != nil || options.text(ScheduleOptions.location) != nil
      || reminders.changesReminders
    if arguments.flag(Self.editor) {
      guard !changes else { throw UsageError("give --editor or options that change the event, not both") }
      inEditor = true
    } else {
      // On a terminal, cal edit ID alone opens the editor; a script is told what to give.
      inEditor = !changes && calendarName == nil && context.inputIsTerminal() && context.outputIsTerminal
      guard changes || calendarName != nil || inEditor else {
        throw UsageError(
          "nothing to change: give --title, --date, --at, --note, --remind, --calendar, --editor or another option")
      }
    }
    json = arguments.flag(JSONOption.option)
    store = try StoreOptions(arguments)
  }

  /// `fields` changed by `words`, options of `cal edit` (`--title T`, `--at 9am`, `--repeat weekly` ...): what
  /// the interactive page's prompts send, so that they take what `cal edit` takes and check it the same way.
  static func change(_ fields: EventFields, by words: [String], context: CommandContext) throws(UsageError)
    -> EventFields
  {
    // The id is the page's to choose; the options alone are read here.
    let command = try EditCommand(try ArgumentParser(spec: spec).parse(["1"] + words), context: context)
    if command.calendarName != nil {
      throw UsageError("the page does not move events between calendars: use cal edit ID --calendar NAME")
    }
    return try command.change(fields, context: context)
  }

  /// `fields` with the options applied.
  private func change(_ fields: EventFields, context: CommandContext) throws(UsageError) -> EventFields {
    try reminders.apply(to: options.apply(to: fields, title: title, newDay: newDay, context: context))
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context, for: .modify)
    let outcome: EditOutcome
    if inEditor {
      guard let edited = try editInEditor(calendar, context: context) else { return }
      outcome = edited
    } else {
      outcome = try calendar.edit(id: id, occurrence: occurrence, fromHere: fromHere, calendar: calendarName) {
        fields in
        try change(fields, context: context)
      }
    }
    var verb: String
    switch outcome {
    case .changed: verb = "Changed"
    case .changedOccurrence(let series, let day, _): verb = "Changed the \(day) occurrence of #\(series), now"
    case .split(let series, let day, _): verb = "Split #\(series) on \(day); from there on it is"
    }
    if let calendarName {
      // Named as it is called, not as typed (any case).
      verb += " (in the calendar '\(try calendar.calendar(named: calendarName).name)')"
    }
    context.print(try EventPresenter.report(verb, outcome.event, asJSON: json, calendar: calendar, context: context))
  }

  /// The fields an edit would start from, read in a transaction rolled back: the event's, or the
  /// occurrence's as `--on` names it.
  private struct Peek: Error {
    let fields: EventFields
  }

  /// Opens the event in the user's editor and makes the changes its text asks for; `nil` when there were
  /// none (said).
  private func editInEditor(_ calendar: CalendarService, context: CommandContext) throws -> EditOutcome? {
    let outcome = try Self.editInEditor(
      calendar, id: id, occurrence: occurrence, fromHere: fromHere, calendarName: calendarName, context: context)
    if outcome == nil {
      guard json else {
        context.print("Nothing changed: #\(id)" + (occurrence.map { "@\($0)" } ?? "") + " is as it was.")
        return nil
      }
      // JSON says the event (or the occurrence) as it is, as an edit says it as it became.
      let alone = try occurrence.flatMap { day in try calendar.editedOccurrence(of: id, on: day) }
      context.print(
        try EventPresenter.report(
          "", alone ?? calendar.event(id: id), on: alone == nil ? occurrence : nil, asJSON: true, calendar: calendar,
          context: context))
    }
    return outcome
  }

  /// The fields an edit of event `id` (its occurrence on `occurrence` ...) starts from, read in a transaction
  /// rolled back, as `CalendarService.edit` would hand them to its change.
  ///
  /// - Throws: what `CalendarService.edit` throws: the event or the occurrence is not there, the calendar
  ///   cannot take it.
  private static func fields(
    _ calendar: CalendarService, id: Int64, occurrence: CivilDate?, fromHere: Bool, calendarName: String?
  ) throws -> EventFields {
    do {
      _ = try calendar.edit(id: id, occurrence: occurrence, fromHere: fromHere, calendar: calendarName) { fields in
        throw Peek(fields: fields)
      }
    } catch let peek as Peek {
      return peek.fields
    }
    preconditionFailure("an edit returned without calling its change")
  }

  /// `error`, which the service gave for an event written in the editor, naming the file that keeps the text
  /// (`kept`): a value the service refuses is the text's fault, not the command line's (no usage line).
  static func keepingText(_ error: ServiceError, _ kept: String) -> any Error {
    if error.kind == .invalidRequest { return CalError(error.message + kept) }
    return ServiceError(error.kind, error.message + kept, detail: error.detail)
  }

  /// Opens event `id` (its occurrence on `occurrence`, with `fromHere` that one and those after it) in the
  /// user's editor, as a form of `cal edit`'s options, and makes the changes its text asks for, moving it to
  /// `calendarName` when given: `cal edit --editor`, and the interactive page's `E`. `nil` when nothing
  /// changed. The terminal must be the editor's while this runs.
  ///
  /// - Throws: `CalError` when the text cannot be used (it is kept in a file the message names), the editor
  ///   fails, or the event changed meanwhile; what `CalendarService.edit` throws.
  static func editInEditor(
    _ calendar: CalendarService, id: Int64, occurrence: CivilDate?, fromHere: Bool, calendarName: String?,
    context: CommandContext
  ) throws -> EditOutcome? {
    // With the calendar named, so that one that cannot take the event is refused before the editor opens.
    let before = try fields(calendar, id: id, occurrence: occurrence, fromHere: fromHere, calendarName: calendarName)
    let name = "#\(id)" + (occurrence.map { "@\($0)" } ?? "")
    let form = EventForm(before, localZone: context.localZone, clock: context.locale.clock) { options in
      (try? EditCommand.change(before, by: options, context: context))?.schedule.rule
    }
    let folder = TextEditor.folder(context.environment)
    let edited = try TextEditor(environment: context.environment).edit(
      form.text(naming: "cal edit \(name)" + (fromHere ? " --from-here" : "")), name: "edit-\(id)", in: folder,
      environment: context.inheritedEnvironment())
    let kept = "; your text is kept in \(TerminalText.sanitized(edited.path))"
    let words: [String]
    do {
      words = try EventForm(parsing: edited.text, defaults: form).options(from: form)
    } catch {
      // The text's fault, not the command line's: no usage.
      throw CalError(error.message + kept)
    }
    // The event as the text makes it, read once: what the edit writes, if the event is still as it was.
    let after: EventFields
    do {
      after = words.isEmpty ? before : try EditCommand.change(before, by: words, context: context)
    } catch {
      throw CalError(error.message + kept)
    }
    // A line changed only in how it is written (at: 09:00 to 9am) changes nothing either: no edit is logged.
    guard calendarName != nil || after != before else {
      unlink(edited.path)
      // Removed meanwhile (cal rm in another terminal): said as an edit of it is, not as nothing changed.
      _ = try fields(calendar, id: id, occurrence: occurrence, fromHere: fromHere, calendarName: calendarName)
      return nil
    }
    let outcome: EditOutcome
    do {
      outcome = try calendar.edit(id: id, occurrence: occurrence, fromHere: fromHere, calendar: calendarName) {
        fields in
        guard fields == before else {
          throw CalError("\(name) changed while it was in the editor; nothing was changed" + kept)
        }
        return after
      }
    } catch let error as ServiceError {
      throw Self.keepingText(error, kept)
    }
    unlink(edited.path)
    return outcome
  }
}

import CalCore
import CalService

/// `cal todo [list|add|done|reopen|cancel|edit|rm] ...`: the to-dos (alone: those still to do).
struct TodoCommand: Command {
  static let due = OptionSpec(
    "due", value: "date",
    help: "add, edit: the day it is due by: 2024-05-31, fri, +3d, or with a time: fri 17:00 (edit: \"\" removes it).")
  static let at = OptionSpec(
    "at", value: "time", help: "add, edit: the time it is due that day (edit: \"\" removes it).")
  static let timeZone = OptionSpec(
    "tz", value: "zone",
    help: "add, edit: the zone whose clock --at is on, such as Europe/Berlin, or local: yours (the default).")
  static let priority = OptionSpec(
    "priority", value: "priority", help: "add, edit: high, medium, low, none, or 1 (highest) to 9 (lowest).")
  static let note = OptionSpec("note", value: "note", help: "add, edit: a longer description (edit: \"\" removes it).")
  static let location = OptionSpec("location", value: "place", help: "add, edit: where (edit: \"\" removes it).")
  static let title = OptionSpec("title", value: "title", help: "edit: the new title.")
  static let status = OptionSpec("status", value: "status", help: "edit: open, started, done or cancelled.")
  static let all = OptionSpec("all", help: "list: the done and cancelled too, after the others.")
  static let finished = OptionSpec(
    "done", help: "list: only the done and cancelled, the last done first. rm: remove all of those.")
  static let calendar = CalendarOption.filter.withHelp(
    "list: only this calendar's; add: the calendar to add to (default: the first local one); edit: move it there.")

  static let spec = CommandSpec(
    name: "todo", abstract: "Add, list, finish, change and remove to-dos.",
    discussion: """
      To-dos are kept beside the events, as calcurse keeps its to-do list, each in a calendar: cal todo add \
      TITLE adds one (--due DATE for the day it is due by, --at TIME for a time that day, --priority high, \
      medium or low); cal todo (or cal todo list) shows those still to do, the overdue first, then by the \
      day they are due, those without a date last, each group by priority; cal todo list DAY (today, fri, \
      2024-05-31) those due by its end, and with --format each as a line of your own, its fields in braces: \
      \(TodoFormat.fieldList) ({{ and }} for braces, \\n and \\t for a line break and a tab). cal todo done ID... marks \
      them done, cal todo reopen ID... open again, cal todo cancel ID... cancelled; cal todo edit ID \
      changes one; cal todo rm ID... removes them, and cal todo rm --done every one done or cancelled. \
      Each is one change, which cal undo takes back. Import and export carry them as VTODO components. \
      To-dos live in local or CalDAV calendars: cal sync carries them as it carries events, one VTODO per \
      resource (a calendar whose server takes no to-dos keeps them on this machine, and says so); a \
      subscription refuses them.
      """,
    arguments: [
      ArgumentSpec(
        "todo-action", help: "list, add, done, reopen, cancel, edit or rm (default: list).", isOptional: true),
      ArgumentSpec(
        "words",
        help:
          "add: the title (several words, quoted or not); list: a day, to list those due by its end; the others: to-do ids.",
        isOptional: true,
        keepsWords: true),
    ],
    options: [
      due, at, timeZone, priority, note, location, title, status, all, finished, calendar, TodoFormat.option,
      JSONOption.option, StoreOptions.option,
    ])

  /// What to do.
  enum Action: String, CaseIterable {
    case list, add, done, reopen, cancel, edit, rm
  }

  let action: Action
  /// The title to add.
  let newTitle: String
  /// The to-dos named.
  let ids: [Int64]
  let dueDay: CivilDate??
  let dueTime: TimeOfDay??
  /// `--tz`: a zone's name, or `nil` inside for `local` (the user's clock); `nil` when not given.
  let zone: String??
  let priorityValue: TodoPriority?
  let noteText: String??
  let locationText: String??
  let titleText: String?
  let statusValue: TodoStatus?
  let selection: CalendarService.TodoSelection
  let removeFinished: Bool
  /// `list DAY`: only those due by the end of that day.
  let dueBy: CivilDate?
  let calendarName: String?
  let json: Bool
  /// `list --format`: each to-do as the user's text.
  let format: TodoFormat?
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    // Alone it lists them, as `cal calendar` alone lists calendars.
    let word = arguments.positional(0) ?? "list"
    guard let action = Action(rawValue: word) else {
      throw UsageError("'\(word)' is not something cal todo does: use list, add, done, reopen, cancel, edit or rm")
    }
    self.action = action
    let words = Array(arguments.positionals.dropFirst())
    let allowed: [OptionSpec]
    switch action {
    case .list: allowed = [Self.all, Self.finished, Self.calendar, TodoFormat.option, JSONOption.option]
    case .add:
      allowed =
        [Self.due, Self.at, Self.timeZone, Self.priority, Self.note, Self.location, Self.calendar]
        + [JSONOption.option]
    case .edit:
      allowed =
        [Self.due, Self.at, Self.timeZone, Self.priority, Self.note, Self.location, Self.title, Self.status]
        + [Self.calendar, JSONOption.option]
    case .done, .reopen, .cancel: allowed = [JSONOption.option]
    case .rm: allowed = [Self.finished, Self.calendar, JSONOption.option]
    }
    for option in Self.spec.options where option.long != StoreOptions.option.long && arguments.isGiven(option) {
      guard allowed.contains(where: { $0.long == option.long }) else {
        throw UsageError("The option '--\(option.long)' does not go with cal todo \(action.rawValue)")
      }
    }
    if arguments.flag(Self.all) && arguments.flag(Self.finished) { throw UsageError("give --all or --done, not both") }
    selection = arguments.flag(Self.all) ? .all : arguments.flag(Self.finished) ? .finished : .pending
    removeFinished = action == .rm && arguments.flag(Self.finished)

    switch action {
    case .list:
      // `cal todo list fri`: those due by the end of that day, the overdue among them.
      if !words.isEmpty {
        let dates = DateReader(context)
        let (day, count) = try dates.leadingDay(words)
        guard count == words.count else { throw UsageError("Unexpected argument '\(words[count])'") }
        dueBy = day
      } else {
        dueBy = nil
      }
      newTitle = ""
      ids = []
    case .add:
      dueBy = nil
      newTitle = words.concatenated(separator: " ")
      if newTitle.allSatisfy(\.isWhitespace) { throw UsageError("the title is empty: give the to-do a title") }
      ids = []
    case .edit:
      dueBy = nil
      guard let first = words.first else { throw UsageError("Missing expected argument '<id>': which to-do?") }
      guard words.count == 1 else { throw UsageError("Unexpected argument '\(words[1])': edit one to-do at a time") }
      newTitle = ""
      ids = [try Self.id(first)]
    case .done, .reopen, .cancel, .rm:
      dueBy = nil
      if removeFinished {
        guard words.isEmpty else { throw UsageError("give to-do ids or --done, not both") }
      } else if words.isEmpty {
        throw UsageError("Missing expected argument '<id>': which to-do?")
      } else if action != .rm && arguments.isGiven(Self.calendar) {
        throw UsageError("The option '--calendar' does not go with cal todo \(action.rawValue)")
      }
      if action == .rm && !removeFinished && arguments.isGiven(Self.calendar) {
        throw UsageError("--calendar goes with cal todo rm --done")
      }
      newTitle = ""
      var ids: [Int64] = []
      for word in words {
        let id = try Self.id(word)
        if !ids.contains(id) { ids.append(id) }
      }
      self.ids = ids
    }

    let dates = DateReader(context)
    // A time may follow the day in --due (fri 17:00, tomorrow 9am), as it follows the date of cal add.
    var timeInDue: TimeOfDay?
    dueDay = try arguments.value(Self.due).map { text throws(UsageError) -> CivilDate? in
      if text.isEmpty {
        guard action == .edit else { throw UsageError("The option '--due <date>' needs a date, not an empty string") }
        return nil
      }
      let (day, time) = try Self.dueParts(text, dates: dates)
      timeInDue = time
      return day
    }
    let atTime = try arguments.value(Self.at).map { text throws(UsageError) -> TimeOfDay? in
      if text.isEmpty {
        guard action == .edit else { throw UsageError("The option '--at <time>' needs a time, not an empty string") }
        return nil
      }
      return try dates.time(text, for: Self.at)
    }
    if timeInDue != nil && atTime != nil { throw UsageError("give the time in --due or with --at, not both") }
    dueTime = timeInDue.map { .some($0) } ?? atTime
    // As for events, `local` (or nothing) is the user's own clock: no zone kept.
    zone = try arguments.value(Self.timeZone).map { name throws(UsageError) -> String? in
      name == "local" || name.isEmpty ? nil : try Self.zoneName(name, context)
    }
    if (zone ?? nil) != nil && dueTime == nil && action == .add {
      throw UsageError("--tz goes with --at: a to-do due on a day is due by its end on your clock")
    }
    if action == .add && dueTime != nil && dueDay == nil {
      throw UsageError("--at gives the time on the day it is due: give --due DATE too")
    }
    priorityValue = try arguments.value(Self.priority).map { text throws(UsageError) in
      guard let priority = TodoPriority(parsing: text) else {
        throw UsageError("'\(text)' is not a priority: use high, medium, low, none, or a number from 0 to 9")
      }
      return priority
    }
    noteText = arguments.value(Self.note).map { $0.isEmpty ? nil : $0 }
    locationText = arguments.value(Self.location).map { $0.isEmpty ? nil : $0 }
    titleText = arguments.value(Self.title)
    if let titleText, titleText.allSatisfy(\.isWhitespace) {
      throw UsageError("the title is empty: give the to-do a title")
    }
    statusValue = try arguments.value(Self.status).map { text throws(UsageError) in
      guard let status = TodoStatus(rawValue: text.lowercased()) else {
        throw UsageError("'\(text)' is not a to-do's status: use open, started, done or cancelled")
      }
      return status
    }
    if action == .edit {
      let changes = [
        Self.due, Self.at, Self.timeZone, Self.priority, Self.note, Self.location, Self.title, Self.status,
      ]
      if !changes.contains(where: arguments.isGiven) && !arguments.isGiven(Self.calendar) {
        throw UsageError(
          "nothing to change: give --title, --due, --at, --tz, --priority, --note, --location, --status or --calendar")
      }
    }
    calendarName = try CalendarOption.parse(arguments)
    json = arguments.flag(JSONOption.option)
    format = try arguments.value(TodoFormat.option).map { (text) throws(UsageError) in try TodoFormat(text) }
    guard !(json && format != nil) else { throw UsageError("give --json or --format, not both") }
    store = try StoreOptions(arguments)
  }

  /// The zone called `name`, as the system names it; a name it does not know is a usage error.
  private static func zoneName(_ name: String, _ context: CommandContext) throws(UsageError) -> String {
    do {
      return try context.zones.zone(name).name
    } catch {
      throw UsageError(error.description)
    }
  }

  /// The day `--due` gives, and the time after it, if any (`fri 17:00`, `tomorrow 9am`).
  private static func dueParts(_ text: String, dates: DateReader) throws(UsageError) -> (CivilDate, TimeOfDay?) {
    let refusal: UsageError
    do {
      return (try dates.day(text, for: due), nil)
    } catch {
      refusal = error
    }
    let words = text.split(separator: " ").map(String.init)
    guard words.count > 1, let (day, count) = try? dates.leadingDay(words), count < words.count,
      let time = try? dates.time(words[count...].concatenated(separator: " "), for: at)
    else { throw refusal }
    return (day, time)
  }

  /// A to-do's id: `3` or `#3`.
  static func id(_ text: String) throws(UsageError) -> Int64 {
    let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
    guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      throw UsageError("'\(text)' is not a to-do's id: give its number, as cal todo list shows it (#3 or 3)")
    }
    guard let id = Int64(digits), id > 0 else { throw UsageError("there is no to-do #\(digits)") }
    return id
  }

  func run(_ context: CommandContext) throws {
    switch action {
    case .list:
      var items = try store.open(context, for: .read).todos(calendar: calendarName, selection)
      if let dueBy { items.removeAll { item in item.dueDay.map { $0 > dueBy } ?? true } }
      if json {
        context.print(JSONValue.array(items.map { TodoPresenter.json($0, context: context) }).serialized)
        return
      }
      if let format {
        // Nothing at all when nothing is listed, as list --format prints nothing for no events.
        for item in items { context.print(format.line(item, context: context)) }
        return
      }
      if items.isEmpty {
        var what = selection == .finished ? "finished to-dos" : selection == .all ? "to-dos" : "to-dos left to do"
        if let dueBy { what += " due by \(dueBy)" }
        context.print("No \(what)" + (calendarName.map { " in the calendar '\(TerminalText.sanitized($0))'." } ?? "."))
        return
      }
      let layout = TodoPresenter.Layout(items, context: context)
      for item in items {
        context.print(TodoPresenter.line(item, context: context, layout: layout))
        for line in TodoPresenter.noteLines(item) { context.print(line) }
      }
    case .add:
      var fields = TodoFields(title: newTitle, note: noteText ?? nil, location: locationText ?? nil)
      if let day = dueDay ?? nil { fields.due = TodoDue(day: day, time: dueTime ?? nil, timeZone: zone ?? nil) }
      fields.priority = priorityValue ?? .none
      let item = try store.open(context, for: .write).addTodo(fields, calendar: calendarName)
      print(
        TodoPresenter.report("Added", item, asJSON: json, clockNote: true, placed: true, context: context), context)
    case .edit:
      let item = try store.open(context, for: .modify).editTodo(id: ids[0], calendar: calendarName) { todo in
        try change(todo)
      }
      print(
        TodoPresenter.report(
          "Changed", item, asJSON: json, clockNote: true, placed: calendarName != nil, context: context), context)
    case .done, .reopen, .cancel:
      let status: TodoStatus = action == .done ? .done : action == .cancel ? .cancelled : .open
      let verb = action == .done ? "Done" : action == .cancel ? "Cancelled" : "Reopened"
      let already = action == .done ? "Already done" : action == .cancel ? "Already cancelled" : "Already open"
      for marking in try store.open(context, for: .modify).markTodos(ids, as: status) {
        print(
          TodoPresenter.report(marking.wasAlready ? already : verb, marking.todo, asJSON: json, context: context),
          context)
      }
    case .rm:
      let calendar = try store.open(context, for: .modify)
      let removed =
        removeFinished ? try calendar.removeFinishedTodos(calendar: calendarName) : try calendar.removeTodos(ids)
      for item in removed { print(TodoPresenter.report("Removed", item, asJSON: json, context: context), context) }
      if removeFinished && removed.isEmpty && !json { context.print("No finished to-dos to remove.") }
    }
  }

  private func print(_ lines: [String], _ context: CommandContext) {
    for line in lines { context.print(line) }
  }

  /// `fields` with what the options of `cal todo edit` change.
  private func change(_ fields: TodoFields) throws -> TodoFields {
    var fields = fields
    if let titleText { fields.title = titleText }
    if let noteText { fields.note = noteText }
    if let locationText { fields.location = locationText }
    if let priorityValue { fields.priority = priorityValue }
    if let statusValue { fields.status = statusValue }
    var due = fields.due
    if let dueDay {
      if let day = dueDay {
        due = TodoDue(day: day, time: due?.time, timeZone: due?.timeZone)
      } else {
        due = nil
      }
    }
    if let dueTime {
      guard let current = due else {
        throw UsageError("--at gives the time on the day it is due, and this to-do has none: give --due DATE too")
      }
      due = TodoDue(day: current.day, time: dueTime, timeZone: dueTime == nil ? nil : (zone ?? current.timeZone))
    } else if let zone {
      if let current = due, current.time != nil {
        due = TodoDue(day: current.day, time: current.time, timeZone: zone)
      } else if zone != nil {
        throw UsageError("--tz goes with a time: this to-do is due on a day, by its end on your clock; give --at")
      }
    }
    fields.due = due
    return fields
  }
}

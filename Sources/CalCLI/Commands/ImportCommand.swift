import CalCore
import CalService

/// `cal import FILE|- [--skip-invalid]`
struct ImportCommand: Command {
  static let spec = CommandSpec(
    name: "import", abstract: "Import events and to-dos from an iCalendar (.ics) file.",
    discussion: """
      Reads iCalendar as Google Calendar, Outlook, Apple Calendar, Thunderbird and Nextcloud write it. The \
      whole file is one transaction: everything or nothing. Events whose UID is already in the calendar are \
      updated, not added again, and left as they are when the file says nothing new about them. Display and \
      audio alarms become reminders; what cal does not read of an event (attendees, categories, email alarms, \
      other products' properties) is kept with it as it came, and export and sync write it back. To-dos \
      (VTODO) come in the same way, with their due date, priority and status, and are counted apart (into a \
      CalDAV calendar too, whose sync sends them up). What cal cannot \
      keep (journal entries, free/busy, rules it does not support) is counted and named in the summary.
      """,
    arguments: [ArgumentSpec("file", help: "The .ics file, or - for standard input.")],
    options: [skipInvalid, CalendarOption.target, JSONOption.option, StoreOptions.option])

  static let skipInvalid = OptionSpec(
    "skip-invalid", help: "Import what is valid and list what was skipped, instead of refusing the file.")

  let path: String
  let skipInvalid: Bool
  let calendarName: String?
  /// The calendar typed with `--calendar`, if any (else the configuration file may name one).
  let typedCalendar: String?
  let json: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    path = arguments.positional(0) ?? ""
    if path.isEmpty { throw UsageError("Missing expected argument '<file>'") }
    skipInvalid = arguments.flag(Self.skipInvalid)
    typedCalendar = try CalendarOption.parse(arguments)
    calendarName = context.configuration.targetCalendar(typedCalendar)
    json = arguments.flag(JSONOption.option)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    // Read twice, never whole: first checked (before any calendar is opened), then imported event by event.
    var input = try FileInput(path)
    let plan: ImportPlan
    do {
      plan = try CalendarService.planImport(&input)
    } catch let failure as ImportFailure {
      throw CalError("\(path): \(failure)")
    }
    let calendar = try store.open(context, for: .write)
    // A calendar typed with --calendar is made when missing; one the configuration file names must exist, as
    // for add, so that a typo there does not quietly start a calendar of its own.
    if let calendarName, typedCalendar == nil {
      _ = try context.configuration.namingCalendarSource(calendarName, typed: nil) {
        try calendar.calendar(named: calendarName)
      }
    }
    var progress = Progress(total: plan.eventCount, context: context)
    defer { progress.finish() }
    let report: ImportReport
    do {
      report = try calendar.importCalendar(&input, plan: plan, skipInvalid: skipInvalid, calendar: calendarName) {
        done, _ in
        progress.advance(to: done)
      }
    } catch {
      // An import that failed wrote nothing; a calendar it made on the way goes when the command fails
      // (`OpenedCalendars`).
      progress.finish()
      guard let failure = error as? ImportFailure else { throw error }
      let hint = failure.isEventError ? " (--skip-invalid imports the other events)" : ""
      throw CalError("\(path): \(failure)\(hint)")
    }
    progress.finish()
    context.print(summary(report))
  }

  private func summary(_ imported: ImportReport) -> String {
    let (added, updated, unchanged) = (imported.added, imported.updated, imported.unchanged)
    if json {
      return JSONValue.object([
        ("added", .integer(Int64(added))), ("updated", .integer(Int64(updated))),
        ("unchanged", .integer(Int64(unchanged))),
        (
          "todos",
          .object([
            ("added", .integer(Int64(imported.addedTodos))), ("updated", .integer(Int64(imported.updatedTodos))),
            ("unchanged", .integer(Int64(imported.unchangedTodos))),
          ])
        ),
        ("skippedCount", .integer(Int64(imported.skippedCount))),
        (
          "skipped",
          .array(
            imported.skipped.map { skip in
              .object([
                ("what", .string(skip.what)), ("line", skip.line.map { .integer(Int64($0)) } ?? .null),
                ("reason", .string(skip.reason)),
              ])
            })
        ),
        (
          "approximated",
          .array(
            imported.approximations.map { .object([("line", .integer(Int64($0.line))), ("note", .string($0.note))]) })
        ),
      ]).serialized
    }
    var text = "Imported \(path == "-" ? "standard input" : path): "
    if imported.keptTodos {
      // Counted apart only when the file had to-dos, so that an import of events alone reads as it always has.
      let todos = imported.addedTodos
      text +=
        "\(added) event\(added == 1 ? "" : "s") added, \(updated) updated, \(unchanged) unchanged; \(todos) "
        + "to-do\(todos == 1 ? "" : "s") added, \(imported.updatedTodos) updated, \(imported.unchangedTodos) unchanged; "
    } else {
      text += "\(added) added, \(updated) updated, \(unchanged) unchanged, "
    }
    text += "\(imported.skippedCount) skipped."
    // Group the skips by kind and reason, and the approximations by what they say, with the lines they stand on.
    var groups: [(key: String, lines: [Int], count: Int)] = []
    for skip in imported.skipped { add("\(skip.what): \(skip.reason)", skip.line, to: &groups) }
    for group in groups {
      text += "\n  skipped \(group.count) \(ErrorMessage.text(group.key))\(lines(group.lines, prefix: " (", ")"))"
    }
    let unlisted = imported.skippedCount - imported.skipped.count
    if unlisted > 0 { text += "\n  skipped \(unlisted) more, not listed" }
    var notes: [(key: String, lines: [Int], count: Int)] = []
    for approximation in imported.approximations { add(approximation.note, approximation.line, to: &notes) }
    for note in notes.prefix(20) {
      text += "\n  \(lines(note.lines, prefix: "", ": "))\(ErrorMessage.text(note.key))"
    }
    if notes.count > 20 { text += "\n  ... and \(notes.count - 20) more" }
    return text
  }

  /// Counts `line` under `key` in `groups`, in the order keys first come.
  private func add(_ key: String, _ line: Int?, to groups: inout [(key: String, lines: [Int], count: Int)]) {
    if let index = groups.firstIndex(where: { $0.key == key }) {
      groups[index].count += 1
      if let line { groups[index].lines.append(line) }
    } else {
      groups.append((key, line.map { [$0] } ?? [], 1))
    }
  }

  /// `line 3, 5, 9 ...` (the first five) between `prefix` and `suffix`; nothing without lines.
  private func lines(_ numbers: [Int], prefix: String, _ suffix: String) -> String {
    guard !numbers.isEmpty else { return "" }
    let shown = numbers.prefix(5).map(String.init).concatenated(separator: ", ")
    return "\(prefix)line \(shown)\(numbers.count > 5 ? " ..." : "")\(suffix)"
  }
}

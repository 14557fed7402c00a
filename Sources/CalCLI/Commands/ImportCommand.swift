import CalCore
import CalStorage

/// `cal import FILE|- [--skip-invalid]`
struct ImportCommand: Command {
  static let spec = CommandSpec(
    name: "import", abstract: "Import events from an iCalendar (.ics) file.",
    discussion: """
      Reads iCalendar as Google Calendar, Outlook, Apple Calendar, Thunderbird and Nextcloud write it. The \
      whole file is one transaction: everything or nothing. Events whose UID is already in the calendar are \
      updated, not added again. What cal cannot keep (to-dos, journal entries, alarms, free/busy, rules it \
      does not support) is counted and named in the summary.
      """,
    arguments: [ArgumentSpec("file", help: "The .ics file, or - for standard input.")],
    options: [
      OptionSpec("skip-invalid", help: "Import what is valid and list what was skipped, instead of refusing the file."),
      JSONOption.option, StoreOptions.option,
    ])

  let path: String
  let skipInvalid: Bool
  let json: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    path = arguments.positional(0) ?? ""
    if path.isEmpty { throw UsageError("Missing expected argument '<file>'") }
    skipInvalid = arguments.flag("skip-invalid")
    json = arguments.flag(JSONOption.option.long)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let bytes = try FileIO.read(path)
    var ignored: [Int] = []
    var repairs: [(line: Int, note: String)] = []
    let components: [ICSComponent]
    do {
      components = try ICSParser.parse(bytes, ignoredLines: &ignored, repairs: &repairs)
    } catch {
      throw CalError("\(path): \(error)")
    }
    var imported: ImportResult
    do {
      imported = try ICSImporter(loadZone: context.loadZone).read(components, skipInvalid: skipInvalid)
    } catch {
      throw CalError("\(path): \(error) (--skip-invalid imports the other events)")
    }
    imported.skipped += ignored.map { ("line", $0, "not a content line (NAME:value)") }
    imported.approximations += repairs
    let calendar = try store.open(context)
    // A large import fits in memory until it commits, instead of spilling pages to the log over and over.
    try calendar.database.execute("PRAGMA cache_size = -262144")
    var progress = Progress(total: imported.events.count, context: context)
    let (added, updated) = try calendar.write { () throws -> (Int, Int) in
      var added = 0
      var updated = 0
      for (index, event) in imported.events.enumerated() {
        if try save(event, in: calendar, at: context.nowMilliseconds) { updated += 1 } else { added += 1 }
        progress.advance(to: index + 1)
      }
      return (added, updated)
    }
    progress.finish()
    context.print(summary(imported, added: added, updated: updated))
  }

  /// Adds or (by UID) updates one event with its exceptions, edited occurrences and extra dates; true when
  /// it updated.
  private func save(_ event: ImportedEvent, in calendar: CalendarStore, at now: Int64) throws -> Bool {
    var fields = EventFields(schedule: event.schedule, title: event.title, note: event.note, location: event.location)
    fields.uid = event.uid
    let record: EventRecord
    let existed: Bool
    if let existing = try calendar.events.event(uid: event.uid) {
      try calendar.events.clearSeriesDetails(eventID: existing.id)
      record = try calendar.events.update(id: existing.id, fields, at: now)!
      existed = true
    } else {
      record = try calendar.events.insert(fields, at: now)
      existed = false
    }
    for day in event.exceptions { try calendar.events.addException(eventID: record.id, day: day.description) }
    for (day, override) in event.overrides {
      var child = EventFields(
        schedule: override.schedule, title: override.title, note: override.note, location: override.location)
      child.parentID = record.id
      child.recurrenceDay = day.description
      _ = try calendar.events.insert(child, at: now)
    }
    for extra in event.additions
    where extra.startDay != event.schedule.startDay || extra.startTime != event.schedule.startTime {
      var child = EventFields(schedule: extra, title: event.title, note: event.note, location: event.location)
      child.parentID = record.id
      _ = try calendar.events.insert(child, at: now)
    }
    return existed
  }

  private func summary(_ imported: ImportResult, added: Int, updated: Int) -> String {
    if json {
      return JSONValue.object([
        ("added", .integer(Int64(added))), ("updated", .integer(Int64(updated))),
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
    var text =
      "Imported \(path == "-" ? "standard input" : path): \(added) added, \(updated) updated, "
      + "\(imported.skipped.count) skipped."
    // Group the skips by kind and reason, with the lines they stand on.
    var groups: [(key: String, lines: [Int])] = []
    for skip in imported.skipped {
      let key = "\(skip.what): \(skip.reason)"
      if let index = groups.firstIndex(where: { $0.key == key }) {
        groups[index].lines += skip.line.map { [$0] } ?? []
      } else {
        groups.append((key, skip.line.map { [$0] } ?? []))
      }
    }
    for group in groups {
      let lines =
        group.lines.prefix(5).map(String.init).joined(separator: ", ")
        + (group.lines.count > 5 ? " ..." : "")
      text +=
        "\n  skipped \(max(1, group.lines.count)) \(TerminalText.sanitized(group.key))"
        + (lines.isEmpty ? "" : " (line \(lines))")
    }
    for approximation in imported.approximations.prefix(20) {
      text += "\n  line \(approximation.line): \(TerminalText.sanitized(approximation.note))"
    }
    if imported.approximations.count > 20 { text += "\n  ... and \(imported.approximations.count - 20) more" }
    return text
  }
}

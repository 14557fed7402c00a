import CalCore
import CalService

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
    options: [skipInvalid, CalendarOption.target, JSONOption.option, StoreOptions.option])

  static let skipInvalid = OptionSpec(
    "skip-invalid", help: "Import what is valid and list what was skipped, instead of refusing the file.")

  let path: String
  let skipInvalid: Bool
  let calendarName: String?
  let json: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    path = arguments.positional(0) ?? ""
    if path.isEmpty { throw UsageError("Missing expected argument '<file>'") }
    skipInvalid = arguments.flag(Self.skipInvalid)
    calendarName = try CalendarOption.parse(arguments)
    json = arguments.flag(JSONOption.option)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let bytes = try FileIO.read(path)
    let prepared: PreparedImport
    do {
      prepared = try CalendarService.prepareImport(bytes, skipInvalid: skipInvalid, zones: context.zones)
    } catch let failure as ImportFailure {
      let hint = failure.isEventError ? " (--skip-invalid imports the other events)" : ""
      throw CalError("\(path): \(failure)\(hint)")
    }
    let calendar = try store.open(context, for: .write)
    var progress = Progress(total: prepared.eventCount, context: context)
    let report = try calendar.importCalendar(prepared, calendar: calendarName) { done, _ in progress.advance(to: done) }
    progress.finish()
    context.print(summary(report))
  }

  private func summary(_ imported: ImportReport) -> String {
    let (added, updated) = (imported.added, imported.updated)
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

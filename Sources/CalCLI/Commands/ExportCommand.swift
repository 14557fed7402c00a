import CalCore
import CalStorage

/// `cal export [--from DATE --to DATE] [FILE]`
struct ExportCommand: Command {
  static let spec = CommandSpec(
    name: "export", abstract: "Export events as an iCalendar (.ics) file.",
    discussion: """
      Writes RFC 5545: UIDs that stay the same from one export to the next, all-day events as dates, timed \
      ones with their time zone and its VTIMEZONE, repeats as RRULE with EXDATE, RDATE and edited \
      occurrences. With --from and --to, only events that happen in that range (a series whole). Without \
      FILE, to standard output; a FILE is written whole or not at all.
      """,
    arguments: [ArgumentSpec("file", help: "Where to write (default: standard output).", isOptional: true)],
    options: [RangeOptions.from, RangeOptions.to, StoreOptions.option])

  let path: String?
  let range: (CivilDate, CivilDate)?
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    path = arguments.positional(0).flatMap { $0 == "-" ? nil : $0 }
    range = try RangeOptions.parse(arguments, today: context.today, fromAlone: false)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context)
    var zones: [String: ZoneInfo] = [:]
    var events: [ExportedEvent] = []
    let (records, allChildren, allExceptions) = try calendar.database.readTransaction {
      (try calendar.events.topLevel(), try calendar.events.allChildren(), try calendar.events.allExceptions())
    }
    for record in records {
      if let (first, last) = range {
        let lastDay = record.lastDay.flatMap { try? CivilDate(parsing: $0) }
        guard record.day <= last.description, lastDay.map({ $0 >= first }) ?? true else { continue }
      }
      var event = try exported(record)
      for child in allChildren[record.id] ?? [] {
        if let day = child.recurrenceDay.flatMap({ try? CivilDate(parsing: $0) }) {
          event.overrides.append((day, try exported(child)))
        } else {
          event.additions.append(try child.fields.schedule())
        }
      }
      event.exceptions = (allExceptions[record.id] ?? []).compactMap { try? CivilDate(parsing: $0) }
      let names =
        [event.schedule.timeZone] + event.overrides.map(\.event.schedule.timeZone) + event.additions.map(\.timeZone)
      for name in names {
        if let name, zones[name] == nil, let zone = try? context.loadZone(name) { zones[name] = zone }
      }
      events.append(event)
    }
    let text = ICSWriter(product: "-//cal//cal \(CalApp.version)//EN", now: context.nowMilliseconds, zones: zones)
      .calendar(events)
    if let path {
      try FileIO.write(text, to: path)
    } else {
      context.write(text)
    }
  }

  private func exported(_ record: EventRecord) throws -> ExportedEvent {
    ExportedEvent(
      uid: record.uid ?? "\(record.id)@cal", title: record.title, note: record.note, location: record.location,
      schedule: try record.fields.schedule(), created: record.createdAt, modified: record.updatedAt)
  }
}

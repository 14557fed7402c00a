import CalCore
import CalService

/// `cal rm ID... [--on DATE]`
struct RemoveCommand: Command {
  static let on = OptionSpec("on", value: "date", help: "Delete only the occurrence of each series on this day.")

  static let spec = CommandSpec(
    name: "rm", abstract: "Delete events, whole series, or single occurrences of a series.",
    discussion: """
      Several ids are removed together, as one change that one cal undo brings back; when one of them names \
      no event, nothing is removed. With --json, one object a line for each removal.
      """,
    arguments: [ArgumentSpec("id", help: EventHandle.help, keepsWords: true)],
    options: [on, JSONOption.option, StoreOptions.option])

  let targets: [(id: Int64, occurrence: CivilDate?)]
  let json: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    let on = try arguments.value(Self.on).map { text throws(UsageError) in
      try DateReader(context).day(text, for: Self.on)
    }
    var targets: [(id: Int64, occurrence: CivilDate?)] = []
    for text in arguments.positionals {
      let handle = try EventHandle(parsing: text)
      targets.append((handle.id, try handle.occurrence(or: on)))
    }
    self.targets = targets
    json = arguments.flag(JSONOption.option)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context, for: .modify)
    // With --json, one object a line for each removal: a single id prints what it always printed.
    for outcome in try calendar.remove(targets) {
      try report(outcome, calendar: calendar, context: context)
    }
  }

  private func report(_ outcome: RemovalOutcome, calendar: CalendarService, context: CommandContext) throws {
    switch outcome {
    case .removed(let event, let continuations):
      context.print(try said("Removed", event, on: nil, calendar: calendar, context: context))
      if !json {
        for continuation in continuations {
          context.print(
            "            it continues from \(continuation.schedule.startDay) as #\(continuation.id), which stays"
              + " (cal rm \(continuation.id) removes that too)")
        }
      }
    case .removedOccurrence(let series, let day):
      context.print(
        try said("Removed the \(day) occurrence of", series, on: day, calendar: calendar, context: context))
    }
  }

  /// What was removed, as `EventPresenter` reports it; for an event whose times cannot be worked out here
  /// (another program gave it a zone this system lacks: removing it is the way out), without them.
  private func said(
    _ verb: String, _ event: EventRecord, on day: CivilDate?, calendar: CalendarService, context: CommandContext
  ) throws -> String {
    do {
      return try EventPresenter.report(verb, event, on: day, asJSON: json, calendar: calendar, context: context)
    } catch let error as ServiceError {
      if json {
        return JSONValue.object([
          ("id", .integer(event.id)), ("title", .string(event.fields.title)), ("problem", .string(error.message)),
        ]).serialized
      }
      // The message quotes what the row holds (the zone's name): shown harmlessly, as a title is.
      return "\(verb): #\(event.id)  \(TerminalText.sanitized(event.fields.title)) (its time cannot be shown: "
        + "\(TerminalText.sanitized(error.message)))"
    }
  }
}

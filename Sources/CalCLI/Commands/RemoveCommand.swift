import CalCore
import CalStorage

/// `cal rm ID [--on DATE]`
struct RemoveCommand: Command {
  static let spec = CommandSpec(
    name: "rm", abstract: "Delete an event, a whole series, or one occurrence of a series.",
    arguments: [ArgumentSpec("id", help: "The event's id, as add and list print it (#3 or 3).")],
    options: [
      OptionSpec("on", value: "date", help: "Delete only the occurrence of the series on this day."),
      JSONOption.option, StoreOptions.option,
    ])

  let id: Int64
  let occurrence: CivilDate?
  let json: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    id = try parseEventID(arguments.positional(0) ?? "")
    occurrence = try arguments.value("on").map { text throws(UsageError) in try parseDay(text, today: context.today) }
    json = arguments.flag(JSONOption.option.long)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context)
    let output = try calendar.write { () throws -> String in
      guard let event = try calendar.events.event(id: id) else { throw CalError("there is no event #\(id)") }
      if let occurrence {
        return try removeOccurrence(occurrence, of: event, calendar: calendar, context: context)
      }
      _ = try calendar.events.delete(id: id)
      // An edited occurrence removed on its own leaves a gap in its series, not the original back.
      if let parent = event.parentID, let day = event.recurrenceDay {
        try calendar.events.addException(eventID: parent, day: day)
      }
      return try EventPresenter.report("Removed", event, asJSON: json, context: context)
    }
    context.print(output)
  }

  private func removeOccurrence(
    _ day: CivilDate, of event: EventRecord, calendar: CalendarStore, context: CommandContext
  ) throws -> String {
    _ = try seriesSchedule(of: event, withOccurrenceOn: day, in: calendar, command: "remove")
    let report = try EventPresenter.report(
      "Removed the \(day) occurrence of", event, on: day, asJSON: json, context: context)
    if let edited = try calendar.events.override(of: id, on: day.description) {
      _ = try calendar.events.delete(id: edited.id)
    }
    try calendar.events.addException(eventID: id, day: day.description)
    return report
  }
}

/// `3` or `#3`: a positive event id.
func parseEventID(_ text: String) throws(UsageError) -> Int64 {
  let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
  guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int64(digits), id > 0 else {
    throw UsageError("'\(text)' is not an event id: expected a positive whole number such as 3")
  }
  return id
}

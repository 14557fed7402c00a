import CalCore
import CalService

/// `cal sync [NAME...] [--json]`
struct SyncCommand: Command {
  static let forceDelete = OptionSpec(
    "force-delete", help: "Remove here the events of a calendar whose collection the server now lists empty.")
  static let spec = CommandSpec(
    name: "sync", abstract: "Sync CalDAV calendars with their servers and subscriptions with their feeds.",
    discussion: """
      Local adds, edits and removals since the last sync go up, the server's come down; one resource per \
      event series or to-do, UIDs kept, every write conditional (If-Match, If-None-Match). When an event or \
      to-do changed on both sides, the server's version wins and yours is kept as a new one titled \
      "(conflict)", on this machine only. A sync that fails midway (the network, the server, kill -9) keeps what it did, and the \
      next one completes it. Subscriptions are replaced by their feeds' content. Prints, per calendar, the \
      events and to-dos sent up, brought down and removed, the conflicts and the time taken. A collection the server \
      lists empty while events here came from it is left alone (a server that lost its data looks the \
      same) unless --force-delete is given. Needs cal-sync beside cal.
      """,
    arguments: [
      ArgumentSpec(
        "names", help: "The calendars to sync (default: every CalDAV calendar and subscription).", isOptional: true,
        keepsWords: true)
    ],
    options: [forceDelete, JSONOption.option, StoreOptions.option])

  let names: [String]
  let forceDelete: Bool
  let json: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    names = arguments.positionals
    forceDelete = arguments.flag(Self.forceDelete)
    json = arguments.flag(JSONOption.option)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let network = try context.requireNetwork()
    let service = try store.open(context, for: .write)
    let calendars: [CalendarRecord]
    if names.isEmpty {
      calendars = try service.calendars().map(\.calendar).filter { $0.kind != .local }
    } else {
      calendars = try names.map { name in
        let calendar = try service.calendar(named: name)
        guard calendar.kind != .local else {
          throw ServiceError(.invalidRequest, "the calendar '\(calendar.name)' is local: there is nothing to sync")
        }
        return calendar
      }
    }
    let syncer = CalendarSyncer(service: service, context: context)
    var results: [JSONValue] = []
    var failures: [String] = []
    for calendar in calendars {
      let (report, milliseconds) = try syncer.sync(calendar, forceDelete: forceDelete)
      if json {
        results.append(SyncPresenter.json(report, milliseconds: milliseconds))
      } else {
        context.print(SyncPresenter.text(report, milliseconds: milliseconds))
      }
      if let failure = report.failure { failures.append("\(calendar.name): \(failure)") }
    }
    if json {
      context.print(
        JSONValue.object([("calendars", .array(results)), ("requests", .integer(Int64(network.requestCount)))])
          .serialized)
    } else if calendars.isEmpty {
      context.print("Nothing to sync: no CalDAV calendar or subscription (cal calendar add NAME --url URL).")
    }
    guard failures.isEmpty else {
      throw CalError(
        "sync stopped for " + failures.concatenated(separator: "; ") + " (what was done is kept; cal sync tries again)")
    }
  }
}

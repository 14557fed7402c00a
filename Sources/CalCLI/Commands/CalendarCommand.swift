import CalCore
import CalService

/// `cal calendar [add|list|rm|edit] ...`: the calendars of the file (alone: their list).
struct CalendarCommand: Command {
  static let color = OptionSpec(
    "color", value: "color",
    help: "The calendar's colour: black, red, green, yellow, blue, magenta, cyan, white or #rrggbb (edit: none).")
  static let url = OptionSpec(
    "url", value: "url",
    help: "add: mirror a CalDAV collection, two ways (a server's root or principal URL finds its calendars).")
  static let user = OptionSpec("user", value: "user", help: "add --url: the account's user name.")
  static let passwordCommand = OptionSpec(
    "password-command", value: "command",
    help: "add --url: a command that prints the password at each sync, such as 'pass show cal'.")
  static let subscribe = OptionSpec(
    "subscribe", value: "url", help: "add: mirror an iCalendar feed (http, https or file://), read-only.")
  static let force = OptionSpec("force", help: "rm: remove the calendar with its events and to-dos.")
  static let rename = OptionSpec("rename", value: "name", help: "edit: the calendar's new name.")
  static let names = OptionSpec("names", help: "list: only the names, one a line (for scripts and shell completion).")

  static let spec = CommandSpec(
    name: "calendar", abstract: "Add, list, change and remove calendars.",
    discussion: """
      Every event belongs to a calendar; the first is personal. cal calendar list (or cal calendar alone) shows them; \
      cal calendar add NAME adds a local one; with --url, one mirrored from a CalDAV collection, kept in \
      sync both ways by cal sync (the password is never stored: --password-command is run at each sync, \
      else ~/.netrc is read); with --subscribe, one mirrored from an iCalendar feed, read-only, its \
      content replaced at each sync (a feed that cannot be fetched or read is not added). cal calendar rm NAME refuses a calendar that holds events or to-dos unless \
      --force (nothing on a server is touched). cal calendar edit NAME renames or recolours one.
      """,
    arguments: [
      ArgumentSpec("action", help: "add, list, rm or edit (default: list).", isOptional: true),
      ArgumentSpec("name", help: "The calendar's name.", isOptional: true),
    ],
    options: [
      color, url, user, passwordCommand, subscribe, force, rename, names,
      JSONOption.option.withHelp("list: print JSON for scripts instead of text."), StoreOptions.option,
    ])

  /// What to do.
  enum Action: String, CaseIterable {
    case add, list, rm, edit
  }

  let action: Action
  let name: String
  let color: CalendarColor??
  let url: String?
  let user: String?
  let passwordCommand: String?
  let subscription: String?
  let force: Bool
  let rename: String?
  let json: Bool
  let namesOnly: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    // Alone it lists them, as `git remote` alone does: what one wants first, and no error to read.
    let word = arguments.positional(0) ?? "list"
    guard let action = Action(rawValue: word) else {
      throw UsageError("'\(word)' is not something cal calendar does: use add, list, rm or edit")
    }
    self.action = action
    name = arguments.positional(1) ?? ""
    let allowed: [OptionSpec]
    switch action {
    case .add: allowed = [Self.color, Self.url, Self.user, Self.passwordCommand, Self.subscribe]
    case .list: allowed = [JSONOption.option, Self.names]
    case .rm: allowed = [Self.force]
    case .edit: allowed = [Self.color, Self.rename]
    }
    let all = [Self.color, Self.url, Self.user, Self.passwordCommand, Self.subscribe, Self.force, Self.rename]
    for option in all + [JSONOption.option, Self.names] where arguments.isGiven(option) {
      guard allowed.contains(where: { $0.long == option.long }) else {
        throw UsageError("The option '--\(option.long)' does not go with cal calendar \(action.rawValue)")
      }
    }
    if action == .list {
      guard name.isEmpty else { throw UsageError("Unexpected argument '\(name)'") }
    } else if name.isEmpty {
      throw UsageError("Missing expected argument '<name>': which calendar?")
    }
    color = try arguments.value(Self.color).map { text throws(UsageError) in
      if action == .edit && text.lowercased() == "none" { return nil }
      guard let color = CalendarColor(text) else {
        throw UsageError(
          "'\(text)' is not a colour: use one of \(CalendarColor.names.concatenated(separator: ", ")) or #rrggbb"
            + (action == .edit ? " (none removes it)" : ""))
      }
      return color
    }
    url = arguments.value(Self.url)
    subscription = arguments.value(Self.subscribe)
    user = arguments.value(Self.user)
    passwordCommand = arguments.value(Self.passwordCommand)
    if url != nil && subscription != nil { throw UsageError("give --url or --subscribe, not both") }
    if let url, !CalendarSyncer.isUsable(url, forFeed: false) {
      throw UsageError("'\(url)' is not an http or https URL")
    }
    if let subscription, !CalendarSyncer.isUsable(subscription, forFeed: true) {
      throw UsageError("'\(subscription)' is not an http, https or file:// URL")
    }
    if url == nil && (user != nil || passwordCommand != nil) {
      throw UsageError("--user and --password-command go with --url")
    }
    force = arguments.flag(Self.force)
    rename = arguments.value(Self.rename)
    if action == .edit && rename == nil && color == nil {
      throw UsageError("nothing to change: give --rename NAME or --color COLOR")
    }
    json = arguments.flag(JSONOption.option)
    namesOnly = arguments.flag(Self.names)
    if json && namesOnly { throw UsageError("give --json or --names, not both") }
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    // What needs the network is handed to cal-sync before anything is opened.
    if url != nil || subscription.map({ CalendarSyncer.filePath($0) == nil }) == true {
      _ = try context.requireNetwork()
    }
    switch action {
    case .list: try list(context)
    case .add: try add(context)
    case .rm:
      let (calendar, removed, todos) = try store.open(context, for: .write).removeCalendar(named: name, force: force)
      let events =
        (removed == 0 ? "" : " and its \(removed) event\(removed == 1 ? "" : "s")")
        + (todos == 0 ? "" : " and its \(todos) to-do\(todos == 1 ? "" : "s")")
      let server = calendar.kind == .caldav ? " (nothing on the server was touched)" : ""
      context.print("Removed calendar \(TerminalText.sanitized(calendar.name))\(events)\(server).")
    case .edit:
      let calendar = try store.open(context, for: .write).editCalendar(named: name, rename: rename, color: color)
      context.print("Changed calendar \(TerminalText.sanitized(calendar.name)): " + Self.describe(calendar, context))
    }
  }

  private func list(_ context: CommandContext) throws {
    if namesOnly {
      for name in try store.open(context, for: .read).calendarNames() { context.print(TerminalText.sanitized(name)) }
      return
    }
    let summaries = try store.open(context, for: .read).calendars()
    if json {
      let objects = summaries.map { summary in
        let calendar = summary.calendar
        return JSONValue.object([
          ("name", .string(calendar.name)), ("color", .optional(calendar.color?.description)),
          ("kind", .string(calendar.kind.rawValue)), ("url", .optional(calendar.url)),
          ("user", .optional(calendar.user)),
          ("events", .integer(summary.eventCount)), ("todos", .integer(summary.todoCount)),
          ("syncedAt", .optional(calendar.syncedAt.map(context.localTimestamp))),
          // What a CalDAV collection says it holds, once read: [] when it said nothing (any component).
          ("components", calendar.components.map { .array($0.map(JSONValue.string)) } ?? .null),
        ])
      }
      context.print(JSONValue.array(objects).serialized)
      return
    }
    guard !summaries.isEmpty else { return context.print("No calendars: add one with cal calendar add NAME.") }
    let names = summaries.map { TerminalText.sanitized($0.calendar.name) }
    let width = names.map(DisplayWidth.of).max() ?? 0
    let digits = summaries.map { String($0.eventCount).count }.max() ?? 1
    // A column of to-dos only where there are some.
    let todoDigits =
      summaries.contains { $0.todoCount > 0 } ? summaries.map { String($0.todoCount).count }.max() ?? 1 : 0
    for (summary, name) in zip(summaries, names) {
      let count = String(summary.eventCount)
      let shown = context.stylesOutput ? summary.calendar.color.map { "\u{1B}[\($0.sgr)m\(name)\u{1B}[0m" } : nil
      var todos = ""
      if todoDigits > 0 {
        let todoCount = String(summary.todoCount)
        todos =
          String(repeating: " ", count: todoDigits - todoCount.count) + todoCount
          + (summary.todoCount == 1 ? " to-do   " : " to-dos  ")
      }
      context.print(
        (shown ?? name) + String(repeating: " ", count: width - DisplayWidth.of(name) + 2 + digits - count.count)
          + count + (summary.eventCount == 1 ? " event   " : " events  ") + todos
          + Self.describe(summary.calendar, context))
    }
  }

  /// `local`, `CalDAV https://... (user ana), blue, synced 2024-05-12T10:00:00+02:00` (`..., takes no to-dos,
  /// ...` for a collection that holds none).
  static func describe(_ calendar: CalendarRecord, _ context: CommandContext, withSyncState: Bool = true) -> String {
    var parts: [String]
    switch calendar.kind {
    case .local: parts = ["local"]
    case .caldav:
      parts = [
        "CalDAV \(TerminalText.sanitized(calendar.url ?? ""))"
          + (calendar.user.map { " (user \(TerminalText.sanitized($0)))" } ?? "")
      ]
    case .subscription: parts = ["subscription \(TerminalText.sanitized(calendar.url ?? ""))"]
    }
    // Its to-dos stay here (cal todo add says so too).
    if calendar.refusesTodos { parts.append("takes no to-dos") }
    if let color = calendar.color { parts.append(color.description) }
    if calendar.kind != .local && withSyncState {
      parts.append(calendar.syncedAt.map { "synced \(context.localTimestamp($0))" } ?? "never synced")
    }
    return parts.concatenated(separator: ", ")
  }

  private func add(_ context: CommandContext) throws {
    let service = try store.open(context, for: .write)
    var record = CalendarRecord(id: 0, name: name, color: color ?? nil)
    if let url {
      let found = try context.requireNetwork().discover(url: url, user: user, passwordCommand: passwordCommand)
      let chosen: DiscoveredCalendar
      if let exact = found.first(where: { $0.url == url }) ?? (found.count == 1 ? found.first : nil) {
        chosen = exact
      } else if found.isEmpty {
        throw CalError("no calendar of events at \(url)")
      } else {
        // The choices on standard output, one a line; the error stays one line.
        context.print("Calendars at \(TerminalText.sanitized(url)):")
        for calendar in found {
          context.print(
            "  \(TerminalText.sanitized(calendar.url))"
              + (calendar.name.map { "  \(TerminalText.sanitized($0))" } ?? ""))
        }
        throw CalError("\(url) holds \(found.count) calendars: give one of the URLs above with --url")
      }
      record.kind = .caldav
      record.url = chosen.url
      record.user = user
      record.passwordCommand = passwordCommand
      record.components = CalendarRecord.components(chosen.components)
      if record.color == nil { record.color = chosen.color }
    } else if let subscription {
      record.kind = .subscription
      record.url = subscription
    }
    if record.kind == .subscription {
      // One transaction: a feed that cannot be fetched or read leaves neither the calendar nor a change of
      // cal log behind (cal calendar add again once it can be).
      let started = context.elapsedMilliseconds()
      let (added, report) = try service.subscribe(record, feed: try CalendarSyncer.feed(record, context: context))
      Self.sayAdded(added, context)
      return context.print(SyncPresenter.text(report, milliseconds: context.elapsedMilliseconds() - started))
    }
    let added = try service.addCalendar(record)
    Self.sayAdded(added, context)
    guard added.kind != .local else { return }
    // The first sync, at once: a mirror with nothing in it is of no use. The server answered discovery, so a
    // failure now is one of the network midway: what came is kept, and the next sync goes on from there.
    let (report, milliseconds) = try CalendarSyncer(service: service, context: context).sync(added)
    context.print(SyncPresenter.text(report, milliseconds: milliseconds))
    if let failure = report.failure {
      throw CalError(
        "the first sync of '\(added.name)' failed: \(failure); the calendar is added, cal sync \(added.name) tries again"
      )
    }
  }

  private static func sayAdded(_ added: CalendarRecord, _ context: CommandContext) {
    context.print(
      "Added calendar \(TerminalText.sanitized(added.name)): " + describe(added, context, withSyncState: false))
  }
}

import CalCore
import CalService
import Glibc

/// `cal remind [--json] [--watch] [--exec CMD] [--install]`
struct RemindCommand: Command {
  static let watch = OptionSpec(
    "watch", help: "Keep running: tell each reminder when it is due, until SIGTERM or Ctrl-C.")
  static let exec = OptionSpec(
    "exec", value: "command",
    help: "Run this with /bin/sh -c for each reminder instead of printing it, the event in CAL_TITLE, CAL_START ...")
  static let install = OptionSpec(
    "install", help: "Write a systemd user unit that runs cal remind --watch at login, and say how to enable it.")

  static let spec = CommandSpec(
    name: "remind", abstract: "Tell the reminders that are due.",
    discussion: """
      Prints the reminders that are due and have not been told, and records them as told, so that each is \
      told once, however many cal remind run at the same moment. One missed while the machine was off is \
      told at the next run, marked late; one more than a day late is reported as missed instead, each \
      reminder of each event once, with how many times it was missed. Nothing is printed when nothing is due.
      With --watch, cal stays running and sleeps until the next reminder is due, waking when the calendar \
      changes; --exec runs a command for each reminder (one missed is printed instead), with CAL_TITLE, CAL_START, CAL_END, CAL_LOCATION, \
      CAL_NOTE, CAL_ID, CAL_OCCURRENCE, CAL_DUE and CAL_OUTCOME in its environment, for example \
      --exec 'notify-send "$CAL_TITLE" "$CAL_START"'; 16 commands run at once at most, more wait for a place; \
      a command that fails is named on standard error. \
      With --json, one JSON object per reminder: an array, \
      or with --watch one line each.
      --install writes ~/.config/systemd/user/cal-remind.service (with the --exec and --db given), which runs \
      cal remind --watch; it does not start it.
      """,
    options: [watch, exec, install, JSONOption.option, StoreOptions.option])

  let watching: Bool
  let command: ShellCommand?
  let installs: Bool
  let json: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    watching = arguments.flag(Self.watch)
    command = arguments.value(Self.exec).map(ShellCommand.init)
    if command?.command.allSatisfy(\.isWhitespace) == true { throw UsageError("--exec needs a command") }
    installs = arguments.flag(Self.install)
    json = arguments.flag(JSONOption.option)
    store = try StoreOptions(arguments)
    if installs && (watching || json) { throw UsageError("--install takes --exec and --db only") }
    if json && command != nil { throw UsageError("give --json or --exec, not both") }
  }

  func run(_ context: CommandContext) throws {
    if installs { return try writeUnit(context) }
    // Notices are written in the transaction that records them: a reader that stops reading must not keep the
    // calendar locked for every other cal.
    context.output.patience = Self.readerPatienceMilliseconds
    var calendar = try openCalendar(context)
    guard watching else {
      // Here a command that hangs may hold up the rest, but only those of a burst past the limit.
      var queue = try tellDue(calendar, context: context)[...]
      var running = 0
      while !queue.isEmpty {
        if running == Self.maximumRunning { running = ShellCommand.waitForOne() ? running - 1 : 0 }
        running += try start(&queue, limit: Self.maximumRunning - running, context: context) { _, _ in }
      }
      return
    }
    var waiter = try makeWaiter(calendar, context: context)
    // The commands still running, each with the reminder it was run for, to name one that fails.
    var running: [pid_t: ReminderNotice] = [:]
    // Those told but not yet started, waiting for a place among the commands running.
    var queue: ArraySlice<ReminderNotice> = []
    var wake = Waiter.Wake.changed
    while true {
      if calendar.fileHasMoved {
        // A file renamed over the calendar (a restored backup, a sync tool) is the calendar from now on: the
        // old one's reminders would be told from a file no one else sees, and the new one's never.
        calendar.letGoOfMovedFile()
        calendar = try openCalendar(context)
        waiter = try makeWaiter(calendar, context: context)
        wake = .changed
      }
      var left: Int64
      do {
        if wake != .childEnded { queue += try tellDue(calendar, context: context) }
        left = try calendar.nextReminderDue().map { $0 - context.now() } ?? Int64.max
      } catch let error as ServiceError where error.kind == .busy {
        // Another cal holds the file for longer than a change waits (an import of a million events): what is
        // due waits for it, and the watch, a service that runs for days, does not end.
        left = Self.busyRetryMilliseconds
      }
      for (pid, failure) in ShellCommand.reapEnded() {
        guard let notice = running.removeValue(forKey: pid), let failure else { continue }
        context.writeError(ReminderPresenter.failure(notice, failure, context: context) + "\n")
      }
      try start(&queue, limit: Self.maximumRunning - running.count, context: context) { running[$0] = $1 }
      // Asleep until the next reminder, a change to the calendar (or the test clock), a command's end, or a
      // minute at most: a clock that jumps (a suspended laptop) is noticed within a minute.
      wake = waiter.wait(milliseconds: min(max(left, 0), 60_000))
      if wake == .stopped { return }
    }
  }

  /// The calendar the reminders are in. Watching waits on its file, so it needs one: the default one is made
  /// when missing.
  private func openCalendar(_ context: CommandContext) throws -> CalendarService {
    let calendar = try store.open(context, for: .read)
    return watching && calendar.isInMemory ? try store.open(context, for: .write) : calendar
  }

  /// What wakes the watch: the calendar's file and log, the test clock's file, and with `--exec` a command's end.
  private func makeWaiter(_ calendar: CalendarService, context: CommandContext) throws -> Waiter {
    try Waiter(
      watching: [calendar.path, calendar.path + "-wal"] + (context.clockFile.map { [$0] } ?? []),
      monotonic: context.elapsedMilliseconds, wakesForChildren: command != nil)
  }

  /// Whether `notice` is given to the command rather than printed. A reminder missed by more than a day is
  /// reported, not fired: no notification for last week's standup.
  private func fires(_ notice: ReminderNotice) -> Bool {
    command != nil && notice.outcome != .missed
  }

  /// Tells the reminders that are due and returns those given to the command. The others are printed as they
  /// come (a line each, or JSON: an array, or with `--watch` a line each), inside the transaction that
  /// records them: one whose line cannot be written is not recorded, and comes again.
  private func tellDue(_ calendar: CalendarService, context: CommandContext) throws -> [ReminderNotice] {
    var fired: [ReminderNotice] = []
    var printed = 0
    let array = json && !watching
    try calendar.deliverDueReminders { notice in
      guard !fires(notice) else { return fired.append(notice) }
      if array {
        context.output.write(printed == 0 ? "[" : ",")
        context.output.write(ReminderPresenter.json(notice, context: context).serialized)
      } else {
        context.print(
          json
            ? ReminderPresenter.json(notice, context: context).serialized
            : ReminderPresenter.line(notice, context: context))
      }
      printed += 1
    } then: {
      if array && printed > 0 { context.print("]") }
      try Self.flush(context)
    }
    // No reminder due (nothing was told): the JSON form is still an array.
    if array && printed == 0 { context.print("[]") }
    return fired
  }

  /// The most commands `--exec` runs at once: a burst of reminders (a calendar back from a week away, or
  /// a hostile one with thousands due at the same minute) waits for a place instead of starting a shell
  /// for each at once.
  static let maximumRunning = 16

  /// How long the notices wait for their reader to take anything: well below the 5 s another cal waits for
  /// the calendar's lock.
  static let readerPatienceMilliseconds: Int32 = 2_000

  /// How long a watch that found the calendar busy sleeps before it tries again, unless the file changes.
  static let busyRetryMilliseconds: Int64 = 1_000

  /// Runs the command for the first notices of `queue`, at most `limit` of them, taking them off the queue,
  /// once they are recorded as told (a command started before, by a cal then killed or whose commit failed,
  /// would run again next time); hands each command's process id to `started` and returns how many started.
  @discardableResult
  private func start(
    _ queue: inout ArraySlice<ReminderNotice>, limit: Int, context: CommandContext,
    started: (pid_t, ReminderNotice) -> Void
  ) throws -> Int {
    guard let command else {
      queue = []
      return 0
    }
    var count = 0
    while count < limit, let notice = queue.popFirst() {
      started(try command.start(environment: ReminderPresenter.environment(notice, context: context)), notice)
      count += 1
    }
    return count
  }

  /// Hands the output on now, so that a notice that cannot be written fails the transaction recording it.
  private static func flush(_ context: CommandContext) throws {
    context.output.flush()
    if let failure = context.output.failure { throw CalError("cannot write the output: \(failure)") }
  }

  /// `cal remind --install`: the unit file, and what to run to enable it.
  private func writeUnit(_ context: CommandContext) throws {
    guard let executable = context.executablePath() else {
      throw CalError("cannot tell where this cal is (/proc/self/exe cannot be read)")
    }
    let configuration = try BaseDirectory.folder(
      "XDG_CONFIG_HOME", underHome: ".config", environment: context.environment, purpose: "where the unit goes")
    let folder = configuration + "/systemd/user"
    try FileIO.createFolders(folder)
    var arguments = ["remind", "--watch"]
    if let command { arguments += ["--exec", command.command] }
    let location = try CalendarLocation.resolve(option: store.path, environment: context.environment)
    if !location.isDefault { arguments += ["--db", FileIO.absolute(location.path)] }
    let path = folder + "/" + SystemdUnit.name
    try FileIO.write(SystemdUnit.reminderService(executable: executable, arguments: arguments), to: path)
    context.print("Wrote \(TerminalText.sanitized(path)), a systemd user service that runs `cal remind --watch`.")
    context.print("Start it now and at every login with:")
    context.print("  systemctl --user daemon-reload && systemctl --user enable --now \(SystemdUnit.name)")
    if command == nil {
      context.print(
        "It prints each reminder to the journal (journalctl --user -u cal-remind); for desktop notifications, "
          + "install it with --exec 'notify-send \"$CAL_TITLE\" \"$CAL_START\"'.")
    }
  }
}

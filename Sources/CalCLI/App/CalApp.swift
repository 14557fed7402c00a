import CalCore
import CalService

/// The whole command line: picks the command, parses and validates its words, runs it, and turns every
/// outcome into output and an exit status, in this one place.
public enum CalApp {
  /// The program's version.
  public static let version = "0.1.0"
  /// The PRODID of the iCalendar it writes.
  static let product = "-//cal//cal \(version)//EN"

  /// Exit statuses, as sysexits.h names them.
  public enum ExitStatus {
    /// Success.
    public static let success: Int32 = 0
    /// Any failure that is not a usage error.
    public static let failure: Int32 = 1
    /// `EX_USAGE`: the command line was wrong.
    public static let usage: Int32 = 64
    /// The reader of standard output went away (`cal list | head`): what a shell shows for a program that
    /// SIGPIPE ended, 128 + 13.
    public static let readerIsGone: Int32 = 141
  }

  /// Every command, in the order help lists them. A function, not a stored table: metatypes are not
  /// `Sendable`, and nothing global need be shared.
  static var commands: [any Command.Type] {
    [
      ShowCommand.self, FlipCommand.self, GotoCommand.self, AddCommand.self, EditCommand.self, ListCommand.self,
      AgendaCommand.self, FreeCommand.self, SearchCommand.self, RemoveCommand.self, ImportCommand.self,
      ExportCommand.self, TodoCommand.self, CalendarCommand.self, SyncCommand.self, RemindCommand.self,
      UndoCommand.self,
      RedoCommand.self, LogCommand.self, HistoryCommand.self, InteractiveCommand.self, ConfigCommand.self,
      CompletionCommand.self,
    ]
  }

  /// `cal help`, which is handled here rather than as a command, described for completion and the manual.
  static let helpSpec = CommandSpec(
    name: "help", abstract: "Show help for a command, or for dates, times and lengths (cal help dates).",
    arguments: [
      ArgumentSpec("subcommand", help: "The command to explain, or dates for how to write them.", isOptional: true)
    ],
    options: [OptionSpec("man", help: "Print the whole manual page, cal(1), in roff.")])

  static let abstract = "A persistent page-flip calendar."
  static let discussion = """
    Every month is a page you turn from a corner; the calendar remembers the month on view, your events and \
    every page turn in one SQLite file. With no subcommand, cal shows the month on view.
    cal also stands in for cal(1): a line that starts with a number, a month's name or one of cal(1)'s options \
    (cal 5 2024, cal 2024, cal may 2024, cal -3, cal -y, cal -m, cal -w) prints the pages Debian's cal prints, \
    byte for byte, and opens no calendar: \(CalOneForm.usage). Dates follow the Julian calendar until 2 \
    September 1752 there, as Debian's cal's do; -m without a month and --monday start weeks on Monday, -s and \
    --sunday on Sunday, -w adds week numbers, -j numbers the days through the year, -A N and -B N add months \
    after and before, -d YYYY-MM stands for the current month. Dates, times and lengths: see cal help dates.
    """

  /// Runs `cal` with `arguments` (without the program name); returns the exit status. Output that could
  /// not be written (a full disk, a closed pipe) makes a failure of any command.
  public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
    // --verbose, anywhere before a `--`, adds what a user does not normally need to an error: the SQL that
    // failed, SQLite's own words.
    let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
    let verbose = arguments[..<end].contains(verboseOption)
    let words = arguments[..<end].filter { $0 != verboseOption } + arguments[end...]
    var context = context
    context.arguments = Array(words)
    var status = dispatch(Array(words), context: context, verbose: verbose)
    let changed = context.openedCalendars.finish(failed: status != ExitStatus.success)
    context.output.flush()
    // A command that failed has said why (perhaps this very failure) already. One that changed the calendar
    // says that the change stands, since what would have said so could not be written.
    if let failure = context.output.failure, status == ExitStatus.success {
      let kept = changed ? " (the change itself was made and kept: see cal log)" : ""
      context.writeError("Error: " + ErrorMessage.text("cannot write the output: \(failure)\(kept)") + "\n")
      status = ExitStatus.failure
    }
    return status
  }

  /// The global option that adds details to errors, accepted anywhere before a `--`.
  static let verbose = OptionSpec(
    "verbose", help: "Add the details behind an error: the SQL that failed and SQLite's own words.")
  /// `--verbose` as it is typed.
  static let verboseOption = "--" + verbose.long
  /// `--version`, which is a word of its own.
  static let versionOption = OptionSpec("version", help: "Show the version.")
  /// The options of `cal` itself, for its help and its manual page.
  static let globalOptions = [versionOption, verbose, OptionSpec.help]

  private static func dispatch(_ arguments: [String], context: CommandContext, verbose: Bool) -> Int32 {
    let writeError = context.writeError
    if let first = arguments.first, command(named: first) == nil, CalOneForm.claims(arguments, locale: context.locale) {
      return calOne(arguments, context: context)
    }
    let (name, words) = splitCommand(arguments)
    switch name {
    case "-h", "--help":
      context.write(rootHelp)
      return ExitStatus.success
    case "--version":
      context.print("cal \(version)")
      return ExitStatus.success
    case "help":
      return help(words, context: context)
    default:
      break
    }
    guard let command = command(named: name) else {
      if CalOneForm.claims([name], locale: context.locale) {
        writeError(
          "Error: "
            + ErrorMessage.text(
              "cal(1)'s forms (such as cal \(name)) open no calendar: leave out --db and --json, or use cal show "
                + "for the month on view with your events") + "\n" + calOneUsage)
        return ExitStatus.usage
      }
      writeError(unknownCommand(name, among: commandNames + ["help"], usage: "cal <subcommand>"))
      return ExitStatus.usage
    }
    return run(command, words, context: context, verbose: verbose)
  }

  /// Prints the pages of a cal(1) line, or its mistake.
  private static func calOne(_ arguments: [String], context: CommandContext) -> Int32 {
    // Help wins over every other word, as in a command's line.
    let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
    if arguments[..<end].contains(where: { $0 == "-h" || $0 == "--help" }) {
      context.write(rootHelp)
      return ExitStatus.success
    }
    do {
      try CalOneForm(arguments, context: context).run(context)
      return ExitStatus.success
    } catch {
      context.writeError("Error: \(ErrorMessage.text(error.message))\n" + calOneUsage)
      return ExitStatus.usage
    }
  }

  /// The usage lines of cal(1)'s forms, after an error.
  static let calOneUsage = "Usage: \(CalOneForm.usage)\n  See 'cal --help' for more information.\n"

  /// The command's name and its words. Global options written before the command (`cal --db x list`) are
  /// passed on to it; with no command at all, `show` runs.
  static func splitCommand(_ arguments: [String]) -> (String, [String]) {
    var leading: [String] = []
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      if word == "--db", index + 1 < arguments.count {
        leading += [word, arguments[index + 1]]
        index += 2
      } else if word.hasPrefix("--db=") || word == "--json" {
        leading.append(word)
        index += 1
      } else {
        break
      }
    }
    guard index < arguments.count else { return (ShowCommand.spec.name, leading) }
    let first = arguments[index]
    if first.hasPrefix("-") && !["-h", "--help", "--version"].contains(first) {
      return (ShowCommand.spec.name, leading + arguments[index...])
    }
    // The options written before the command come first, so that a `--` among the command's words cannot
    // turn them into arguments.
    return (first, leading + Array(arguments[(index + 1)...]))
  }

  static func command(named name: String) -> (any Command.Type)? {
    // Every command's name starts with a lower-case letter: `--version`, `-3`, `--agenda` and `5 2024` need no
    // spec built to say they name none (building every one costs a quarter of a million instructions).
    guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return nil }
    for command in commands where command.spec.names.contains(name) { return command }
    return nil
  }

  static var commandNames: [String] {
    commands.flatMap { $0.spec.names }
  }

  static var rootHelp: String {
    HelpFormatter.rootHelp(
      abstract: abstract, discussion: discussion, options: globalOptions, commands: commands.map { $0.spec })
  }

  private static func help(_ words: [String], context: CommandContext) -> Int32 {
    let writeError = context.writeError
    if words.first == "-h" || words.first == "--help" {
      context.write(HelpFormatter.help(helpSpec))
      return ExitStatus.success
    }
    if words.contains("--man") {
      let date = "\(context.today.year)-\(context.today.description.dropFirst(5).prefix(2))"
      context.write(
        ManualPage.render(
          abstract: abstract, discussion: discussion, options: globalOptions,
          commands: commands.map { $0.spec } + [helpSpec],
          version: version, date: date, preformatted: [DateGrammarHelp.text]))
      return ExitStatus.success
    }
    guard let name = words.first else {
      context.write(rootHelp)
      return ExitStatus.success
    }
    if name == DateGrammarHelp.topic {
      context.write(DateGrammarHelp.text)
      return ExitStatus.success
    }
    if name == helpSpec.name {
      context.write(HelpFormatter.help(helpSpec))
      return ExitStatus.success
    }
    guard let command = command(named: name) else {
      writeError(
        unknownCommand(name, among: commandNames + [DateGrammarHelp.topic], usage: "cal help [<subcommand>|dates]"))
      return ExitStatus.usage
    }
    context.write(HelpFormatter.help(command.spec))
    return ExitStatus.success
  }

  private static func run(
    _ command: any Command.Type, _ words: [String], context: CommandContext, verbose: Bool
  ) -> Int32 {
    let writeError = context.writeError
    let spec = command.spec
    do {
      var arguments = try ArgumentParser(spec: spec).parse(words)
      if arguments.wantsHelp {
        context.write(HelpFormatter.help(spec))
        return ExitStatus.success
      }
      if let problem = context.environmentProblem, spec.name != CompletionCommand.spec.name {
        throw CalError(problem)
      }
      func perform(_ context: CommandContext) throws {
        // A clock typed on the command line wins over the file's.
        let context = try TimeFormat.typed(arguments, context: context) ?? context
        try command.init(arguments, context: context).run(context)
      }
      // Without a file, the context goes on as it is: not even copied.
      if command.readsConfiguration,
        case let configuration = try Configuration.read(context.configurationFile(), context: context),
        !configuration.entries.isEmpty
      {
        var configured = context
        configured.configuration = configuration
        configured.locale = configuration.applied(to: context.locale)
        arguments = configuration.fillingDefaults(arguments, spec: spec)
        try perform(configured)
      } else {
        try perform(context)
      }
      return ExitStatus.success
    } catch let error as UsageError {
      writeError(usageError(error.message, spec))
      return ExitStatus.usage
    } catch let error as ServiceError where error.kind == .invalidRequest {
      writeError(usageError(error.message, spec))
      return ExitStatus.usage
    } catch let error as ServiceError {
      writeError("Error: \(ErrorMessage.text(error.message))\n")
      if verbose, let detail = error.detail { writeError("  \(ErrorMessage.text(detail))\n") }
      // What a shell shows for a program the signal ended.
      if case .stopped(let signal) = error.kind { return 128 + signal }
      return ExitStatus.failure
    } catch {
      writeError("Error: \(ErrorMessage.text(String(describing: error)))\n")
      return ExitStatus.failure
    }
  }

  /// `Error: Unknown command ...`, with the nearest of `names` when one is near, and the usage line `usage`: as
  /// swift-argument-parser words its own usage errors, as the argument parser's are (``ArgumentParser``).
  private static func unknownCommand(_ name: String, among names: [String], usage: String) -> String {
    let suggestion = EditDistance.closest(to: name, among: names)
    return "Error: "
      + ErrorMessage.text("Unknown command '\(name)'." + (suggestion.map { " Did you mean '\($0)'?" } ?? ""))
      + "\nUsage: \(usage)\n  See 'cal --help' for more information.\n"
  }

  /// `Error: ...`, the usage line and where to read more. What the user typed may be quoted in the
  /// message: it is shown harmlessly, never sent to the terminal as control sequences.
  private static func usageError(_ message: String, _ spec: CommandSpec) -> String {
    "Error: \(ErrorMessage.text(message))\nUsage: \(HelpFormatter.usage(spec))\n"
      + "  See 'cal \(spec.name) --help' for more information.\n"
  }
}

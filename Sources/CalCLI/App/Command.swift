/// One `cal` subcommand: its arguments, a validation step that runs before anything is opened, and `run`.
protocol Command {
  /// The command's name, arguments, options and help.
  static var spec: CommandSpec { get }

  /// Whether the configuration file is read and applied before the command runs: not for a command that
  /// reads it itself, or whose output it must not change.
  static var readsConfiguration: Bool { get }

  /// Validates the parsed words; every mistake is a `UsageError`, and nothing has been touched yet.
  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError)

  /// Does the work and writes the result.
  func run(_ context: CommandContext) throws
}

/// `cal completion bash|zsh|fish`
struct CompletionCommand: Command {
  static let spec = CommandSpec(
    name: "completion", abstract: "Print a shell completion script.",
    discussion: """
      bash: source <(cal completion bash), or save it in ~/.local/share/bash-completion/completions/cal.
      zsh: save it as _cal in a folder on $fpath.
      fish: save it as ~/.config/fish/completions/cal.fish.
      Calendar names (after --calendar, and for cal sync) are asked of cal itself, as cal calendar list --names, \
      for the line's --db.
      """,
    arguments: [ArgumentSpec("shell", help: "bash, zsh or fish.")])

  /// The command line as `CalApp` reads it, for the scripts: every command, the options that may come
  /// before one, and the command an option as the first word runs.
  static var grammar: CompletionScript.Grammar {
    CompletionScript.Grammar(
      commands: CalApp.commands.map { $0.spec } + [CalApp.helpSpec],
      leading: [StoreOptions.option, JSONOption.option, CalApp.verbose],
      standalone: [CalApp.versionOption, .help],
      defaultCommand: ShowCommand.spec, calOne: CalOneForm.spec, helpTopics: [DateGrammarHelp.topic])
  }

  /// A completion script is the same whatever the configuration file says.
  static var readsConfiguration: Bool { false }

  let shell: CompletionScript.Shell

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    let name = arguments.positional(0) ?? ""
    guard let shell = CompletionScript.Shell(rawValue: name) else {
      throw UsageError("unknown shell '\(name)': use bash, zsh or fish")
    }
    self.shell = shell
  }

  func run(_ context: CommandContext) throws {
    context.write(CompletionScript.script(for: shell, grammar: Self.grammar))
  }
}

/// `cal completion bash|zsh|fish`
struct CompletionCommand: Command {
  static let spec = CommandSpec(
    name: "completion", abstract: "Print a shell completion script.",
    discussion: """
      bash: source <(cal completion bash), or save it in ~/.local/share/bash-completion/completions/cal.
      zsh: save it as _cal in a folder on $fpath.
      fish: save it as ~/.config/fish/completions/cal.fish.
      """,
    arguments: [ArgumentSpec("shell", help: "bash, zsh or fish.")])

  let shell: CompletionScript.Shell

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    let name = arguments.positional(0) ?? ""
    guard let shell = CompletionScript.Shell(rawValue: name) else {
      throw UsageError("Unknown shell '\(name)': use bash, zsh or fish")
    }
    self.shell = shell
  }

  func run(_ context: CommandContext) throws {
    context.write(CompletionScript.script(for: shell, commands: CalApp.commands.map { $0.spec } + [CalApp.helpSpec]))
  }
}

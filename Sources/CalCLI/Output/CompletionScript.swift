/// Completion scripts for bash, zsh and fish, generated from the same command specs as the help, so that
/// they never fall behind the commands. Months complete as `today` and the twelve months of the year being
/// typed (or of the current year), computed by the shell when completing.
import CalCore

enum CompletionScript {
  enum Shell: String, CaseIterable {
    case bash, zsh, fish
  }

  static let directions = ["up-left", "up-right", "down-right", "down-left"]
  /// What `cal help` explains besides the commands.
  static let helpTopics = ["dates"]
  static let colorChoices = ["auto", "always", "never"]

  /// The script for `shell`.
  static func script(for shell: Shell, commands: [CommandSpec]) -> String {
    switch shell {
    case .bash: return bash(commands)
    case .zsh: return zsh(commands)
    case .fish: return fish(commands)
    }
  }

  /// What a command's positional argument completes to: `directions`, `months` or nothing.
  static func argumentKind(_ spec: CommandSpec) -> String {
    switch spec.name {
    case "flip": return "directions"
    case "show", "goto", "list": return "months"
    case "completion": return "shells"
    case "help": return "commands"
    default: return "none"
    }
  }

  static func optionWords(_ spec: CommandSpec) -> [String] {
    spec.options.flatMap { option in (option.short.map { ["-\($0)"] } ?? []) + ["--" + option.long] }
  }

  static func valueOptions(_ commands: [CommandSpec]) -> [String] {
    Array(
      Set(
        commands.flatMap { spec in
          spec.options.filter { $0.valueName != nil }.flatMap { option in
            (option.short.map { ["-\($0)"] } ?? []) + ["--" + option.long]
          }
        })
    ).sorted()
  }

  /// Every word that runs a command: names and aliases.
  static func names(_ commands: [CommandSpec]) -> String {
    commands.flatMap(\.names).joined(separator: " ")
  }

  private static func bash(_ commands: [CommandSpec]) -> String {
    let names = names(commands)
    let cases = commands.map { spec in
      "    \(spec.names.joined(separator: "|"))) options=\"\(optionWords(spec).joined(separator: " "))\"; "
        + "kind=\(argumentKind(spec)) ;;"
    }.joined(separator: "\n")
    return """
      # bash completion for cal; load with: source <(cal completion bash)
      _cal_months() {
        local year=${1:0:4}
        [[ $year =~ ^[0-9]{4}$ ]] || year=$(date +%Y)
        printf '%s ' today "$year"-{01,02,03,04,05,06,07,08,09,10,11,12}
      }

      _cal() {
        local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
        local command="" i options kind
        for ((i = 1; i < COMP_CWORD; i++)); do
          case ${COMP_WORDS[i]} in
            \(valueOptions(commands).joined(separator: "|"))) ((i++)) ;;
            -*) ;;
            *) command=${COMP_WORDS[i]}; break ;;
          esac
        done
        case $prev in
          --db) COMPREPLY=($(compgen -f -- "$cur")); return ;;
          --color) COMPREPLY=($(compgen -W "\(colorChoices.joined(separator: " "))" -- "$cur")); return ;;
          \(valueOptions(commands).filter { !["--db", "--color"].contains($0) }.joined(separator: "|"))) COMPREPLY=(); return ;;
        esac
        if [[ -z $command ]]; then
          COMPREPLY=($(compgen -W "\(names) --help --version --db" -- "$cur"))
          return
        fi
        case $command in
      \(cases)
          *) return ;;
        esac
        if [[ $cur == -* ]]; then
          COMPREPLY=($(compgen -W "$options" -- "$cur"))
          return
        fi
        case $kind in
          directions) COMPREPLY=($(compgen -W "\(directions.joined(separator: " "))" -- "$cur")) ;;
          months) COMPREPLY=($(compgen -W "$(_cal_months "$cur")" -- "$cur")) ;;
          shells) COMPREPLY=($(compgen -W "\(Shell.allCases.map(\.rawValue).joined(separator: " "))" -- "$cur")) ;;
          commands) COMPREPLY=($(compgen -W "\(names) \(helpTopics.joined(separator: " "))" -- "$cur")) ;;
        esac
      }
      complete -F _cal cal

      """
  }

  private static func zsh(_ commands: [CommandSpec]) -> String {
    let described = commands.flatMap { spec in spec.names.map { "    '\($0):\(zshEscaped(spec.abstract))'" } }
      .joined(separator: "\n")
    let cases = commands.map { spec in
      let options = spec.options.map { option in
        "'--\(option.long)[\(zshEscaped(option.help))]\(option.valueName.map { ":\($0):" + zshAction(option.long) } ?? "")'"
      }.joined(separator: " ")
      let argument: String
      switch argumentKind(spec) {
      case "directions": argument = "'1:direction:(\(directions.joined(separator: " ")))'"
      case "months": argument = "'1:month:_cal_months'"
      case "shells": argument = "'1:shell:(\(Shell.allCases.map(\.rawValue).joined(separator: " ")))'"
      case "commands": argument = "'1:command:(\(names(commands)) \(helpTopics.joined(separator: " ")))'"
      default: argument = ""
      }
      return "    \(spec.names.joined(separator: "|"))) _arguments \(options) \(argument) ;;"
    }.joined(separator: "\n")
    return """
      #compdef cal
      # zsh completion for cal; put it in a file named _cal on your $fpath, or: source <(cal completion zsh)

      _cal_months() {
        local year=${PREFIX[1,4]}
        [[ $year == <-> && ${#year} == 4 ]] || year=$(date +%Y)
        compadd -- today $year-{01,02,03,04,05,06,07,08,09,10,11,12}
      }

      _cal() {
        local -a commands
        commands=(
      \(described)
        )
        if (( CURRENT == 2 )); then
          _describe -t commands 'cal command' commands
          return
        fi
        local command=$words[2]
        shift words
        (( CURRENT-- ))
        case $command in
      \(cases)
        esac
      }

      if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
        _cal "$@"
      else
        compdef _cal cal
      fi

      """
  }

  private static func zshAction(_ option: String) -> String {
    switch option {
    case "db": return "_files"
    case "color": return "(\(colorChoices.joined(separator: " ")))"
    default: return " "
    }
  }

  private static func zshEscaped(_ text: String) -> String {
    text.replacingAll("'", with: "'\\''").replacingAll("[", with: "\\[").replacingAll("]", with: "\\]")
      .replacingAll(":", with: "\\:")
  }

  private static func fish(_ commands: [CommandSpec]) -> String {
    let names = names(commands)
    var lines = [
      "# fish completion for cal; save as ~/.config/fish/completions/cal.fish, or: cal completion fish | source",
      "function __cal_months",
      "    set -l year (string sub -l 4 -- (commandline -ct))",
      "    string match -qr '^[0-9]{4}$' -- $year; or set year (date +%Y)",
      "    printf '%s\\n' today $year-(seq -w 1 12)",
      "end",
      "complete -c cal -f",
      "complete -c cal -n '__fish_use_subcommand' -l version -d 'Show the version.'",
    ]
    for spec in commands {
      for name in spec.names {
        lines.append("complete -c cal -n '__fish_use_subcommand' -a \(name) -d '\(fishEscaped(spec.abstract))'")
      }
      let when = "-n '__fish_seen_subcommand_from \(spec.names.joined(separator: " "))'"
      for option in spec.options {
        var line = "complete -c cal \(when) -l \(option.long)"
        if let short = option.short { line += " -s \(short)" }
        if option.valueName != nil {
          line += " -r"
          if option.long == "db" { line += " -F" }
          if option.long == "color" { line += " -a '\(colorChoices.joined(separator: " "))'" }
        }
        lines.append(line + " -d '\(fishEscaped(option.help))'")
      }
      switch argumentKind(spec) {
      case "directions": lines.append("complete -c cal \(when) -a '\(directions.joined(separator: " "))'")
      case "months": lines.append("complete -c cal \(when) -a '(__cal_months)'")
      case "shells":
        lines.append("complete -c cal \(when) -a '\(Shell.allCases.map(\.rawValue).joined(separator: " "))'")
      case "commands": lines.append("complete -c cal \(when) -a '\(names) \(helpTopics.joined(separator: " "))'")
      default: break
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func fishEscaped(_ text: String) -> String {
    text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'")
  }
}

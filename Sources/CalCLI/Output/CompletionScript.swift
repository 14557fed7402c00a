import CalCore

/// Completion scripts for bash, zsh and fish, generated from the same command specs as the help, so that
/// they never fall behind the commands. The three hold the same knowledge in three syntaxes: a table of
/// each command's options (with the kind of value each takes) and the kinds of its arguments, and one
/// function that reads the words typed so far as `cal` does (options before the command, an option as the
/// first word running the default command, `--name=value`, `--`) and offers what fits where the cursor is.
enum CompletionScript {
  /// A shell that has a script.
  enum Shell: String, CaseIterable {
    case bash, zsh, fish
  }

  /// The command line as completion sees it.
  struct Grammar {
    /// Every command, `help` included, in the order help lists them.
    var commands: [CommandSpec]
    /// Options that may come before the command (`cal --db x show`), passed on to it.
    var leading: [OptionSpec]
    /// Options that stand alone as the only word (`cal --version`).
    var standalone: [OptionSpec]
    /// The command that runs when the first word is an option of its own (`cal --agenda`).
    var defaultCommand: CommandSpec
    /// cal(1)'s own words: a first word that is one of these options (`cal -3`, `cal -y`) makes the line
    /// cal(1)'s, and the rest of it takes these options.
    var calOne: CommandSpec
    /// What `cal help` explains besides the commands (`dates`).
    var helpTopics: [String]

    /// Every word that names a command: names and aliases, in the order help lists them.
    var commandNames: [String] { commands.flatMap(\.names) }

    /// The words that start a cal(1) line as options: each spelling of its options but `--color` and
    /// `--help` (the page-flip calendar's too, as first words).
    var calOneStarters: [String] {
      calOne.options.filter { $0.long != "color" && $0.long != OptionSpec.help.long }.flatMap {
        CompletionScript.spellings($0)
      }
    }
  }

  /// The name of the table of cal(1)'s words in the scripts; not a command (no command has a digit).
  static let calOneEntry = "cal1"

  /// What a value or an argument completes to.
  enum ValueKind: Equatable {
    /// Free text: nothing to offer.
    case text
    /// One of these words.
    case words([String])
    /// These words, then the twelve months (YYYY-MM) of the year being typed, or of this year.
    case months(plus: [String])
    /// A file name.
    case files
    /// A zone of the time-zone database, one folder at a time (`Eur` gives `Europe/`).
    case zones
    /// A command's name.
    case commands
    /// A command's name or another topic of `cal help`.
    case topics
    /// A calendar's name, as `cal calendar list --names` prints them for the calendar file of the line's
    /// `--db` (else the default one).
    case calendars
    /// The kind the command's first argument picks (`cal config KEY VALUE`: the key's values), by that
    /// argument; nothing for one not listed.
    case byFirstArgument([(String, ValueKind)])

    static func == (left: ValueKind, right: ValueKind) -> Bool { left.code == right.code }

    /// How the scripts' tables name it: `files`, `words:auto,always,never`.
    var code: String {
      switch self {
      case .text: return "text"
      case .words(let words): return "words:" + words.concatenated(separator: ",")
      case .months(let words): return "months:" + words.concatenated(separator: ",")
      case .byFirstArgument(let kinds):
        // `by:week-start=words:monday,...;color=words:auto,...`: no kind's own code holds ; or =.
        return "by:" + kinds.map { $0.0 + "=" + $0.1.code }.concatenated(separator: ";")
      case .files: return "files"
      case .zones: return "zones"
      case .commands: return "commands"
      case .topics: return "topics"
      case .calendars: return "calendars"
      }
    }
  }

  /// `yesterday`, `today` and `tomorrow`, as every date argument takes them.
  static let dayWords = DayExpression.relativeDays.sorted { $0.value < $1.value }.map(\.key)

  /// What values complete to, by the option's long name (`--repeat`), else by the name of its value or of
  /// the argument as help prints it (`<zone>`); anything not here is free text. A new kind of value needs
  /// only a line here, and a command that names its values like these completes without more work.
  static let kinds: [String: ValueKind] = [
    "--color": .words(PageOptions.ColorChoice.allCases.map(\.rawValue)),
    "--time-format": .words(TimeFormat.allCases.map(\.rawValue)),
    "--repeat": .words(ScheduleOptions.repeatWords.map(\.word) + ["none"]),
    "<path>": .files,
    "<file>": .files,
    "<zone>": .zones,
    "<date>": .words(dayWords),
    "<month>": .months(plus: ["today"]),
    "<when>": .months(plus: dayWords + ["week", "now"]),
    "<direction>": .words(CurlDirection.allCases.map(\.rawValue)),
    "<shell>": .words(Shell.allCases.map(\.rawValue)),
    "<subcommand>": .topics,
    "<action>": .words(CalendarCommand.Action.allCases.map(\.rawValue)),
    "<todo-action>": .words(TodoCommand.Action.allCases.map(\.rawValue)),
    "--priority": .words(["high", "medium", "low", "none"]),
    "--status": .words(TodoStatus.allCases.map(\.rawValue)),
    "<key>": .words(ConfigurationKey.allCases.map(\.rawValue)),
    "<value>": .byFirstArgument(
      ConfigurationKey.allCases.compactMap { key in key.completion.map { (key.rawValue, $0) } }),
    "--calendar": .calendars,
    // A reminder's `<when>` (15m, end, tomorrow 8am) is not list's: no word list fits it.
    "--remind": .text,
    "<names>": .calendars,
    // `cal calendar --color`, a calendar's colour, is not the pages' `--color <when>`.
    "--color <color>": .words(CalendarColor.names + ["none"]),
  ]

  /// What `option`'s value completes to.
  static func kind(of option: OptionSpec) -> ValueKind {
    let value = option.valueName.map { "<\($0)>" }
    return value.flatMap { kinds["--" + option.long + " " + $0] } ?? kinds["--" + option.long]
      ?? value.flatMap { kinds[$0] } ?? .text
  }

  /// What `argument` completes to.
  static func kind(of argument: ArgumentSpec) -> ValueKind {
    kinds["<\(argument.name)>"] ?? .text
  }

  /// The script for `shell`.
  static func script(for shell: Shell, grammar: Grammar) -> String {
    let entries =
      [Entry(topLevel: grammar)] + grammar.commands.flatMap { spec in spec.names.map { Entry(spec, name: $0) } }
      + [Entry(grammar.calOne, name: calOneEntry)]
    switch shell {
    case .bash: return bash(grammar, entries)
    case .zsh: return zsh(grammar, entries)
    case .fish: return fish(grammar, entries)
    }
  }

  /// What the scripts know of one command, or of the top level (named `""`): the words before a command.
  private struct Entry {
    let name: String
    /// What a word starting with a dash completes to.
    let options: [OptionSpec]
    let arguments: [ValueKind]
    /// Whether the last argument takes every remaining word.
    let repeatsLast: Bool

    init(_ spec: CommandSpec, name: String) {
      self.name = name
      options = spec.options
      arguments = spec.arguments.map(CompletionScript.kind(of:))
      repeatsLast = spec.arguments.last?.takesRest ?? false
    }

    /// Before the command: the leading and standalone options, the default command's own and cal(1)'s.
    init(topLevel grammar: Grammar) {
      name = ""
      var seen = Set<String>()
      options = (grammar.leading + grammar.standalone + grammar.calOne.options + grammar.defaultCommand.options).filter
      {
        seen.insert($0.long).inserted
      }
      arguments = []
      repeatsLast = false
    }

    /// Each spelling of each option that takes a value, with what the value completes to.
    var valued: [(spelling: String, kind: ValueKind)] {
      options.filter { $0.valueName != nil }.flatMap { option in
        spellings(option).map { ($0, CompletionScript.kind(of: option)) }
      }
    }
  }

  /// `--db`, whose value the scripts pass on when they ask `cal` for calendar names.
  private static let db = "--" + StoreOptions.option.long

  /// `-n` and `--months`.
  static func spellings(_ option: OptionSpec) -> [String] {
    (option.short.map { ["-\($0)"] } ?? []) + ["--" + option.long]
  }

  /// `--db --json`: the words a leading option may be, for a shell pattern.
  private static func leadingWords(_ grammar: Grammar) -> String {
    grammar.leading.flatMap(spellings).concatenated(separator: " ")
  }

  /// `'text'` for bash and zsh.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacingAll("'", with: "'\\''") + "'"
  }

  /// `'text'` for fish.
  private static func fishQuoted(_ text: String) -> String {
    "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
  }

  private static func bash(_ grammar: Grammar, _ entries: [Entry]) -> String {
    let tables = entries.map { entry in
      let options = entry.options.flatMap(spellings).concatenated(separator: " ")
      let values = entry.valued.map { "[\($0.spelling)]=\(quoted($0.kind.code))" }.concatenated(separator: " ")
      let arguments = entry.arguments.map { quoted($0.code) }.concatenated(separator: " ")
      return """
            \(quoted(entry.name)))
              cal_options=(\(options))
              cal_values=(\(values))
              cal_arguments=(\(arguments)) cal_rest=\(entry.repeatsLast ? 1 : 0) ;;
        """
    }.concatenated(separator: "\n")
    return """
      # bash completion for cal; load with: source <(cal completion bash),
      # or save it as ~/.local/share/bash-completion/completions/cal

      # What command $1 (the top level: '') takes: its options, the kind of value each option's value is,
      # the kinds of its arguments in order, and whether the last takes every remaining word.
      _cal_command() {
        case $1 in
      \(tables)
          *) return 1 ;;
        esac
      }

      # Completes $2 as a value of kind $1: a file, a zone, a command, one of the words listed, or one of
      # those words and the months of the year being typed.
      _cal_values() {
        local kind=$1 cur=$2 year months
        case $kind in
          files)
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
          zones) _cal_zones "$cur" ;;
          commands) mapfile -t COMPREPLY < <(compgen -W \(quoted(grammar.commandNames.concatenated(separator: " "))) -- "$cur") ;;
          topics)
            mapfile -t COMPREPLY < <(compgen -W \(quoted((grammar.commandNames + grammar.helpTopics).concatenated(separator: " "))) -- "$cur") ;;
          calendars)
            # Quoted as the line must hold them (bash inserts a reply as it is): a name may hold spaces,
            # quotes or $(...).
            local name db=${cal_db/#\\~/$HOME}
            while IFS= read -r name; do
              printf -v name %q "$name"
              [[ $name == "$cur"* ]] && COMPREPLY+=("$name")
            done < <(command cal ${db:+"\(db)=$db"} calendar list --names 2>/dev/null) ;;
          words:*)
            kind=${kind#*:}
            mapfile -t COMPREPLY < <(compgen -W "${kind//,/ }" -- "$cur") ;;
          months:*)
            year=${cur:0:4}
            [[ $year =~ ^[0-9]{4}$ ]] || printf -v year '%(%Y)T' -1
            months=("$year"-{01..12}) kind=${kind#*:}
            mapfile -t COMPREPLY < <(compgen -W "${kind//,/ } ${months[*]}" -- "$cur") ;;
          by:*)
            # The kind the command's first argument picks ($cal_first): KEY=KIND, separated by ;.
            local entry entries
            IFS=';' read -ra entries <<< "${kind#by:}"
            for entry in "${entries[@]}"; do
              [[ ${entry%%=*} == "$cal_first" ]] && _cal_values "${entry#*=}" "$cur"
            done ;;
        esac
      }

      # Completes $1 as a zone of the time-zone database ($TZDIR, else /usr/share/zoneinfo), a folder at a
      # time: Eur gives Europe/, then Europe/Be gives Europe/Berlin.
      _cal_zones() {
        local root=${TZDIR:-/usr/share/zoneinfo} folder="" path name
        [[ $1 == */* ]] && folder=${1%/*}/
        [[ /$folder == */.* ]] && return
        for path in "$root/$folder"*; do
          name=${path##*/}
          [[ $name == [A-Z]* && $name != *.* && $folder$name == "$1"* ]] || continue
          if [[ -d $path ]]; then
            COMPREPLY+=("$folder$name/")
          elif [[ -f $path ]]; then
            COMPREPLY+=("$folder$name")
          fi
        done
        [[ ${#COMPREPLY[@]} == 1 && ${COMPREPLY[0]} == */ ]] && compopt -o nospace 2>/dev/null
      }

      # Completes $cur, the word words[cword], from the words before it.
      _cal_complete() {
        local command="" word kind prefix index=0 only=0 i cal_db= cal_first=
        local cal_options=() cal_arguments=() cal_rest=0
        local -A cal_values=()
        _cal_command ''
        for ((i = 1; i < cword; i++)); do
          word=${words[i]}
          if ((only)) || [[ $word != -?* ]]; then
            if [[ -n $command ]]; then
              ((index++ == 0)) && cal_first=$word
            else
              command=$word
              _cal_command "$command" || return
            fi
            continue
          fi
          # An option other than a leading one, before any command, starts a cal(1) line when it is one of
          # cal(1)'s (-3, -3w, --monday), else runs the default command.
          if [[ -z $command && " \(leadingWords(grammar)) " != *" ${word%%=*} "* ]]; then
            if [[ " \(grammar.calOneStarters.concatenated(separator: " ")) " == *" ${word%%=*} "* ||
              ( $word != --* && " \(grammar.calOneStarters.concatenated(separator: " ")) " == *" ${word:0:2} "* ) ]]; then
              command=\(calOneEntry)
            else
              command=\(grammar.defaultCommand.name)
            fi
            _cal_command "$command"
          fi
          if [[ $word == -- ]]; then
            only=1
            continue
          fi
          [[ $word == \(db)=* ]] && cal_db=${word#*=}
          kind=${cal_values[$word]-}
          [[ -n $kind ]] || continue
          ((i + 1 == cword)) && { _cal_values "$kind" "$cur"; return; }
          [[ $word == \(db) ]] && cal_db=${words[i + 1]}
          ((i++))
        done
        if ((!only)) && [[ $cur == --*=* && -n ${cal_values[${cur%%=*}]-} ]]; then
          prefix=${cur%%=*}=
          _cal_values "${cal_values[${cur%%=*}]}" "${cur#*=}"
          COMPREPLY=("${COMPREPLY[@]/#/"$prefix"}")
        elif ((!only)) && [[ $cur == -* ]]; then
          mapfile -t COMPREPLY < <(compgen -W "${cal_options[*]}" -- "$cur")
        elif [[ -z $command ]]; then
          _cal_values commands "$cur"
        elif ((index < ${#cal_arguments[@]})); then
          _cal_values "${cal_arguments[index]}" "$cur"
        elif ((cal_rest && ${#cal_arguments[@]})); then
          _cal_values "${cal_arguments[-1]}" "$cur"
        fi
      }

      _cal() {
        # bash splits a word at = and : (COMP_WORDBREAKS): join again what was typed without a space between,
        # so that the words are those cal will see; bash replaces only what follows the last split.
        local line=${COMP_LINE:0:COMP_POINT} words=() cword=-1 cur piece kept i
        for ((i = 0; i <= COMP_CWORD; i++)); do
          piece=${COMP_WORDS[i]}
          if ((cword < 0)) || [[ -z $COMP_LINE || $line == [[:space:]]* ]]; then
            words[++cword]=$piece
          else
            words[cword]+=$piece
          fi
          line=${line#"${line%%[![:space:]]*}"}
          line=${line#"$piece"}
        done
        cur=${words[cword]}
        if [[ -n $piece && -z ${piece//[=:]} ]]; then
          kept=$cur
        else
          kept=${cur%"$piece"}
        fi
        COMPREPLY=()
        _cal_complete
        COMPREPLY=("${COMPREPLY[@]#"$kept"}")
        return 0
      }
      complete -F _cal cal

      """
  }

  private static func zsh(_ grammar: Grammar, _ entries: [Entry]) -> String {
    let tables = entries.map { entry in
      let options = entry.options.flatMap { option in
        spellings(option).map { quoted($0 + ":" + option.help) }
      }.concatenated(separator: "\n        ")
      let values = entry.valued.map { "\($0.spelling) \(quoted($0.kind.code))" }.concatenated(separator: " ")
      let arguments = entry.arguments.map { quoted($0.code) }.concatenated(separator: " ")
      return """
            \(quoted(entry.name)))
              cal_options=(
                \(options)
              )
              cal_values=(\(values))
              cal_arguments=(\(arguments)) cal_rest=\(entry.repeatsLast ? 1 : 0) ;;
        """
    }.concatenated(separator: "\n")
    let commands = grammar.commands.flatMap { spec in spec.names.map { quoted($0 + ":" + spec.abstract) } }
      .concatenated(separator: "\n    ")
    return """
      #compdef cal
      # zsh completion for cal; save it as _cal in a folder on $fpath (before compinit runs),
      # or: source <(cal completion zsh)

      # What command $1 (the top level: '') takes: its options with their help, the kind of value each
      # option's value is, the kinds of its arguments in order, and whether the last takes every remaining word.
      _cal_command() {
        case $1 in
      \(tables)
          *) return 1 ;;
        esac
      }

      _cal_commands() {
        local -a cal_commands
        cal_commands=(
          \(commands)
        )
        _describe -t commands 'cal command' cal_commands
      }

      # Completes a value of kind $1: a file, a zone, a command, one of the words listed, or one of those
      # words and the months of the year being typed.
      _cal_values() {
        local kind=$1 year
        case $kind in
          files) _files ;;
          zones) _cal_zones ;;
          commands) _cal_commands ;;
          topics) _cal_commands; compadd -- \(grammar.helpTopics.concatenated(separator: " ")) ;;
          calendars)
            local db=${cal_db/#\\~/$HOME}
            compadd -- ${(f)"$(command cal ${db:+\(db)=$db} calendar list --names 2>/dev/null)"} ;;
          words:*) compadd -- ${(s:,:)kind#*:} ;;
          months:*)
            year=${PREFIX[1,4]}
            [[ $year == [0-9][0-9][0-9][0-9] ]] || year=${(%):-%D{%Y}}
            compadd -- ${(s:,:)kind#*:} $year-{01..12} ;;
          by:*)
            # The kind the command's first argument picks ($cal_first): KEY=KIND, separated by ;.
            local entry
            for entry in ${(s:;:)kind#by:}; do
              [[ ${entry%%=*} == $cal_first ]] && _cal_values ${entry#*=}
            done ;;
          *) return 1 ;;
        esac
      }

      # Completes a zone of the time-zone database ($TZDIR, else /usr/share/zoneinfo), a folder at a time:
      # Eur gives Europe/, then Europe/Be gives Europe/Berlin.
      _cal_zones() {
        local root=${TZDIR:-/usr/share/zoneinfo} folder=
        local -a names folders
        [[ $PREFIX == */* ]] && folder=${PREFIX%/*}/
        [[ /$folder == */.* ]] && return 1
        names=($root/${folder}[A-Z]*(N-.:t))
        folders=($root/${folder}[A-Z]*(N-/:t))
        compset -P '*/'
        compadd -- ${names:#*.*}
        compadd -S '' -- ${^${folders:#*.*}}/
      }

      _cal() {
        local command= word kind index=0 only=0 i cal_rest=0 cal_db= cal_first=
        local -a cal_options cal_arguments
        local -A cal_values
        _cal_command ''
        for (( i = 2; i < CURRENT; i++ )); do
          word=$words[i]
          if (( only )) || [[ $word != -?* ]]; then
            if [[ -n $command ]]; then
              (( index++ == 0 )) && cal_first=$word
            else
              command=$word
              _cal_command $command || return 1
            fi
            continue
          fi
          # An option other than a leading one, before any command, starts a cal(1) line when it is one of
          # cal(1)'s (-3, -3w, --monday), else runs the default command.
          if [[ -z $command && " \(leadingWords(grammar)) " != *" ${word%%=*} "* ]]; then
            if [[ " \(grammar.calOneStarters.concatenated(separator: " ")) " == *" ${word%%=*} "* ||
              ( $word != --* && " \(grammar.calOneStarters.concatenated(separator: " ")) " == *" ${word[1,2]} "* ) ]]; then
              command=\(calOneEntry)
            else
              command=\(grammar.defaultCommand.name)
            fi
            _cal_command $command
          fi
          if [[ $word == -- ]]; then
            only=1
            continue
          fi
          [[ $word == \(db)=* ]] && cal_db=${word#*=}
          kind=${cal_values[$word]}
          [[ -n $kind ]] || continue
          if (( i + 1 == CURRENT )); then
            _cal_values $kind
            return
          fi
          [[ $word == \(db) ]] && cal_db=$words[i+1]
          (( i++ ))
        done
        if (( ! only )) && [[ $PREFIX == --*=* && -n ${cal_values[${PREFIX%%=*}]} ]]; then
          kind=${cal_values[${PREFIX%%=*}]}
          compset -P '*='
          _cal_values $kind
        elif (( ! only )) && [[ $PREFIX == -* ]]; then
          _describe -t options option cal_options
        elif [[ -z $command ]]; then
          _cal_commands
        elif (( index < $#cal_arguments )); then
          _cal_values $cal_arguments[index+1]
        elif (( cal_rest && $#cal_arguments )); then
          _cal_values $cal_arguments[-1]
        fi
      }

      if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
        _cal "$@"
      else
        compdef _cal cal
      fi

      """
  }

  private static func fish(_ grammar: Grammar, _ entries: [Entry]) -> String {
    let tables = entries.map { entry in
      let name = fishName(entry.name)
      let options = entry.options.flatMap { option in
        spellings(option).map { $0 + "\\t" + fishQuoted(option.help) }
      }.concatenated(separator: " \\\n    ")
      let values = entry.valued.map { "\($0.spelling) \(fishQuoted($0.kind.code))" }
      let arguments = entry.arguments.map { fishQuoted($0.code) }
      return """
        set -g __cal_options_\(name) \\
            \(options)
        \((["set -g __cal_values_" + name] + values).concatenated(separator: " "))
        \((["set -g __cal_arguments_" + name] + arguments).concatenated(separator: " "))
        set -g __cal_rest_\(name) \(entry.repeatsLast ? 1 : 0)
        """
    }.concatenated(separator: "\n")
    let commands = grammar.commands.flatMap { spec in spec.names.map { $0 + "\\t" + fishQuoted(spec.abstract) } }
      .concatenated(separator: " \\\n    ")
    return """
      # fish completion for cal; save it as ~/.config/fish/completions/cal.fish, or: cal completion fish | source

      # What each command (and the top level, __cal_*_) takes: its options with their help, the kind of value
      # each option's value is, the kinds of its arguments in order, and whether the last takes every
      # remaining word.
      \(tables)
      set -g __cal_commands \\
          \(commands)

      function __cal_values --argument-names kind cur --description 'Completes a value of a kind: a file, a zone, a command, the words listed, or those words and the months of the year typed'
          switch $kind
              case files
                  __fish_complete_path "$cur"
              case zones
                  __cal_zones "$cur"
              case commands
                  printf '%s\\n' $__cal_commands
              case topics
                  printf '%s\\n' $__cal_commands \(grammar.helpTopics.concatenated(separator: " "))
              case calendars
                  set -l db
                  test -n "$__cal_db"; and set db \(db)=(string replace -r -- '^~' $HOME $__cal_db)
                  command cal $db calendar list --names 2>/dev/null
              case 'words:*'
                  string split , -- (string replace -r '^[^:]*:' '' -- $kind)
              case 'months:*'
                  set -l year (string sub -l 4 -- "$cur")
                  string match -qr '^[0-9]{4}$' -- "$year"; or set year (date +%Y)
                  string split , -- (string replace -r '^[^:]*:' '' -- $kind)
                  printf "$year-%s\\n" 01 02 03 04 05 06 07 08 09 10 11 12
              case 'by:*'
                  # The kind the command's first argument picks ($__cal_first): KEY=KIND, separated by ;.
                  for entry in (string split ';' -- (string replace -r '^by:' '' -- $kind))
                      set -l parts (string split -m 1 = -- $entry)
                      test "$parts[1]" = "$__cal_first"; and __cal_values $parts[2] "$cur"
                  end
          end
      end

      function __cal_zones --argument-names cur --description 'Completes a zone of the time-zone database, a folder at a time'
          set -l root /usr/share/zoneinfo
          test -n "$TZDIR"; and set root $TZDIR
          set -l folder (string match -r '.*/' -- "$cur")
          string match -qr '(^|/)\\.' -- "$folder"; and return
          for path in "$root/$folder"*
              set -l name (string replace -r '.*/' '' -- $path)
              string match -qr '^[A-Z][^.]*$' -- $name; or continue
              if test -d $path
                  echo "$folder$name/"
              else if test -f $path
                  echo "$folder$name"
              end
          end
      end

      function __cal_complete --description 'Completes the word being typed after cal'
          set -l tokens (commandline -opc)
          set -l cur (commandline -ct)
          set cur "$cur"
          set -l command ''
          set -l name ''
          set -l index 0
          set -l only 0
          set -l i 2
          set -g __cal_db ''
          set -g __cal_first ''
          while test $i -le (count $tokens)
              set -l word $tokens[$i]
              if test $only = 1; or not string match -q -- '-?*' $word
                  if test -n "$command"
                      test $index = 0; and set -g __cal_first $word
                      set index (math $index + 1)
                  else
                      set command $word
                      set name (string replace -ar '[^A-Za-z0-9]' _ -- $word)
                      set -q __cal_rest_$name; or return
                  end
                  set i (math $i + 1)
                  continue
              end
              # An option other than a leading one, before any command, starts a cal(1) line when it is one of
              # cal(1)'s (-3, -3w, --monday), else runs the default command.
              if test -z "$command"; and not contains -- (string replace -r '=.*' '' -- $word) \(leadingWords(grammar))
                  set -l starters \(grammar.calOneStarters.concatenated(separator: " "))
                  if contains -- (string replace -r '=.*' '' -- $word) $starters; or begin
                          not string match -q -- '--*' $word; and contains -- (string sub -l 2 -- $word) $starters
                      end
                      set command \(calOneEntry)
                      set name \(fishName(calOneEntry))
                  else
                      set command \(grammar.defaultCommand.name)
                      set name \(fishName(grammar.defaultCommand.name))
                  end
              end
              set -l table __cal_values_$name
              set table $$table
              set -l at (contains -i -- $word $table)
              string match -q -- '\(db)=*' $word; and set -g __cal_db (string replace -- '\(db)=' '' $word)
              if test $word = --
                  set only 1
              else if test -n "$at"
                  if test $i -eq (count $tokens)
                      __cal_values $table[(math $at + 1)] "$cur"
                      return
                  end
                  test $word = \(db); and set -g __cal_db $tokens[(math $i + 1)]
                  set i (math $i + 1)
              end
              set i (math $i + 1)
          end
          set -l table __cal_values_$name
          set table $$table
          set -l options __cal_options_$name
          set -l arguments __cal_arguments_$name
          set arguments $$arguments
          set -l rest __cal_rest_$name
          if test $only = 0; and string match -qr -- '^--[^=]+=' "$cur"
              set -l option (string replace -r '=.*' '' -- "$cur")
              set -l at (contains -i -- $option $table); or return
              __cal_values $table[(math $at + 1)] (string replace -r '^[^=]*=' '' -- "$cur") | string replace -r -- '^' "$option="
          else if test $only = 0; and string match -q -- '-*' "$cur"
              printf '%s\\n' $$options
          else if test -z "$command"
              __cal_values commands "$cur"
          else if test $index -lt (count $arguments)
              __cal_values $arguments[(math $index + 1)] "$cur"
          else if test $$rest = 1; and set -q arguments[1]
              __cal_values $arguments[-1] "$cur"
          end
      end

      complete -c cal -f -a '(__cal_complete)'

      """
  }

  /// A command's name as part of a fish variable's name.
  private static func fishName(_ name: String) -> String {
    String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
  }
}

import Foundation

/// A shell completing `cal` for real with the script `cal completion SHELL` prints: bash runs `_cal` with
/// `COMP_WORDS`, `COMP_CWORD`, `COMP_LINE` and `COMP_POINT` set as readline sets them (a word split at `=`
/// and `:`); zsh runs an interactive zsh on a pseudo-terminal (zpty) with compinit, types each line and a
/// TAB, and records what each `compadd` would add; fish answers `complete -C`.
enum CompletionShell: String, CaseIterable, CustomStringConvertible {
  case bash, zsh, fish

  /// How the script gets into the shell.
  enum Loading {
    /// Installed as its header says: bash sources the saved file, zsh finds `_cal` on `$fpath`, fish
    /// autoloads `~/.config/fish/completions/cal.fish`.
    case installed
    /// Piped from `cal completion SHELL`: `source <(...)`, or `... | source` for fish.
    case piped
  }

  var description: String { rawValue }

  /// A harness that failed.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The shell's path, or nil when it is not installed.
  var path: String? {
    ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + rawValue }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// What the shell offers for each line (its words so far, the last one, maybe empty, being completed),
  /// in `fixture`'s work folder with `$TZDIR` at `zones` (or unset) and `extra` added to the environment,
  /// each reply as the word reads after completing, sorted.
  func complete(
    _ lines: [String], in fixture: CompletionFixture, loading: Loading, zones: String?, extra: [String: String] = [:]
  ) throws -> [[String]] {
    guard let path else { return [] }
    let run = fixture.folder + "/run-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: run) }
    try (lines.joined(separator: "\n") + "\n").write(toFile: run + "/cases", atomically: true, encoding: .utf8)
    try harness.write(toFile: run + "/harness", atomically: true, encoding: .utf8)
    var environment = [
      "PATH": "/usr/bin:/bin", "HOME": fixture.home, "LC_ALL": "C", "TERM": "xterm", "CAL_BINARY": CalProcess.binary,
      "CAL_LOADING": loading == .installed ? "installed" : "piped", "CAL_WORK": fixture.work, "CAL_RUN": run,
      "CAL_BASH_SCRIPT": fixture.bashScript, "CAL_ZSH_FUNCTIONS": fixture.zshFunctions,
    ]
    environment["TZDIR"] = zones
    environment.merge(extra) { $1 }
    // A shell that hangs (a zsh waiting for a prompt that never comes) fails the test instead of the run.
    let result = try Subprocess.run(
      ["/usr/bin/timeout", "60", path] + (self == .zsh ? ["-f"] : []) + [run + "/harness"], environment: environment)
    guard result.status == 0 else {
      throw Failure(description: "\(self) harness exited with \(result.status): \(result.stderr)")
    }
    let replies: [[String]]
    if self == .zsh {
      replies = lines.indices.map { index in
        let text = (try? String(contentsOfFile: run + "/\(index + 1)", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
      }
    } else {
      replies = result.stdout.split(separator: "\u{1e}\n", omittingEmptySubsequences: false).dropLast().map {
        $0.split(separator: "\n").map(String.init)
      }
    }
    return replies.map { Array(Set($0.map(fixture.shown))).sorted() }
  }

  private var harness: String {
    switch self {
    case .bash:
      return #"""
        if [[ $CAL_LOADING == installed ]]; then source "$CAL_BASH_SCRIPT"; else source <("$CAL_BINARY" completion bash); fi
        cd "$CAL_WORK" || exit 2
        while IFS= read -r line; do
          read -ra typed <<< "$line"
          [[ $line == *" " || -z $line ]] && typed+=("")
          # readline splits a word at = and : (COMP_WORDBREAKS), and bash replaces what follows the last split.
          COMP_WORDS=()
          for word in "${typed[@]}"; do
            [[ -z $word ]] && COMP_WORDS+=("")
            while [[ $word =~ ^([=:]+|[^=:]+) ]]; do
              COMP_WORDS+=("${BASH_REMATCH[1]}")
              word=${word:${#BASH_REMATCH[1]}}
            done
          done
          COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) COMP_LINE=$line COMP_POINT=${#line}
          last=${typed[-1]}
          kept=${last%"${last##*[=:]}"}
          COMPREPLY=()
          _cal
          for reply in "${COMPREPLY[@]}"; do printf '%s\n' "$kept$reply"; done
          printf '\x1e\n'
        done < "$CAL_RUN/cases"
        """#
    case .zsh:
      return #"""
        zmodload zsh/zpty || exit 2
        zpty shell zsh -f -i
        zpty -w shell "PS1='> '; bindkey -e; bindkey '^I' complete-word; cd ${(q)CAL_WORK}"
        if [[ $CAL_LOADING == installed ]]; then
          zpty -w shell 'fpath=($CAL_ZSH_FUNCTIONS $fpath); autoload -Uz compinit; compinit -u -D'
        else
          zpty -w shell 'autoload -Uz compinit; compinit -u -D; source <($CAL_BINARY completion zsh)'
        fi
        # Records what each compadd would add (as the word would read), and adds nothing: no listing, no
        # question, no change to the line. The -O, -A and -D forms only compute, for the completion system.
        zpty -w shell 'compadd() {
          if (( ${@[(I)-[ODA]]} )); then builtin compadd "$@"; return; fi
          local -a hits; local -A fixes; local hit
          zparseopts -E -A fixes P: p: S: s:
          builtin compadd -A hits "$@"
          for hit in $hits; do print -r -- "$IPREFIX${fixes[-P]}${fixes[-p]}$hit${fixes[-S]}" >> $CAPTURE; done
        }'
        zpty -w shell '_capture_end() { print -rn -- "@@END:${CAPTURE:t}@@" }'
        # Typing ahead of a completion spoils it, so each line waits for the one before to be completed.
        local number=0 line seen
        while IFS= read -r line; do
          (( number++ ))
          zpty -w shell "CAPTURE=${(q)CAL_RUN}/$number; : > \$CAPTURE; comppostfuncs=(_capture_end)"
          zpty -w -n shell "$line"$'\t'
          zpty -r shell seen "*@@END:$number@@*" || exit 3
          zpty -w -n shell $'\C-u'
        done < $CAL_RUN/cases
        zpty -d shell
        """#
    case .fish:
      return #"""
        test "$CAL_LOADING" = installed; or $CAL_BINARY completion fish | source
        cd $CAL_WORK; or exit 2
        while read -l line
            complete -C"$line" | string replace -r '\t.*' ''
            printf '\x1e\n'
        end < $CAL_RUN/cases
        """#
    }
  }
}

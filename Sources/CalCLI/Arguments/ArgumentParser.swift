import CalCore

/// Sorts a command's words into a `ParsedArguments`, by the rules of POSIX getopt (with GNU long options)
/// and swift-argument-parser: `--name value`, `--name=value`, `-n value`, `-nvalue`, bundled flags (`-3w`,
/// and a value-taking letter last, `-wn3`), and `--` before words that start with a dash.
///
/// The word after an option that takes a value is its value, so `--swipe -5,-5` and `--note -h` work, unless
/// it is one of the command's long options (`--note --db x` left the note out; `--note=--db` is that text);
/// a word that starts with a dash and a digit is a positional unless the command has such an option.
/// Asking for help (`-h`, `--help` as an option, not as a value) wins over every other mistake on the line.
public struct ArgumentParser {
  /// The command whose words are parsed.
  public let spec: CommandSpec

  /// A parser for `spec`.
  public init(spec: CommandSpec) {
    self.spec = spec
  }

  /// Parses `words`, the command line after the command's name.
  public func parse(_ words: [String]) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    // The first mistake is kept, not thrown at once: a request for help later on the line still wins.
    var mistake: UsageError?
    var loose: [String] = []
    var index = 0
    var onlyPositionals = false
    while index < words.count {
      let word = words[index]
      index += 1
      if onlyPositionals || !looksLikeOption(word) {
        loose.append(word)
        continue
      }
      if word == "--" {
        onlyPositionals = true
        continue
      }
      let options: [(OptionSpec, attached: String?)]
      do {
        options = try resolve(word)
      } catch {
        mistake = mistake ?? error
        continue
      }
      for (option, attached) in options {
        guard let valueName = option.valueName else {
          if attached != nil { mistake = mistake ?? UsageError("The option '--\(option.long)' takes no value") }
          parsed.flags.insert(option.long)
          continue
        }
        if let value = attached ?? (index < words.count ? words[index] : nil) {
          if attached == nil { index += 1 }
          // A path that is one of the command's options, or any value that is one of its long options, is an
          // option written where the value was left out: `--db --repeat daily` would make a calendar named
          // --repeat, and `--location --db work.db` add to the default calendar an event at "--db". So is one
          // with its value attached: `--db --location=x` added to a calendar file named --location=x.
          let isPath = valueName == "path" || valueName == "file"
          let named = value.hasPrefix("--") ? String(value.prefix { $0 != "=" }) : value
          if attached == nil, isPath || value.hasPrefix("--"), spec.optionSpellings.contains(named) {
            mistake =
              mistake
              ?? UsageError(
                "Missing value for '--\(option.long) <\(valueName)>' ('\(value)' is an option; "
                  + (isPath
                    ? "for a file of that name, write ./\(value))"
                    : "for a value of that text, write --\(option.long)=\(value))"))
          }
          parsed.values[option.long] = value
          parsed.allValues[option.long, default: []].append(value)
        } else {
          mistake = mistake ?? UsageError("Missing value for '--\(option.long) <\(valueName)>'")
        }
      }
    }
    if parsed.flags.contains(OptionSpec.help.long) {
      return ParsedArguments(flags: [OptionSpec.help.long])
    }
    if let mistake { throw mistake }
    parsed.positionals = try assign(
      loose, allOptional: spec.argumentsOptionalWith.map { parsed.flags.contains($0) } ?? false)
    parsed.words = loose
    return parsed
  }

  private func looksLikeOption(_ word: String) -> Bool {
    guard word.hasPrefix("-"), word != "-" else { return false }
    if word.hasPrefix("--") { return true }
    if spec.option(short: word.dropFirst().first ?? " ") != nil { return true }
    // A negative number such as -5 or -5,-5 is a value, not an option.
    let second = word.utf8.dropFirst().first ?? 0
    return !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(second) && second != UInt8(ascii: ".")
  }

  /// The options `word` names, each with a value written into the word: `--note=x` → (note, x);
  /// `-n5` → (n, 5) when `-n` takes a value; `-3w` → (3, nil), (w, nil).
  private func resolve(_ word: String) throws(UsageError) -> [(OptionSpec, attached: String?)] {
    if word.hasPrefix("--") {
      let name: String
      var attached: String?
      if let equals = word.firstIndex(of: "=") {
        name = String(word[..<equals])
        attached = String(word[word.index(after: equals)...])
      } else {
        name = word
      }
      guard let option = spec.option(long: name.dropFirst(2)) else { throw unknownOption(name) }
      return [(option, attached)]
    }
    var options: [(OptionSpec, attached: String?)] = []
    var letters = word.dropFirst()
    while let letter = letters.first {
      letters = letters.dropFirst()
      guard let option = spec.option(short: letter) else {
        throw unknownOption(options.isEmpty ? word : "-\(letter)")
      }
      if option.valueName != nil {
        // getopt: the rest of the word, if any, is the value.
        options.append((option, letters.isEmpty ? nil : String(letters)))
        return options
      }
      options.append((option, nil))
    }
    return options
  }

  private func assign(_ words: [String], allOptional: Bool) throws(UsageError) -> [String] {
    var positionals: [String] = []
    var remaining = words[...]
    for argument in spec.arguments {
      guard let first = remaining.first else {
        if argument.isOptional || allOptional { break }
        throw UsageError("Missing expected argument '<\(argument.name)>'")
      }
      if argument.keepsWords {
        positionals += remaining
        remaining = []
      } else if argument.takesRest {
        positionals.append(remaining.concatenated(separator: " "))
        remaining = []
      } else {
        positionals.append(first)
        remaining = remaining.dropFirst()
      }
    }
    if let extra = remaining.first {
      throw UsageError("Unexpected argument '\(extra)'")
    }
    return positionals
  }

  private func unknownOption(_ name: String) -> UsageError {
    // Any two one-letter options are one edit apart: only long names are near misses worth naming.
    let suggestion = name.hasPrefix("--") ? EditDistance.closest(to: name, among: spec.optionSpellings) : nil
    return UsageError("Unknown option '\(name)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? ""))
  }
}

/// Sorts a command's words into a `ParsedArguments`, by the rules of getopt and swift-argument-parser:
/// `--name value`, `--name=value`, `-n value`, `-nvalue`, flags, and `--` before words that start with a dash.
///
/// The word after an option that takes a value is always its value, so `--swipe -5,-5` works; a word that
/// starts with a dash and a digit is a positional unless the command has such an option.
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
    // Asking for help wins over every other mistake on the line.
    let options = words.prefix { $0 != "--" }
    if options.contains("-h") || options.contains("--help") {
      parsed.flags.insert(OptionSpec.help.long)
      return parsed
    }
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
      let (name, attached) = split(word)
      guard let option = spec.option(matching: name) else {
        throw unknownOption(name)
      }
      guard let valueName = option.valueName else {
        if attached != nil { throw UsageError("The option '--\(option.long)' takes no value") }
        parsed.flags.insert(option.long)
        continue
      }
      if let attached {
        parsed.values[option.long] = attached
      } else if index < words.count {
        parsed.values[option.long] = words[index]
        index += 1
      } else {
        throw UsageError("Missing value for '--\(option.long) <\(valueName)>'")
      }
    }
    parsed.positionals = try assign(loose)
    return parsed
  }

  private func looksLikeOption(_ word: String) -> Bool {
    guard word.hasPrefix("-"), word != "-" else { return false }
    if word.hasPrefix("--") { return true }
    if spec.option(matching: split(word).name) != nil { return true }
    // A negative number such as -5 or -5,-5 is a value, not an option.
    let second = word.utf8.dropFirst().first ?? 0
    return !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(second) && second != UInt8(ascii: ".")
  }

  /// `--note=x` → (`--note`, `x`); `-n5` → (`-n`, `5`) when `-n` takes a value.
  private func split(_ word: String) -> (name: String, value: String?) {
    if word.hasPrefix("--") {
      guard let equals = word.firstIndex(of: "=") else { return (word, nil) }
      return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
    guard word.count > 2 else { return (word, nil) }
    let name = String(word.prefix(2))
    guard let option = spec.option(matching: name), option.valueName != nil else { return (word, nil) }
    return (name, String(word.dropFirst(2)))
  }

  private func assign(_ words: [String]) throws(UsageError) -> [String] {
    var positionals: [String] = []
    var remaining = words[...]
    for argument in spec.arguments {
      guard let first = remaining.first else {
        if argument.isOptional { break }
        throw UsageError("Missing expected argument '<\(argument.name)>'")
      }
      if argument.takesRest {
        positionals.append(remaining.joined(separator: " "))
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
    let suggestion = EditDistance.closest(to: name, among: spec.optionSpellings)
    return UsageError("Unknown option '\(name)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? ""))
  }
}

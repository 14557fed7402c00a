/// What a command accepts and how it explains itself: the single source of its parsing, usage line and help.
public struct CommandSpec: Sendable {
  /// The word after `cal`, such as `add`.
  public let name: String
  /// One sentence for the overview and the command list.
  public let abstract: String
  /// Paragraphs shown under the overview in the command's help; empty for none.
  public let discussion: String
  /// Positional arguments, in order.
  public let arguments: [ArgumentSpec]
  /// Options, in the order help lists them; `-h, --help` is added to every command.
  public let options: [OptionSpec]

  /// Creates a command description.
  public init(
    name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = []
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options + [.help]
  }

  /// The option spelled `--long`, `-s` (or `-sVALUE` for an option that takes a value).
  func option(matching token: String) -> OptionSpec? {
    if token.hasPrefix("--") {
      let name = token.dropFirst(2)
      return options.first { $0.long == name }
    }
    guard token.count >= 2, token.hasPrefix("-") else { return nil }
    let letter = token[token.index(after: token.startIndex)]
    return options.first { $0.short == letter && (token.count == 2 || $0.valueName != nil) }
  }

  /// Every spelling of every option, for suggestions.
  var optionSpellings: [String] {
    options.flatMap { option in ["--" + option.long] + (option.short.map { ["-" + String($0)] } ?? []) }
  }
}

/// A positional argument.
public struct ArgumentSpec: Sendable {
  /// The name shown in angle brackets, such as `date`.
  public let name: String
  /// One line of help.
  public let help: String
  /// Whether it may be left out.
  public let isOptional: Bool
  /// Whether it takes every remaining word (joined with spaces).
  public let takesRest: Bool

  /// Creates a positional argument.
  public init(_ name: String, help: String, isOptional: Bool = false, takesRest: Bool = false) {
    self.name = name
    self.help = help
    self.isOptional = isOptional
    self.takesRest = takesRest
  }

  /// `<date>`, `[<month>]` or `<title> ...`.
  var usage: String {
    let label = "<\(name)>" + (takesRest ? " ..." : "")
    return isOptional ? "[\(label)]" : label
  }
}

/// A named option: a flag such as `--json` or one that takes a value such as `--note <note>`.
public struct OptionSpec: Sendable {
  /// The long name without its dashes.
  public let long: String
  /// A one-letter spelling, such as `h` for `-h`.
  public let short: Character?
  /// The value's name for usage and help; `nil` for a flag.
  public let valueName: String?
  /// One line of help.
  public let help: String

  /// Creates an option.
  public init(_ long: String, short: Character? = nil, value valueName: String? = nil, help: String) {
    self.long = long
    self.short = short
    self.valueName = valueName
    self.help = help
  }

  /// `-h, --help` and friends.
  public static let help = OptionSpec("help", short: "h", help: "Show help information.")

  /// `--note <note>` or `--json`, as the usage line spells it.
  var usage: String {
    "--" + long + (valueName.map { " <\($0)>" } ?? "")
  }

  /// `-h, --help` or `--note <note>`, as the help's option list spells it.
  var label: String {
    (short.map { "-\($0), " } ?? "") + usage
  }
}

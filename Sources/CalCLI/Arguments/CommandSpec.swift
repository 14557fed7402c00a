/// What a command accepts and how it explains itself: the single source of its parsing, usage line and help.
public struct CommandSpec: Sendable {
  /// The word after `cal`, such as `add`.
  public let name: String
  /// Other words that name the same command, such as `next` for `agenda`.
  public let aliases: [String]
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
    name: String, aliases: [String] = [], abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [],
    options: [OptionSpec] = [], argumentsOptionalWith: OptionSpec? = nil
  ) {
    self.name = name
    self.aliases = aliases
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options + [.help]
    self.argumentsOptionalWith = argumentsOptionalWith?.long
  }

  /// A flag that makes every argument optional (`cal add --editor`, whose form asks for the date and the
  /// title), or `nil`.
  public let argumentsOptionalWith: String?

  /// The name and the aliases: every word that runs the command.
  public var names: [String] { [name] + aliases }

  /// The option whose long name is `name` (without its dashes).
  func option(long name: Substring) -> OptionSpec? {
    options.first { $0.long == name }
  }

  /// The option spelled `-letter`.
  func option(short letter: Character) -> OptionSpec? {
    options.first { $0.short == letter }
  }

  /// Every spelling of every option, for suggestions.
  var optionSpellings: [String] {
    options.flatMap { option in ["--" + option.long] + (option.short.map { ["-" + String($0)] } ?? []) }
  }
}

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

  /// The same option explained differently, for a command that gives it another meaning.
  public func withHelp(_ help: String) -> OptionSpec {
    OptionSpec(long, short: short, value: valueName, help: help)
  }

  /// `--note <note>` or `--json`, as the usage line spells it.
  var usage: String {
    "--" + long + (valueName.map { " <\($0)>" } ?? "")
  }

  /// `-h, --help` or `--note <note>`, as the help's option list spells it.
  var label: String {
    (short.map { "-\($0), " } ?? "") + usage
  }
}

/// What the user wrote after the command's name, sorted into positionals, option values and flags.
public struct ParsedArguments: Equatable, Sendable {
  /// Positional arguments in order; a `takesRest` argument is already joined into one.
  public var positionals: [String] = []
  /// The last value given to each option, by long name.
  public var values: [String: String] = [:]
  /// The flags that were given, by long name.
  public var flags: Set<String> = []

  /// The value of `--name`, if given.
  public func value(_ name: String) -> String? { values[name] }

  /// Whether `--name` was given.
  public func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The positional argument at `index`, if given.
  public func positional(_ index: Int) -> String? {
    positionals.indices.contains(index) ? positionals[index] : nil
  }

  /// Whether help was asked for.
  public var wantsHelp: Bool { flag(OptionSpec.help.long) }
}

/// What the user wrote after the command's name, sorted into positionals, option values and flags.
/// Options are looked up by their spec, never by a string, so a misspelt name cannot silently read nil.
public struct ParsedArguments: Equatable, Sendable {
  /// Positional arguments in order; a `takesRest` argument is already joined into one.
  public var positionals: [String] = []
  /// The words the positional arguments were made of, each as typed: a date of several words at the start of
  /// an event's title (`next fri dentist`) is told apart from the title by them.
  public var words: [String] = []
  /// The last value given to each option, by long name.
  var values: [String: String] = [:]
  /// Every value given to each option, in order, by long name: for options that may be repeated.
  var allValues: [String: [String]] = [:]
  /// The flags that were given, by long name.
  var flags: Set<String> = []

  /// The value of `option`, if given.
  public func value(_ option: OptionSpec) -> String? {
    precondition(option.valueName != nil, "--\(option.long) is a flag: read it with flag(_:)")
    return values[option.long]
  }

  /// Every value given to `option`, in order (`--remind 1d --remind 10m`); empty when not given.
  public func values(_ option: OptionSpec) -> [String] {
    precondition(option.valueName != nil, "--\(option.long) is a flag: read it with flag(_:)")
    return allValues[option.long] ?? []
  }

  /// Whether the flag `option` was given.
  public func flag(_ option: OptionSpec) -> Bool {
    precondition(option.valueName == nil, "--\(option.long) takes a value: read it with value(_:)")
    return flags.contains(option.long)
  }

  /// Whether `option` was given at all, flag or value.
  public func isGiven(_ option: OptionSpec) -> Bool {
    option.valueName == nil ? flags.contains(option.long) : values[option.long] != nil
  }

  /// The positional argument at `index`, if given.
  public func positional(_ index: Int) -> String? {
    positionals.indices.contains(index) ? positionals[index] : nil
  }

  /// Whether help was asked for.
  public var wantsHelp: Bool { flag(OptionSpec.help) }
}

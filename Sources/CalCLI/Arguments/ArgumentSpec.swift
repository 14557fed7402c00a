/// A positional argument.
public struct ArgumentSpec: Sendable {
  /// The name shown in angle brackets, such as `date`.
  public let name: String
  /// One line of help.
  public let help: String
  /// Whether it may be left out.
  public let isOptional: Bool
  /// Whether it takes every remaining word (joined with spaces, unless `keepsWords`).
  public let takesRest: Bool
  /// Whether the remaining words it takes stay separate positionals (a list of names), not one text.
  public let keepsWords: Bool

  /// Creates a positional argument.
  public init(
    _ name: String, help: String, isOptional: Bool = false, takesRest: Bool = false, keepsWords: Bool = false
  ) {
    self.name = name
    self.help = help
    self.isOptional = isOptional
    self.takesRest = takesRest || keepsWords
    self.keepsWords = keepsWords
  }

  /// `<date>`, `[<month>]` or `<title> ...`.
  var usage: String {
    let label = "<\(name)>" + (takesRest ? " ..." : "")
    return isOptional ? "[\(label)]" : label
  }
}

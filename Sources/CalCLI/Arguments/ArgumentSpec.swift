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

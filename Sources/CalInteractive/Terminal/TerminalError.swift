/// The terminal cannot be used for the page.
public struct TerminalError: Error, CustomStringConvertible, Sendable {
  /// What went wrong, in words.
  public let description: String

  /// An error with its words.
  init(_ description: String) {
    self.description = description
  }
}

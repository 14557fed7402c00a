/// A failure that is not a mistake in the command line, such as an unknown event id: exit status 1.
public struct CalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// One line naming the problem, without the `Error:` prefix.
  public let message: String

  /// Creates an error.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}

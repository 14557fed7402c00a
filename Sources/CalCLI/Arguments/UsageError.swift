/// A mistake in how `cal` was called: reported with the usage line, exit status 64 (`EX_USAGE`).
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// One line naming the problem, without the `Error:` prefix.
  public let message: String

  /// Creates a usage error.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}

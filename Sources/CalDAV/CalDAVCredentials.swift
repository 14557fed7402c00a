/// A user and password for HTTP Basic authentication. Printing it never shows the password.
public struct CalDAVCredentials: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The user name.
  public var user: String
  /// The password, as handed in by the caller (from `--password-command` or `~/.netrc`).
  public var password: String

  /// Credentials for one account.
  public init(user: String, password: String) {
    self.user = user
    self.password = password
  }

  /// The user name and a mask for the password.
  public var description: String { "\(user):********" }
  /// Same as `description`: no debugging path shows the password either.
  public var debugDescription: String { description }
  /// A mirror without the password, so `dump` and string interpolation of containers stay safe.
  public var customMirror: Mirror { Mirror(self, children: ["user": user, "password": "********"]) }
}

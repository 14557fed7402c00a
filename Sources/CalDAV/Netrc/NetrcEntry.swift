/// One `machine` (or the `default`) entry of a netrc file. Printing it never shows the password.
public struct NetrcEntry: Sendable, Equatable, CustomStringConvertible {
  /// The host name, nil for the `default` entry.
  public var machine: String?
  /// The `login` token, if given.
  public var login: String?
  /// The `password` token, if given.
  public var password: String?
  /// The `account` token, if given.
  public var account: String?

  /// An entry with the given tokens.
  public init(machine: String?, login: String? = nil, password: String? = nil, account: String? = nil) {
    self.machine = machine
    self.login = login
    self.password = password
    self.account = account
  }

  /// The machine and login, the password masked.
  public var description: String {
    "\(machine ?? "default") login \(login ?? "-") password \(password == nil ? "-" : "********")"
  }
}

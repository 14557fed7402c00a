/// A `~/.netrc` file, read the way curl and ftp read it: `machine NAME`, `default`, `login`, `password`,
/// `account` and `macdef` (skipped to its blank line) tokens separated by white space, tokens in double
/// quotes with backslash escapes, and `#` comments to the end of the line.
///
/// Reading never fails: a malformed file yields the entries that could be read (an unterminated quote
/// ends at the end of the file), as the other readers of this file do.
public struct Netrc: Sendable, Equatable {
  /// The `machine` entries in file order.
  public var machines: [NetrcEntry]
  /// The `default` entry, if the file has one.
  public var defaultEntry: NetrcEntry?

  /// Reads the text of a netrc file.
  public init(_ text: String) {
    var machines: [NetrcEntry] = []
    var defaultEntry: NetrcEntry?
    var current: NetrcEntry?
    var isDefault = false
    var tokens = NetrcTokens(text)
    func finish() {
      guard let entry = current else { return }
      if isDefault {
        if defaultEntry == nil { defaultEntry = entry }
      } else {
        machines.append(entry)
      }
      current = nil
    }
    while let token = tokens.next() {
      switch token {
      case "machine":
        finish()
        isDefault = false
        current = NetrcEntry(machine: tokens.next() ?? "")
      case "default":
        finish()
        isDefault = true
        current = NetrcEntry(machine: nil)
      case "login": current?.login = tokens.next()
      case "password": current?.password = tokens.next()
      case "account": current?.account = tokens.next()
      case "macdef":
        _ = tokens.next()
        tokens.skipMacro()
      default: continue
      }
    }
    finish()
    self.machines = machines
    self.defaultEntry = defaultEntry
  }

  /// The entry for a host: the first `machine` of that name (compared without case), else `default`.
  public func entry(forHost host: String) -> NetrcEntry? {
    machines.first { $0.machine?.lowercased() == host.lowercased() } ?? defaultEntry
  }
}

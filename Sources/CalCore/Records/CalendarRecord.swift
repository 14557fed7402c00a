/// A calendar as stored: its name and colour, where its events come from, and how far it was synced.
public struct CalendarRecord: Equatable, Sendable {
  /// The id, never reused.
  public let id: Int64
  /// The name the commands use, unique without regard to ASCII case.
  public var name: String
  /// Its colour, if it has one.
  public var color: CalendarColor?
  /// Local, CalDAV or a subscription.
  public var kind: CalendarKind
  /// The CalDAV collection or the feed; `nil` for a local calendar.
  public var url: String?
  /// The CalDAV account's user name, if given (else `~/.netrc` names it).
  public var user: String?
  /// The command that prints the password at sync time (the password itself is never stored).
  public var passwordCommand: String?
  /// The RFC 6578 sync token of the last complete sync.
  public var syncToken: String?
  /// The collection's getctag as of the last complete sync; for a feed, its ETag or Last-Modified.
  public var ctag: String?
  /// When the last complete sync ended, Unix milliseconds.
  public var syncedAt: Int64?
  /// The component types a CalDAV calendar's collection says it holds (`VEVENT`, `VTODO` ...), as discovery
  /// or a sync last read them; empty when the server declared none, which means any (RFC 4791, 5.2.3);
  /// `nil` when not yet read.
  public var components: [String]?

  /// A calendar from its parts.
  public init(
    id: Int64, name: String, color: CalendarColor? = nil, kind: CalendarKind = .local, url: String? = nil,
    user: String? = nil, passwordCommand: String? = nil, syncToken: String? = nil, ctag: String? = nil,
    syncedAt: Int64? = nil, components: [String]? = nil
  ) {
    self.id = id
    self.name = name
    self.color = color
    self.kind = kind
    self.url = url
    self.user = user
    self.passwordCommand = passwordCommand
    self.syncToken = syncToken
    self.ctag = ctag
    self.syncedAt = syncedAt
    self.components = components
  }

  /// Whether events may be added, changed or removed here (not in a subscription).
  public var isWritable: Bool { kind != .subscription }

  /// Whether its collection is known to take no to-dos: it declares the components it holds, and `VTODO` is
  /// not among them. Its to-dos stay on this machine, never sent to the server, which would refuse them.
  public var refusesTodos: Bool {
    guard kind == .caldav, let components, !components.isEmpty else { return false }
    return !components.contains("VTODO")
  }

  /// The component names a server gave, as they are kept: upper case, each once, only those that can be
  /// names (RFC 5545's `iana-token` or `x-name`: letters, digits and hyphens), at most 32 of them.
  public static func components(_ names: [String]) -> [String] {
    var kept: [String] = []
    for name in names {
      let upper = name.uppercased()
      guard !upper.isEmpty, upper.utf8.count <= 64, !kept.contains(upper),
        upper.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
      else { continue }
      kept.append(upper)
      if kept.count == 32 { break }
    }
    return kept
  }
}

public import CalCore

/// What a front end with networking provides for CalDAV calendars and subscriptions: finding collections,
/// reaching one as a `SyncRemote`, and downloading feeds. `cal` itself has none (it starts `cal-sync`).
public protocol CalendarNetwork {
  /// The event calendars reachable from `url` (a collection, a principal, a calendar home or a server's
  /// root), with the credentials the user gave.
  func discover(url: String, user: String?, passwordCommand: String?) throws -> [DiscoveredCalendar]

  /// The collection of CalDAV calendar `calendar`, with its credentials.
  func remote(for calendar: CalendarRecord) throws -> any SyncRemote

  /// The feed at `url` (http, https or file), unless it still has `validator` (an ETag or Last-Modified from
  /// the last download).
  func download(_ url: String, validator: String?) throws -> FeedDownload

  /// How many HTTP requests were sent so far.
  var requestCount: Int { get }
}

/// A calendar collection found on a server.
public struct DiscoveredCalendar: Equatable, Sendable {
  /// The collection's URL.
  public var url: String
  /// Its display name, if it has one.
  public var name: String?
  /// Its colour, if it has one.
  public var color: CalendarColor?
  /// The component types it holds (`VEVENT`, `VTODO` ...); empty when the server did not say, which means
  /// any.
  public var components: [String]

  /// A collection from its parts.
  public init(url: String, name: String?, color: CalendarColor?, components: [String] = []) {
    self.url = url
    self.name = name
    self.color = color
    self.components = components
  }
}

/// A downloaded iCalendar feed.
public struct FeedDownload: Sendable {
  /// The feed's bytes; `nil` when it did not change since the validator given (HTTP 304).
  public var bytes: [UInt8]?
  /// The ETag or Last-Modified to send next time, if the server gave one.
  public var validator: String?

  /// The most a feed may hold, as it is held in memory whole: a downloaded one is cut off there
  /// (CalDAV's `HTTPTransport.maxBodyBytes`), and a `file://` one is refused past it.
  public static let maximumSize = 128 << 20

  /// A download from its parts.
  public init(bytes: [UInt8]?, validator: String?) {
    self.bytes = bytes
    self.validator = validator
  }
}

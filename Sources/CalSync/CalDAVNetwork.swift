public import CalCore
import CalDAV
public import CalService
import Glibc

/// CalDAV and feeds over HTTP(S), for `cal-sync`: the credentials of each calendar from its
/// `--password-command` or `~/.netrc`, certificates verified by the system's trust store.
public final class CalDAVNetwork: CalendarNetwork {
  private let home: String?
  private let timeout: Duration
  private var clients: [CalDAVClient] = []

  /// Networking for a user whose home folder (for `~/.netrc`) is `home`; each wait for a server is bounded
  /// by `timeout` (long: a server may think for a while before it answers a listing of thousands of events).
  public init(home: String?, timeout: Duration = .seconds(120)) {
    self.home = home
    self.timeout = timeout
  }

  /// How many HTTP requests all clients sent.
  public var requestCount: Int { clients.reduce(0) { $0 + $1.requestCount } }

  /// The event calendars reachable from `url`.
  public func discover(url: String, user: String?, passwordCommand: String?) throws -> [DiscoveredCalendar] {
    let client = try client(for: url, user: user, passwordCommand: passwordCommand)
    do {
      return try client.discover(url).calendars.map {
        DiscoveredCalendar(
          url: $0.url, name: $0.displayName, color: $0.color.flatMap(CalendarColor.init), components: $0.components)
      }
    } catch {
      throw ServiceError(.remote, error.description)
    }
  }

  /// The collection of `calendar`.
  public func remote(for calendar: CalendarRecord) throws -> any SyncRemote {
    guard let url = calendar.url else {
      throw ServiceError(.invalidRequest, "the calendar '\(calendar.name)' has no URL")
    }
    let client = try client(for: url, user: calendar.user, passwordCommand: calendar.passwordCommand)
    do {
      return CalDAVRemote(try client.collection(url))
    } catch {
      throw ServiceError(.remote, error.description)
    }
  }

  /// The feed at the http(s) URL `url`.
  public func download(_ url: String, validator: String?) throws -> FeedDownload {
    let client = try client(for: url, user: nil, passwordCommand: nil)
    do {
      let download = try client.download(url, validator: validator)
      return FeedDownload(bytes: download.bytes, validator: download.validator)
    } catch {
      throw ServiceError(.remote, error.description)
    }
  }

  /// A client for `url` with the credentials that apply: the password from `passwordCommand`, else the
  /// `~/.netrc` entry of the URL's host (for `user`, when one is given); none when neither has one.
  private func client(for url: String, user: String?, passwordCommand: String?) throws -> CalDAVClient {
    let entry = CalDAVClient.host(of: url).flatMap { host in netrc()?.entry(forHost: host) }
    var credentials: CalDAVCredentials?
    if let passwordCommand {
      guard let login = user ?? entry?.login else {
        throw ServiceError(.invalidRequest, "a password command needs a user: give --user USER")
      }
      credentials = CalDAVCredentials(user: login, password: try PasswordCommand.run(passwordCommand))
    } else if let entry, let password = entry.password, let login = user ?? entry.login,
      user == nil || entry.login == nil || entry.login == user
    {
      credentials = CalDAVCredentials(user: login, password: password)
    } else if let user {
      throw ServiceError(
        .invalidRequest,
        "no password for \(user) at \(CalDAVClient.host(of: url) ?? url): give --password-command CMD, "
          + "or put a machine line with the password in ~/.netrc")
    }
    let client = CalDAVClient(credentials: credentials, timeout: timeout)
    clients.append(client)
    return client
  }

  /// `~/.netrc`, if there is one.
  private func netrc() -> Netrc? {
    guard let home, !home.isEmpty else { return nil }
    let descriptor = open(home + "/.netrc", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while bytes.count < 1 << 20 {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    return Netrc(String(decoding: bytes, as: UTF8.self))
  }
}

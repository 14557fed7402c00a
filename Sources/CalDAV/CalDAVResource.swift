/// A calendar object resource read from the server: its href, ETag and iCalendar text.
public struct CalDAVResource: Sendable, Equatable {
  /// The resource's canonical href.
  public var href: String
  /// Its ETag, or nil when the server gave none.
  public var etag: String?
  /// The iCalendar text. Read through calendar-multiget its line ends may be LF (XML turns CR LF into LF).
  public var calendarData: String

  /// A read resource.
  public init(href: String, etag: String?, calendarData: String) {
    self.href = href
    self.etag = etag
    self.calendarData = calendarData
  }
}

/// A calendar collection found by discovery, with the properties the sync engine needs.
public struct CalDAVCalendar: Sendable, Equatable {
  /// The collection's absolute URL.
  public var url: String
  /// `DAV:displayname`, if set.
  public var displayName: String?
  /// Apple's `calendar-color` (usually `#RRGGBB` or `#RRGGBBAA`), if set.
  public var color: String?
  /// CalendarServer's `getctag`, which changes whenever anything in the collection does, if given.
  public var ctag: String?
  /// `DAV:sync-token` (RFC 6578), if given.
  public var syncToken: String?
  /// The component types the collection holds (`VEVENT`, `VTODO` ...); empty when the server did not say,
  /// which means any.
  public var components: [String]
  /// Whether the server reports `sync-collection` for it (or, when it lists no reports, gives a sync token).
  public var supportsSyncCollection: Bool

  /// A calendar with the given properties.
  public init(
    url: String, displayName: String?, color: String?, ctag: String?, syncToken: String?, components: [String],
    supportsSyncCollection: Bool
  ) {
    self.url = url
    self.displayName = displayName
    self.color = color
    self.ctag = ctag
    self.syncToken = syncToken
    self.components = components
    self.supportsSyncCollection = supportsSyncCollection
  }
}

/// A file downloaded by `CalDAVClient.download`.
public struct CalDAVDownload: Sendable, Equatable {
  /// The file's bytes; `nil` when it had not changed (HTTP 304).
  public var bytes: [UInt8]?
  /// The ETag, else the Last-Modified date, to send next time; `nil` when the server gave neither.
  public var validator: String?

  /// A download from its parts.
  public init(bytes: [UInt8]?, validator: String?) {
    self.bytes = bytes
    self.validator = validator
  }
}

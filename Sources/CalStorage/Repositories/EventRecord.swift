/// An event as stored: its day as `YYYY-MM-DD` text and times as Unix milliseconds.
public struct EventRecord: Equatable, Sendable {
  /// The id, never reused after a deletion.
  public let id: Int64
  /// The day, `YYYY-MM-DD`.
  public let day: String
  /// The title: never empty.
  public let title: String
  /// An optional longer description.
  public let note: String?
  /// When it was added, in Unix milliseconds.
  public let createdAt: Int64
  /// When it last changed, in Unix milliseconds.
  public let updatedAt: Int64

  /// Creates a record from its fields.
  public init(id: Int64, day: String, title: String, note: String?, createdAt: Int64, updatedAt: Int64) {
    self.id = id
    self.day = day
    self.title = title
    self.note = note
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}

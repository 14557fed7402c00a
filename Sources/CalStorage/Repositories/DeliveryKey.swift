/// Which reminder was due when: what makes a delivery once only.
public struct DeliveryKey: Hashable, Sendable {
  /// The reminder's row.
  public let reminderID: Int64
  /// When it was due, Unix seconds.
  public let due: Int64

  /// A key from its parts.
  public init(reminderID: Int64, due: Int64) {
    self.reminderID = reminderID
    self.due = due
  }
}

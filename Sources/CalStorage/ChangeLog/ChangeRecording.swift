/// The change being recorded on one connection, between the start and the end of its write transaction: what
/// it is, the session recording it, and how much of it has been stored.
final class ChangeRecording {
  /// What kind of change it is, what the front end calls it, and when it began (Unix milliseconds); `nil`
  /// when nothing is being recorded.
  var change: (kind: String, label: String?, at: Int64)?
  /// Its id in `changes`, once a part of it has been stored.
  var id: Int64?
  /// How many parts of it are stored.
  var parts = 0
  /// What records its rows.
  var session: Session?
  /// How much the session may hold in memory before it is written out as a part of its own.
  var partMemory: Int64 = 2 << 20
  /// The rows added to a table that the session does not watch, written out as the change finishes.
  var addedRows: AddedRows?

  /// Stops recording (whether the change was stored or its transaction rolled back).
  func end() {
    change = nil
    id = nil
    parts = 0
    session = nil
    addedRows = nil
  }
}

/// The change being recorded on one connection: its id and the session recording it, between the start and
/// the end of its write transaction.
final class ChangeRecording {
  /// The change's id in `changes`.
  var id: Int64?
  /// What records its rows.
  var session: Session?
  /// How much the session may hold in memory before it is written out as a part of its own.
  var partMemory: Int64 = 8 << 20

  /// Stops recording (whether the change was stored or its transaction rolled back).
  func end() {
    id = nil
    session = nil
  }
}

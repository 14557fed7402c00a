/// The parameters of a statement that is bound and run again and again, binding only what differs from what
/// each holds: SQLite keeps a parameter's value until it is bound anew (a reset leaves it), and the rows of an
/// import's batches leave the same columns empty and write the same calendar and time (binding those again
/// was a third of binding a batch).
final class BoundParameters {
  /// What a parameter holds, as far as is known here.
  private enum Held: Equatable {
    case null
    case integer(Int64)
    /// Text, or anything bound some other way: bound again whatever comes.
    case other
  }

  private let statement: Statement
  /// By parameter index (from 1).
  private let held: UnsafeMutableBufferPointer<Held>

  /// The parameters of `statement`, which has `count` of them and none bound yet (all NULL).
  init(_ statement: Statement, count: Int) {
    self.statement = statement
    held = .allocate(capacity: count + 1)
    held.initialize(repeating: .null)
  }

  deinit {
    held.deallocate()
  }

  /// Binds `value` to the parameter at `index` unless it holds it already.
  func bind(_ value: Int64?, at index: Int32) throws(DatabaseError) {
    let now: Held = value.map { .integer($0) } ?? .null
    guard held[Int(index)] != now else { return }
    held[Int(index)] = .other
    try statement.bind(value, at: index)
    held[Int(index)] = now
  }

  /// Binds the text `value`, read where it is in `arena`, to the parameter at `index`; a NULL only unless the
  /// parameter holds one already.
  func bind(_ value: String?, at index: Int32, keptIn arena: TextArena) throws(DatabaseError) {
    guard value != nil || held[Int(index)] != .null else { return }
    held[Int(index)] = .other
    try statement.bind(value, at: index, keptIn: arena)
    if value == nil { held[Int(index)] = .null }
  }
}

import CSQLite

/// The current row of a running query. Valid only inside the closure it is handed to: the next step
/// of the statement replaces what it reads.
public struct Row {
  private let handle: OpaquePointer

  init(handle: OpaquePointer) {
    self.handle = handle
  }

  /// The integer in column `index` (0-based); 0 for `NULL`.
  public func integer(_ index: Int32) -> Int64 {
    sqlite3_column_int64(handle, index)
  }

  /// The integer in column `index`, or `nil` for `NULL`.
  public func optionalInteger(_ index: Int32) -> Int64? {
    isNull(index) ? nil : integer(index)
  }

  /// The text in column `index`; the empty string for `NULL`.
  public func text(_ index: Int32) -> String {
    optionalText(index) ?? ""
  }

  /// The text in column `index`, or `nil` for `NULL`. Text holding NUL characters is read whole.
  public func optionalText(_ index: Int32) -> String? {
    guard let bytes = sqlite3_column_text(handle, index) else { return nil }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  /// Whether column `index` holds `NULL`.
  public func isNull(_ index: Int32) -> Bool {
    sqlite3_column_type(handle, index) == SQLITE_NULL
  }
}

import CSQLite

/// The Swift side of the SQL function `cal_text_matches(text, ...)`: 1 when the predicate holds for one of its
/// text arguments (NULLs and other values never match), 0 otherwise. A query filters rows with it before it
/// sorts them, on the text's bytes where SQLite keeps them: a search of 100,000 events sorted them all, then
/// made three Strings of each to compare.
///
/// Defined once per connection, for as long as the connection lives (a definition dropped would expire the
/// cached statements that use it); the predicate is set only while a query runs (see
/// ``Database/withTextPredicate(_:_:)``), and SQL that calls the function at any other time fails.
final class TextPredicateFunction {
  static let name = "cal_text_matches"
  var predicate: ((UnsafeBufferPointer<UInt8>) -> Bool)?

  /// What SQLite calls for each row.
  static let call: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = {
    context, count, values in
    guard let context, let data = sqlite3_user_data(context) else { return }
    guard let predicate = Unmanaged<TextPredicateFunction>.fromOpaque(data).takeUnretainedValue().predicate else {
      sqlite3_result_error(context, "\(name) is used outside a search", -1)
      return
    }
    for index in 0..<Int(max(count, 0)) {
      guard let value = values?[index], sqlite3_value_type(value) == SQLITE_TEXT,
        let text = sqlite3_value_text(value)
      else { continue }
      if predicate(UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))) {
        sqlite3_result_int(context, 1)
        return
      }
    }
    sqlite3_result_int(context, 0)
  }

  /// What SQLite calls when the connection closes: the function's hold on this object ends.
  static let destroy: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    guard let data else { return }
    Unmanaged<TextPredicateFunction>.fromOpaque(data).release()
  }
}

extension Database {
  /// Runs `body` with `cal_text_matches(...)` answering by `predicate` (on each text argument's UTF-8 bytes).
  public func withTextPredicate<Result>(
    _ predicate: @escaping (UnsafeBufferPointer<UInt8>) -> Bool, _ body: () throws -> Result
  ) throws -> Result {
    let function = try textPredicateFunction()
    function.predicate = predicate
    defer { function.predicate = nil }
    return try body()
  }

  private func textPredicateFunction() throws(DatabaseError) -> TextPredicateFunction {
    if let textPredicate { return textPredicate }
    let function = TextPredicateFunction()
    let data = Unmanaged.passRetained(function).toOpaque()
    // DIRECTONLY: a trigger or view in a hostile calendar file cannot call it.
    let code = sqlite3_create_function_v2(
      connection, TextPredicateFunction.name, -1, SQLITE_UTF8 | SQLITE_DIRECTONLY, data, TextPredicateFunction.call,
      nil, nil, TextPredicateFunction.destroy)
    guard code == SQLITE_OK else {
      // SQLite calls destroy when the definition fails, too.
      throw DatabaseError(connection: connection, sql: nil)
    }
    textPredicate = function
    return function
  }
}

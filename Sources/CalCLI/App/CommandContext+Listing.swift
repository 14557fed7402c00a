import CalCore

/// Printing a list of numbered records (`history`, `log`): a JSON array, a line saying there are none, or
/// one line each with the ids right-aligned.
extension CommandContext {
  /// Prints `records` as a JSON array, or as lines made by `line` (given the width of the longest id), or
  /// `empty` when there are none.
  func printRecords<Record>(
    _ records: [Record], asJSON: Bool, empty: String, id: (Record) -> Int64, json: (Record) -> JSONValue,
    line: (Record, _ idWidth: Int) -> String
  ) {
    if asJSON {
      print(JSONValue.array(records.map(json)).serialized)
    } else if records.isEmpty {
      print(empty)
    } else {
      let idWidth = String(records.map(id).max() ?? 0).count
      for record in records { print(line(record, idWidth)) }
    }
  }
}

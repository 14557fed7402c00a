import CalCore

/// A place on the screen a click means something on: a day, or an event of the selected day.
struct Hit {
  /// What was clicked.
  enum Target: Equatable {
    case day(CivilDate)
    /// The event at this index among the selected day's.
    case event(CivilDate, Int)
    /// The search result at this index.
    case result(Int)
    /// The title line's `? help`.
    case help
  }

  let rows: Range<Int>
  let columns: Range<Int>
  let target: Target

  /// Whether the cell at `row`, `column` is in it.
  func contains(row: Int, column: Int) -> Bool {
    rows.contains(row) && columns.contains(column)
  }
}

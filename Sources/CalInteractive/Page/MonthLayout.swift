/// Where the month page's parts go on a screen of a given size: the title, the weekday header, the grid of
/// day cells (as tall and wide as the screen allows), the selected day's agenda below the grid, or beside
/// it on a wide screen, and the status line at the bottom.
struct MonthLayout {
  /// The smallest screen the page fits: a compact page of one line per week with a three-line agenda.
  static let minimumRows = 12
  static let minimumColumns = 40
  /// From this width on, the agenda stands beside the grid.
  static let sideBySideColumns = 100

  let rows: Int
  let columns: Int
  /// The first row of the grid (after the title and the weekday header).
  let gridTop = 2
  /// The grid's width: seven cells.
  let gridWidth: Int
  let cellWidth: Int
  let cellHeight: Int
  let agendaTop: Int
  let agendaLeft: Int
  let agendaWidth: Int
  let agendaHeight: Int
  /// Whether the agenda stands beside the grid (with a separator column before it).
  let sideBySide: Bool

  /// The layout of a month of `weekCount` weeks; `nil` when the screen is too small.
  init?(rows: Int, columns: Int, weekCount: Int) {
    guard rows >= Self.minimumRows, columns >= Self.minimumColumns, weekCount > 0 else { return nil }
    self.rows = rows
    self.columns = columns
    sideBySide = columns >= Self.sideBySideColumns
    if sideBySide {
      agendaWidth = min(48, max(30, columns / 3))
      gridWidth = columns - agendaWidth - 1
      agendaLeft = gridWidth + 1
      agendaTop = gridTop - 1
      agendaHeight = rows - 1 - agendaTop
      cellHeight = (rows - 1 - gridTop) / weekCount
    } else {
      gridWidth = columns
      agendaLeft = 0
      agendaWidth = columns
      let agendaRows = min(10, max(3, (rows - 3) / 4))
      cellHeight = max(1, (rows - 3 - agendaRows) / weekCount)
      agendaTop = gridTop + cellHeight * weekCount
      agendaHeight = rows - 1 - agendaTop
    }
    cellWidth = gridWidth / 7
  }

  /// The status line.
  var statusRow: Int { rows - 1 }
}

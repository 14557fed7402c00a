import CalCore

/// A frame being drawn: rows of cells the size of the screen. Text is put by display width (wide
/// characters take two cells, combining marks join the cell before them) and never past a given width,
/// and control characters are made visible, so nothing a title holds can reach the terminal as a command.
struct Canvas: Equatable {
  let rows: Int
  let columns: Int
  private(set) var cells: [Cell]

  /// A blank canvas.
  init(rows: Int, columns: Int) {
    self.rows = max(rows, 0)
    self.columns = max(columns, 0)
    cells = Array(repeating: .blank(), count: self.rows * self.columns)
  }

  /// The cell at `row`, `column`.
  subscript(row: Int, column: Int) -> Cell {
    cells[row * columns + column]
  }

  /// The cells of `row`.
  func row(_ row: Int) -> ArraySlice<Cell> {
    cells[(row * columns)..<((row + 1) * columns)]
  }

  /// Replaces the cells of `row` from `column` on with `line` (a row of a page composed elsewhere).
  mutating func replaceRow(_ row: Int, with line: [Cell]) {
    guard row >= 0, row < rows else { return }
    for (offset, cell) in line.prefix(columns).enumerated() { cells[row * columns + offset] = cell }
  }

  /// The text of `row`, for tests and captures.
  func text(ofRow row: Int) -> String {
    self.row(row).map(\.text).concatenated()
  }

  /// Puts `text` at `row`, `column` in `style`, in at most `width` columns (to the right edge when `nil`);
  /// returns the columns it took.
  @discardableResult
  mutating func put(_ text: String, row: Int, column: Int, width: Int? = nil, style: CellStyle = .plain) -> Int {
    guard row >= 0, row < rows, column >= 0, column < columns else { return 0 }
    let limit = min(columns, column + (width ?? columns))
    var position = column
    for character in TerminalText.sanitized(text) {
      let cellWidth = DisplayWidth.of(character)
      if cellWidth == 0 {
        if position > column { cells[index(row, lead(row, position - 1))].text.append(character) }
        continue
      }
      guard position + cellWidth <= limit else { break }
      set(Cell(text: String(character), width: cellWidth, style: style), row: row, column: position)
      if cellWidth == 2 { set(Cell(text: "", width: 0, style: style), row: row, column: position + 1) }
      position += cellWidth
    }
    return position - column
  }

  /// Fills `width` cells from `row`, `column` with spaces in `style`.
  mutating func fill(row: Int, column: Int, width: Int, style: CellStyle = .plain) {
    guard row >= 0, row < rows else { return }
    for position in max(column, 0)..<min(columns, column + width) {
      set(.blank(style), row: row, column: position)
    }
  }

  /// Changes the style of `width` cells from `row`, `column` (their text stays).
  mutating func restyle(row: Int, column: Int, width: Int, _ change: (inout CellStyle) -> Void) {
    guard row >= 0, row < rows else { return }
    for position in max(column, 0)..<min(columns, column + width) { change(&cells[index(row, position)].style) }
  }

  /// A rectangle of cells, row by row, for the page curl.
  func region(rows range: Range<Int>) -> [[Cell]] {
    range.map { Array(row($0)) }
  }

  private func index(_ row: Int, _ column: Int) -> Int { row * columns + column }

  /// The column where the character covering `column` starts.
  private func lead(_ row: Int, _ column: Int) -> Int {
    cells[index(row, column)].width == 0 && column > 0 ? column - 1 : column
  }

  /// Sets one cell, blanking what is left of a wide character it cuts in half.
  private mutating func set(_ cell: Cell, row: Int, column: Int) {
    let old = cells[index(row, column)]
    if old.width == 0 && cell.width != 0 && column > 0 {
      cells[index(row, column - 1)] = .blank(cells[index(row, column - 1)].style)
    }
    if old.width == 2 && cell.width != 2 && column + 1 < columns {
      cells[index(row, column + 1)] = .blank(old.style)
    }
    cells[index(row, column)] = cell
  }
}

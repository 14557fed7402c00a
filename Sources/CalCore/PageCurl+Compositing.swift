extension PageCurl {
  /// The frame at `progress` made of the two pages' own cells, for any kind of cell (plain characters, or a
  /// front end's styled ones): each position shows the cell of the page that lies there, `back` where the
  /// back of the lifted page shows and `fold` along the crease. Text is never mirrored.
  ///
  /// A character two columns wide is a cell of width 2 followed by a cell of width 0 (its second half). It
  /// needs both halves from the same page; where the fold splits it, `gap` stands in its place, so no half
  /// character ever reaches the terminal.
  ///
  /// - Precondition: both pages have `height` rows of `width` cells.
  public func compose<Cell>(
    progress: Double, oldPage: [[Cell]], newPage: [[Cell]], cellWidth: (Cell) -> Int, back: Cell, fold: Cell,
    gap: Cell
  ) -> [[Cell]] {
    precondition(oldPage.count == height && newPage.count == height, "pages must be \(height) rows high")
    return frame(progress: progress).enumerated().map { row, kinds in
      let old = oldPage[row]
      let new = newPage[row]
      precondition(old.count == width && new.count == width, "rows must be \(width) cells wide")
      var line: [Cell] = []
      line.reserveCapacity(width)
      var column = 0
      while column < width {
        let kind = kinds[column]
        switch kind {
        case .back: line.append(back)
        case .fold: line.append(fold)
        case .oldPage, .newPage:
          let source = kind == .oldPage ? old : new
          let cell = source[column]
          switch cellWidth(cell) {
          case 2 where column + 1 < width && kinds[column + 1] == kind:
            line += [cell, source[column + 1]]
            column += 1
          case 0, 2: line.append(gap)
          default: line.append(cell)
          }
        }
        column += 1
      }
      return line
    }
  }
}

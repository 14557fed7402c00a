/// Turns frames into the bytes that change the screen from what it shows to the next frame: only the
/// cells that differ, with the fewest cursor moves and style changes this simple scheme finds, as one
/// string for one write(2). The first frame, or one after a resize or `invalidate`, is drawn whole.
struct ScreenWriter {
  /// What the terminal shows now; `nil` when that is unknown.
  private var shown: Canvas?
  private var cursorShown = false
  private var cursorPlace: (row: Int, column: Int)?

  /// Forgets what the screen shows: the next frame is drawn whole (after a resume, Ctrl-L, a resize).
  mutating func invalidate() {
    shown = nil
  }

  /// The bytes that turn the screen into `canvas`, with the cursor at `cursor` (shown) or hidden; empty
  /// when nothing changes.
  mutating func bytes(for canvas: Canvas, cursor: (row: Int, column: Int)?) -> [UInt8] {
    var out = ""
    var previous: Canvas
    let whole: Bool
    if let shown, shown.rows == canvas.rows, shown.columns == canvas.columns {
      previous = shown
      whole = false
    } else {
      // A cleared screen is blank cells in the plain style: only the rest need drawing.
      out += "\u{1B}[0m\u{1B}[H\u{1B}[2J"
      previous = Canvas(rows: canvas.rows, columns: canvas.columns)
      whole = true
      cursorShown = true  // not known: hidden again below unless wanted
      cursorPlace = nil
    }
    var style: CellStyle? = whole ? .plain : nil
    var position: (row: Int, column: Int)? = nil
    for row in 0..<canvas.rows {
      var column = 0
      while column < canvas.columns {
        let cell = canvas[row, column]
        let span = max(cell.width, 1)
        defer { column += span }
        guard cell.width != 0 else { continue }
        var changed = cell != previous[row, column]
        if cell.width == 2, column + 1 < canvas.columns, canvas[row, column + 1] != previous[row, column + 1] {
          changed = true
        }
        guard changed else { continue }
        if let at = position, at.row == row, at.column < column, column - at.column <= 3,
          (at.column..<column).allSatisfy({ canvas[row, $0].width == 1 })
        {
          // A short gap of unchanged cells costs fewer bytes written again than a cursor move.
          for skipped in at.column..<column {
            if style != canvas[row, skipped].style {
              out += canvas[row, skipped].style.sequence
              style = canvas[row, skipped].style
            }
            out += canvas[row, skipped].text
          }
        } else if position == nil || position! != (row, column) {
          out += "\u{1B}[\(row + 1);\(column + 1)H"
        }
        if style != cell.style {
          out += cell.style.sequence
          style = cell.style
        }
        out += cell.text
        position = (row, column + span)
      }
    }
    if let cursor {
      if position != nil || cursorPlace == nil || cursorPlace! != cursor {
        out += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H"
      }
      if !cursorShown { out += "\u{1B}[?25h" }
      cursorShown = true
    } else if cursorShown {
      out += "\u{1B}[?25l"
      cursorShown = false
    }
    cursorPlace = cursor
    shown = canvas
    return Array(out.utf8)
  }
}

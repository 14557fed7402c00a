import CalCore
import CalService

/// A box drawn over the page: the help, the results of a search, or an event's edit form.
enum Overlay {
  case help
  /// Search results, newest first, and the one chosen.
  case search(query: String, results: [AgendaItem], chosen: Int)
  /// The edit form of an event: its fields, the one chosen, and which event it is.
  case edit(EditForm)

  /// Every key the page knows, as the help lists it.
  static let keys: [(String, String)] = [
    ("←↓↑→ h j k l", "move the selected day (past the page's edge: turn)"),
    ("n PageDown", "next month (up-left)"),
    ("p PageUp", "previous month (down-right)"),
    ("N  P", "next (up-right), previous (down-left)"),
    ("drag a corner", "turn the page the way you drag"),
    ("click", "select a day or an event"),
    ("wheel", "down: next month, up: previous"),
    ("t", "today"),
    ("g", "go to a month or a day"),
    ("Tab Shift-Tab", "select the day's next or previous event"),
    ("a", "add an event on the selected day"),
    ("Enter e", "edit the selected event: each field by its letter"),
    ("d", "delete the selected event"),
    ("/", "search"),
    ("w", "week view, and back"),
    ("Ctrl-L", "redraw"),
    ("Ctrl-Z", "suspend (fg comes back)"),
    ("?", "this help"),
    ("q Ctrl-C", "quit"),
  ]

  /// Draws the box in the middle of `canvas`, above its status line; notes where the results are.
  func draw(into canvas: inout Canvas, view: PageView, hits: inout [Hit]) {
    let lines: [(String, String)]
    let title: String
    var chosenLine: Int?
    switch self {
    case .help:
      title = "Keys (any key closes)"
      lines = Self.keys
    case .search(let query, let results, let chosen):
      title = "\(results.count) found for “\(query)” · Enter: go · Esc: close"
      lines = results.map { item in
        let times = ItemTimes(item, zone: view.zone)
        return ("\(item.day)  " + DisplayWidth.padded(times.label, to: 11), view.describe(item))
      }
      chosenLine = chosen
    case .edit(let form):
      title = "Edit “\(form.fields.title)” · a letter or Enter: change · Esc: done"
      lines = form.lines.map { ("\($0.key)  \($0.name)", $0.value) }
      chosenLine = form.chosen
    }
    let labelWidth = min(lines.map { DisplayWidth.of($0.0) }.max() ?? 0, 32)
    // A line is a border, two spaces, the label, two spaces, the value, a space and a border.
    let wanted = max(DisplayWidth.of(title) + 4, labelWidth + 7 + (lines.map { DisplayWidth.of($0.1) }.max() ?? 0))
    let width = min(canvas.columns - 2, max(wanted, 20))
    let available = canvas.rows - 3
    let height = min(lines.count + 2, available)
    guard width > 4, height > 2 else { return }
    let top = max(0, (canvas.rows - 1 - height) / 2)
    let left = (canvas.columns - width) / 2
    let style = view.palette.overlay
    for row in top..<(top + height) { canvas.fill(row: row, column: left, width: width, style: style) }
    canvas.put(" " + view.fit(title, width - 2), row: top, column: left, width: width, style: view.palette.overlayTitle)
    let shownLines = height - 2
    let first = min(max(0, (chosenLine ?? 0) - shownLines + 1), max(0, lines.count - shownLines))
    for offset in 0..<shownLines {
      let index = first + offset
      guard index < lines.count else { break }
      let row = top + 1 + offset
      let lineStyle = index == chosenLine ? view.palette.selected(style) : style
      if index == chosenLine { canvas.fill(row: row, column: left + 1, width: width - 2, style: lineStyle) }
      let label = DisplayWidth.padded(view.fit(lines[index].0, labelWidth), to: labelWidth)
      let used = canvas.put("  " + label + "  ", row: row, column: left + 1, width: width - 2, style: lineStyle)
      canvas.put(view.fit(lines[index].1, width - 3 - used), row: row, column: left + 1 + used, style: lineStyle)
      if chosenLine != nil {
        hits.append(Hit(rows: row..<(row + 1), columns: left..<(left + width), target: .result(index)))
      }
    }
  }
}

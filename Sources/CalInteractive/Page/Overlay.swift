import CalCore
import CalService

/// A box drawn over the page: the help, the results of a search, an event's edit form, or the to-dos.
enum Overlay {
  /// The keys, from the line `top` on (the list scrolls where the screen is too small for all of it).
  case help(top: Int)
  /// Search results, newest first, and the one chosen.
  case search(query: String, results: [AgendaItem], chosen: Int)
  /// The edit form of an event: its fields, the one chosen, and which event it is.
  case edit(EditForm)
  /// The to-dos still to do and those finished today, as `cal todo list` orders them, and the one chosen.
  case todos(items: [TodoItem], chosen: Int)

  /// The most results a search lists; one more is read, so that the box can say there are more.
  static let searchLimit = 500

  /// Every key the page knows, as the help lists it.
  static let keys: [(String, String)] = [
    ("←↓↑→ h j k l", "move the selected day (past the page's edge: turn)"),
    ("n PageDown", "next month (up-left)"),
    ("p PageUp", "previous month (down-right)"),
    ("N  P", "next (up-right), previous (down-left)"),
    ("drag a corner", "turn the page the way you drag"),
    ("click", "select a day or an event"),
    ("wheel", "down: next month, up: previous"),
    ("t  g", "today; g: go to a month or a day"),
    ("Tab Shift-Tab", "select the day's next or previous event"),
    ("a", "add an event on the selected day"),
    ("Enter e  E", "edit: each field by its letter; E: in your editor"),
    ("d", "delete the selected event"),
    ("/", "search"),
    ("w", "week view, and back"),
    ("T", "to-dos: x done, a add, d delete, Enter: go"),
    ("u  U Ctrl-R", "undo the last change (a turn too); redo"),
    ("Ctrl-L Ctrl-Z", "redraw; suspend (fg comes back)"),
    ("?", "this help"),
    ("q Ctrl-C", "quit"),
  ]

  /// A to-do's box and when it is due: `[ ] 2024-05-31 17:00`.
  static func todoLabel(_ item: TodoItem, view: PageView) -> String {
    let due = item.dueText(on: view.locale.clock)
    return item.record.status.box + (due.isEmpty ? "" : " " + due)
  }

  /// A to-do's priority marks, title and whether it is overdue: `!!! file taxes (overdue)`.
  static func todoText(_ item: TodoItem) -> String {
    let marks = item.record.fields.priority.marks
    return (marks.isEmpty ? "" : marks + " ") + TerminalText.sanitized(item.record.title)
      + (item.isOverdue ? " (overdue)" : item.isDueToday ? " (due today)" : "")
  }

  /// The help's lines in a box on a screen `columns` wide: a description too long for the box goes on
  /// under its key, so that every word of it shows on the smallest page.
  static func helpLines(columns: Int) -> [(String, String)] {
    let labelWidth = keys.map { DisplayWidth.of($0.0) }.max() ?? 0
    let widest = keys.map { DisplayWidth.of($0.1) }.max() ?? 0
    let room = min(columns - 2, labelWidth + 7 + widest) - 7 - labelWidth
    guard room > 10 else { return keys }
    return keys.flatMap { key, description in
      DisplayWidth.wrapped(description, toWidth: room).enumerated().map { ($0.offset == 0 ? key : "", $0.element) }
    }
  }

  /// How many of `count` lines a box shows on a screen of `rows` (a border above and below, a row above and
  /// below the box, and the status line).
  static func shownLines(_ count: Int, rows: Int) -> Int {
    max(0, min(count, rows - 5))
  }

  /// Draws the box in the middle of `canvas`, above its status line; notes where the results are.
  func draw(into canvas: inout Canvas, view: PageView, hits: inout [Hit]) {
    let lines: [(String, String)]
    let title: String
    var chosenLine: Int?
    var scrolledTo: Int?
    switch self {
    case .help(let first):
      lines = Self.helpLines(columns: canvas.columns)
      let scrolls = Self.shownLines(lines.count, rows: canvas.rows) < lines.count
      title = scrolls ? "Keys (j k: scroll, others close)" : "Keys (any key closes)"
      scrolledTo = first
    case .search(let query, let results, let chosen):
      let count = results.count > Self.searchLimit ? "More than \(Self.searchLimit)" : "\(results.count)"
      title = "\(count) found for “\(query)” · Enter: go · Esc: close"
      lines = results.prefix(Self.searchLimit).map { item in
        return ("\(item.day)  " + view.times(of: item).columnLabel, view.describe(item))
      }
      chosenLine = chosen
    case .edit(let form):
      title = "Edit “\(form.fields.title)” · a letter or Enter: change · Esc: done"
      lines = form.lines.map { ("\($0.key)  \($0.name)", $0.value) }
      chosenLine = form.chosen
    case .todos(let items, let chosen):
      title = "To-dos · x: done · a: add · d: delete · Enter: go · Esc: close"
      if items.isEmpty {
        lines = [("", "Nothing to do: a adds a to-do")]
      } else {
        lines = items.map { item in (Self.todoLabel(item, view: view), Self.todoText(item)) }
        chosenLine = chosen
      }
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
    let first = min(scrolledTo ?? max(0, (chosenLine ?? 0) - shownLines + 1), max(0, lines.count - shownLines))
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

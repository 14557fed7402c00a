import CalCore
import CalService

/// The month page: each day a cell with its number and its events (times first, cut to the cell's width,
/// `+N more` when they do not fit), today and the selected day marked, weekends dimmed; and the selected
/// day's agenda.
struct MonthView {
  let view: PageView

  /// The weeks of the month on view, without the blank weeks at the end of the grid.
  static func weeks(of month: YearMonth, firstWeekday: Weekday) -> [[Int?]] {
    MonthGrid(month: month, firstWeekday: firstWeekday).weeks.filter { $0.contains { $0 != nil } }
  }

  /// Draws the page on `canvas` (all rows but the status line) and notes where a click selects what.
  func draw(into canvas: inout Canvas, hits: inout [Hit]) {
    let month = view.snapshot.month
    let weeks = Self.weeks(of: month, firstWeekday: view.locale.firstWeekday)
    guard let layout = MonthLayout(rows: canvas.rows, columns: canvas.columns, weekCount: weeks.count) else { return }
    view.drawTitle(view.locale.title(of: month), width: layout.gridWidth, into: &canvas, hits: &hits)
    let weekdays = Weekday.week(startingOn: view.locale.firstWeekday)
    for (column, weekday) in weekdays.enumerated() {
      let name = DisplayWidth.truncated(view.locale.weekdayNames[weekday.rawValue], toWidth: layout.cellWidth - 1)
      let weekend = weekday == .saturday || weekday == .sunday
      canvas.put(
        " " + name, row: 1, column: column * layout.cellWidth, width: layout.cellWidth,
        style: weekend ? view.palette.weekendHeader : view.palette.weekdayHeader)
    }
    for (week, days) in weeks.enumerated() {
      for (column, number) in days.enumerated() {
        guard let number else { continue }
        let top = layout.gridTop + week * layout.cellHeight
        let left = column * layout.cellWidth
        drawCell(month.day(number), top: top, left: left, layout: layout, into: &canvas)
        hits.append(
          Hit(
            rows: top..<(top + layout.cellHeight), columns: left..<(left + layout.cellWidth),
            target: .day(month.day(number))))
      }
    }
    if layout.sideBySide {
      for row in 1..<layout.statusRow {
        canvas.put("│", row: row, column: layout.gridWidth, style: view.palette.separator)
      }
    }
    view.drawAgenda(
      top: layout.agendaTop, left: layout.agendaLeft, width: layout.agendaWidth, height: layout.agendaHeight,
      into: &canvas, hits: &hits)
  }

  private func drawCell(_ day: CivilDate, top: Int, left: Int, layout: MonthLayout, into canvas: inout Canvas) {
    let width = layout.cellWidth - 1
    let items = view.snapshot.items(on: day)
    let isSelected = day == view.selected
    var numberStyle = view.dayStyle(day)
    if isSelected {
      numberStyle = view.palette.selected(numberStyle)
      canvas.fill(row: top, column: left, width: width, style: numberStyle)
    }
    let number = day.day < 10 ? " \(day.day)" : "\(day.day)"
    let used = canvas.put(number, row: top, column: left, width: width, style: numberStyle)
    let lines = layout.cellHeight - 1
    if lines == 0 {
      // A compact page: a mark says the day has events.
      if !items.isEmpty {
        canvas.put("•", row: top, column: left + used, style: isSelected ? numberStyle : view.palette.marker)
      }
      return
    }
    if day == view.snapshot.today && width - used >= 7 {
      canvas.put(" today", row: top, column: left + used, width: width - used, style: numberStyle)
    }
    for line in 0..<min(lines, items.count) {
      let row = top + 1 + line
      if line == lines - 1 && items.count > lines {
        let more = "+\(items.count - line) more"
        canvas.put(
          DisplayWidth.of(more) <= width ? more : "+\(items.count - line)", row: row, column: left, width: width,
          style: view.palette.more)
        break
      }
      let item = items[line]
      let time = view.times(of: item).startLabel
      var column = left
      if !time.isEmpty {
        column += canvas.put(time + " ", row: row, column: left, width: width, style: view.palette.eventTime)
      }
      let title = view.fit(item.event.title, width - (column - left))
      canvas.put(title, row: row, column: column, style: view.palette.event(of: item))
    }
  }
}

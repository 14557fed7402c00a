import CalCore
import CalService

/// The week of the selected day: seven columns, the all-day events on top, then the timed events by hour,
/// each from its start to its end. The hours shown are as many as fit, where most of the week's events start and
/// always where the selected one does; an event before or after them shows on the first or last row.
struct WeekView {
  let view: PageView

  /// Width of the hour labels on the left: `09:00`, or ` 9:00am`, and a space.
  var gutter: Int { view.locale.clock.widestTime + 1 }

  /// The seven days of the week that holds `day`.
  static func days(around day: CivilDate, firstWeekday: Weekday) -> [CivilDate] {
    let start = day.adding(days: -day.weekday.days(since: firstWeekday)) ?? day
    return (0..<7).compactMap { start.adding(days: $0) }
  }

  /// A day's column header in `width` columns: its weekday's name and its number (`Sun 12`), the name cut
  /// short first (`Su 12`), and the number alone where no letter of the name fits: the number is what says
  /// which day a column is.
  static func header(_ name: String, _ number: Int, width: Int) -> String {
    let full = "\(name) \(number)"
    guard DisplayWidth.of(full) > width else { return full }
    let room = width - DisplayWidth.of("\(number)") - 1
    guard room >= 1 else { return "\(number)" }
    return DisplayWidth.truncated(name, toWidth: room, ellipsis: "") + " \(number)"
  }

  /// Draws the week on `canvas` (all rows but the status line) and notes where a click selects what.
  func draw(into canvas: inout Canvas, hits: inout [Hit]) {
    let days = Self.days(around: view.selected, firstWeekday: view.locale.firstWeekday)
    let week = WeekNumber.ofWeek(containing: view.selected, firstWeekday: view.locale.firstWeekday)
    view.drawTitle(
      "\(view.locale.title(of: view.snapshot.month)) · week \(week)", width: canvas.columns, into: &canvas, hits: &hits)
    let gutter = gutter
    let columnWidth = (canvas.columns - gutter) / 7
    let hourRows = canvas.rows - 4
    guard columnWidth >= 3, hourRows > 0 else { return }
    let timed = days.map { day in view.snapshot.items(on: day).filter { !$0.schedule.isAllDay } }
    let firstHour = firstShownHour(timed, rows: hourRows)
    for hour in 0..<min(hourRows, 24 - firstHour) {
      let label = view.locale.clock.text(minutes: (firstHour + hour) * 60)
      canvas.put(
        String(repeating: " ", count: gutter - 1 - label.count) + label, row: 3 + hour, column: 0,
        style: view.palette.hourLabel)
    }
    canvas.put("all", row: 2, column: 0, width: gutter, style: view.palette.hourLabel)
    for (index, day) in days.enumerated() {
      let left = gutter + index * columnWidth
      let width = columnWidth - 1
      let isSelected = day == view.selected
      var headerStyle = view.dayStyle(day)
      headerStyle.bold = true
      if isSelected {
        headerStyle = view.palette.selected(headerStyle)
        canvas.fill(row: 1, column: left, width: width, style: headerStyle)
      }
      canvas.put(
        Self.header(TerminalText.sanitized(view.locale.weekdayNames[day.weekday.rawValue]), day.day, width: width),
        row: 1, column: left, style: headerStyle)
      hits.append(Hit(rows: 1..<(canvas.rows - 1), columns: left..<(left + columnWidth), target: .day(day)))
      let items = view.snapshot.items(on: day)
      let allDay = items.enumerated().filter { $0.element.schedule.isAllDay }
      if let (index, first) = allDay.first {
        let more = allDay.count > 1 ? " +\(allDay.count - 1)" : ""
        let style = style(for: day, index: index, base: view.palette.event(of: first))
        let title = view.fit(first.event.title, width - DisplayWidth.of(more))
        let used = canvas.put(title, row: 2, column: left, style: style)
        canvas.put(more, row: 2, column: left + used, width: width - used, style: view.palette.more)
        hits.append(Hit(rows: 2..<3, columns: left..<(left + width), target: .event(day, index)))
      }
      drawTimed(
        day, items: items, firstHour: firstHour, rows: hourRows, left: left, width: width, into: &canvas, hits: &hits)
    }
  }

  /// The first hour shown: of the windows of `rows` hours, the one in which the most of the week's timed
  /// events start, the nearest to 8 o'clock (or the earliest start, if earlier) among equals; and always one
  /// that shows the selected event.
  private func firstShownHour(_ timed: [[AgendaItem]], rows: Int) -> Int {
    let latestFirst = max(0, 24 - rows)
    // Where events start: one going on from the day before starts there, not at midnight.
    let hours = timed.joined().compactMap { item -> Int? in
      let times = view.times(of: item)
      return times.startedBefore ? nil : times.start.map { $0 / 60 }
    }
    guard let earliest = hours.min() else { return min(8, latestFirst) }
    let preferred = min(earliest, 8)
    var first =
      (0...latestFirst).max { a, b in
        let (countA, countB) = (
          hours.count { (a..<(a + rows)).contains($0) }, hours.count { (b..<(b + rows)).contains($0) }
        )
        return countA != countB ? countA < countB : abs(a - preferred) > abs(b - preferred)
      } ?? 0
    let items = view.snapshot.items(on: view.selected)
    if items.indices.contains(view.selectedEvent),
      let start = view.times(of: items[view.selectedEvent]).start
    {
      first = min(max(first, start / 60 - rows + 1), start / 60)
    }
    return max(0, min(first, latestFirst))
  }

  private func style(for day: CivilDate, index: Int, base: CellStyle) -> CellStyle {
    day == view.selected && index == view.selectedEvent ? view.palette.selected(base) : base
  }

  /// The narrowest a lane of events sharing an hour may be: room for `09:30` and a few letters of the title.
  static let laneWidth = 10

  /// The day's timed events by hour, each from its start to its end. Events that start in the same hour
  /// share its row side by side, as many as fit `width`; the rest are counted as `+N` after the last one
  /// shown, and the selected event always takes a place.
  private func drawTimed(
    _ day: CivilDate, items: [AgendaItem], firstHour: Int, rows: Int, left: Int, width: Int, into canvas: inout Canvas,
    hits: inout [Hit]
  ) {
    var starting: [Int: [(index: Int, times: ItemTimes, lastRow: Int)]] = [:]
    for (index, item) in items.enumerated() {
      let times = view.times(of: item)
      guard let start = times.start else { continue }
      let end = max(times.end ?? start, start + 1)
      // An event before or after the hours shown goes on the nearest row shown, with its own time: the week
      // view hides none.
      let firstRow = min(max(start / 60 - firstHour, 0), rows - 1)
      let lastRow = max(firstRow, min((end - 1) / 60 - firstHour, rows - 1))
      starting[firstRow, default: []].append((index, times, lastRow))
    }
    for (firstRow, group) in starting {
      let lanes = max(1, min(group.count, width / Self.laneWidth))
      var shown = Array(group.prefix(lanes))
      if day == view.selected, !shown.contains(where: { $0.index == view.selectedEvent }),
        let chosen = group.first(where: { $0.index == view.selectedEvent })
      {
        shown[shown.count - 1] = chosen
      }
      let hidden = group.count - shown.count
      let laneWidth = width / lanes
      for (lane, event) in shown.enumerated() {
        let column = left + lane * laneWidth
        // The last lane takes what the division leaves, less the count of those not shown.
        let more = lane == lanes - 1 && hidden > 0 ? " +\(hidden)" : ""
        var room = (lane == lanes - 1 ? width - lane * laneWidth : laneWidth - 1) - DisplayWidth.of(more)
        let item = items[event.index]
        var used = 0
        if room >= event.times.startLabel.count + 3 {
          used = canvas.put(
            event.times.startLabel + " ", row: 3 + firstRow, column: column, width: room, style: view.palette.eventTime)
          room -= used
        }
        let style = style(for: day, index: event.index, base: view.palette.event(of: item))
        used += canvas.put(view.fit(item.event.title, room), row: 3 + firstRow, column: column + used, style: style)
        canvas.put(more, row: 3 + firstRow, column: column + used, style: view.palette.more)
        if firstRow < event.lastRow {
          for row in (firstRow + 1)...event.lastRow where starting[row] == nil {
            canvas.put("│", row: 3 + row, column: column, style: view.palette.timedBlock)
          }
        }
        let right = lane == lanes - 1 ? left + width : column + laneWidth
        hits.append(
          Hit(rows: (3 + firstRow)..<(4 + firstRow), columns: column..<right, target: .event(day, event.index)))
      }
    }
  }
}

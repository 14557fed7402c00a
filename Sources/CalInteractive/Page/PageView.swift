import CalCore
import CalService

/// Everything a view needs to draw the page once: the snapshot, the selection, names and styles.
struct PageView {
  let snapshot: PageSnapshot
  let selected: CivilDate
  /// The selected event among the selected day's, if it has any.
  let selectedEvent: Int
  let locale: CalendarLocale
  let palette: Palette
  let zone: ZoneInfo

  /// `text` as it may be shown (control characters made visible), cut to `width` columns with an ellipsis.
  func fit(_ text: String, _ width: Int) -> String {
    DisplayWidth.truncated(TerminalText.sanitized(text), toWidth: width)
  }

  /// `Sun 12 May 2024`, in the locale's names.
  func longName(_ day: CivilDate) -> String {
    "\(locale.weekdayNames[day.weekday.rawValue]) \(day.day) \(locale.monthNames[day.month - 1]) \(day.year)"
  }

  /// The style of a day's number: today, a weekend day, or another day.
  func dayStyle(_ day: CivilDate) -> CellStyle {
    if day == snapshot.today { return palette.today }
    return day.weekday == .saturday || day.weekday == .sunday ? palette.weekend : palette.day
  }

  /// The title line: the page's name in the middle, the way to help at the right (a click on it opens
  /// the help).
  func drawTitle(_ title: String, width: Int, into canvas: inout Canvas, hits: inout [Hit]) {
    canvas.fill(row: 0, column: 0, width: canvas.columns)
    let hint = "? help"
    let room = width - DisplayWidth.of(hint) - 2
    let shown = DisplayWidth.truncated(title, toWidth: max(room, 1))
    canvas.put(shown, row: 0, column: max(0, (width - DisplayWidth.of(shown)) / 2), style: palette.title)
    if room > DisplayWidth.of(shown) + 2 {
      let left = canvas.columns - DisplayWidth.of(hint)
      canvas.put(hint, row: 0, column: left, style: palette.hint)
      hits.append(Hit(rows: 0..<1, columns: left..<canvas.columns, target: .help))
    }
  }

  /// When `item` happens on its day, on the user's clock, written as the locale's clock says.
  func times(of item: AgendaItem) -> ItemTimes {
    ItemTimes(item, zone: zone, clock: locale.clock)
  }

  /// The title of an event as a line shows it: the title, the day of a span, the place.
  func describe(_ item: AgendaItem) -> String {
    var text = item.event.title
    let occurrence = item.occurrence
    if item.schedule.isAllDay && occurrence.lastDay > occurrence.firstDay {
      let number = item.day.daysSince1970 - occurrence.firstDay.daysSince1970 + 1
      text += " (day \(number) of \(occurrence.lastDay.daysSince1970 - occurrence.firstDay.daysSince1970 + 1))"
    }
    if let location = item.event.location, !location.isEmpty { text += " @ " + location }
    return text
  }

  /// The selected day's events, one a line, the selected one in reverse video, scrolled so that it shows.
  func drawAgenda(top: Int, left: Int, width: Int, height: Int, into canvas: inout Canvas, hits: inout [Hit]) {
    guard height > 0, width > 0 else { return }
    let items = snapshot.items(on: selected)
    var header = longName(selected)
    if selected == snapshot.today { header += " · today" }
    if !items.isEmpty { header += " · \(items.count) event" + (items.count == 1 ? "" : "s") }
    canvas.fill(row: top, column: left, width: width, style: palette.agendaHeader)
    canvas.put(" " + header, row: top, column: left, width: width, style: palette.agendaHeader)
    let lines = height - 1
    guard lines > 0 else { return }
    guard !items.isEmpty else {
      canvas.put(" No events. a: add one", row: top + 1, column: left, width: width, style: palette.hint)
      return
    }
    let first = min(max(0, selectedEvent - lines + 1), max(0, items.count - lines))
    for line in 0..<min(lines, items.count - first) {
      let index = first + line
      let row = top + 1 + line
      let item = items[index]
      let isSelected = index == selectedEvent
      if line == lines - 1 && index < items.count - 1 && !isSelected {
        canvas.put(" +\(items.count - index) more", row: row, column: left, width: width, style: palette.more)
        break
      }
      let label = times(of: item).columnLabel
      let timeStyle = isSelected ? palette.selected(palette.eventTime) : palette.eventTime
      let titleStyle = isSelected ? palette.selected(palette.event(of: item)) : palette.event(of: item)
      if isSelected { canvas.fill(row: row, column: left, width: width, style: titleStyle) }
      let used = canvas.put(" " + label + " ", row: row, column: left, width: width, style: timeStyle)
      canvas.put(fit(describe(item), width - used), row: row, column: left + used, style: titleStyle)
      hits.append(Hit(rows: row..<(row + 1), columns: left..<(left + width), target: .event(selected, index)))
    }
  }
}

import CalCore
import CalStorage

/// Prints month pages with their marks, for `show`, `flip` and `goto`.
enum PageRenderer {
  /// The pages of `months`: highlighted on a terminal; otherwise cal(1)'s exact layout, followed by a line
  /// naming the days that have events (marks cannot be shown without escape sequences). With `agenda`, the
  /// events themselves follow.
  static func render(
    _ months: [YearMonth], store: CalendarStore, context: CommandContext, style: MonthSheet.Style,
    agenda: Bool = false
  ) throws -> String {
    guard let first = months.first, let last = months.last else { return "" }
    let from = first.firstDay.description
    let through = last.lastDay.description
    let marked = Set(
      try store.events.days(withEventsFrom: from, through: through).compactMap { try? CivilDate(parsing: $0) })
    let sheet = MonthSheet(months: months, today: context.today, markedDays: marked, style: style)
    var text = sheet.lines().map { $0 + "\n" }.joined()
    if !style.highlights && !marked.isEmpty {
      let names = marked.sorted().map { months.count == 1 ? String($0.day) : $0.description }
      text += "\nDays with events: " + names.joined(separator: ", ") + "\n"
    }
    if agenda {
      let events = try store.events.events(from: from, through: through)
      text += "\n" + (events.isEmpty ? "No events.\n" : events.map { EventPresenter.line($0) + "\n" }.joined())
    }
    return text
  }
}

import CalCore
import CalStorage

/// Prints a month page with its marks, for `show`, `flip` and `goto`.
enum PageRenderer {
  /// The page of `month`: styled on a terminal; otherwise cal(1)'s exact grid, followed by a line naming
  /// the days that have events (marks cannot be shown without escape sequences).
  static func render(_ month: YearMonth, store: CalendarStore, context: CommandContext) throws -> String {
    let days = try store.events.days(
      withEventsFrom: month.firstDay.description, through: month.lastDay.description)
    let marked = Set(days.compactMap { try? CivilDate(parsing: $0).day })
    let today = context.today.yearMonth == month ? context.today.day : nil
    let page = MonthPage(
      grid: MonthGrid(month: month, firstWeekday: .sunday), today: today, markedDays: marked)
    let styled = context.stylesOutput
    var text = page.lines(styled: styled).joined(separator: "\n") + "\n"
    if !styled && !marked.isEmpty {
      text += "\nDays with events: " + marked.sorted().map(String.init).joined(separator: ", ") + "\n"
    }
    return text
  }
}

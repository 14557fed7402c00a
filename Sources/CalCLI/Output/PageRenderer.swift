import CalCore
import CalService

/// Prints month pages with their marks, for `show`, `flip` and `goto`.
enum PageRenderer {
  /// The pages of `months`: highlighted on a terminal; otherwise cal(1)'s exact layout, followed by a line
  /// naming the days that have events (marks cannot be shown without escape sequences). With `agenda`, the
  /// events themselves follow.
  static func render(
    _ months: [YearMonth], calendar: CalendarService, context: CommandContext, style: MonthSheet.Style,
    withAgenda: Bool = false, only name: String? = nil
  ) throws -> String {
    guard let first = months.first, let last = months.last else { return "" }
    let marked = try calendar.markedDays(from: first.firstDay, through: last.lastDay, calendar: name)
    // On a terminal a day whose events all belong to one calendar with a colour takes that colour.
    var colors: [CivilDate: String] = [:]
    if style.highlights && !marked.isEmpty {
      if let name {
        if let color = try calendar.calendar(named: name).color?.sgr {
          colors = Dictionary(uniqueKeysWithValues: marked.map { ($0, color) })
        }
      } else {
        colors = try calendar.markedDayColors(from: first.firstDay, through: last.lastDay).mapValues(\.sgr)
      }
    }
    let sheet = MonthSheet(months: months, today: context.today, markedDays: marked, style: style, markColors: colors)
    var text = sheet.lines().map { $0 + "\n" }.concatenated()
    if !style.highlights && !marked.isEmpty {
      let names = marked.sorted().map { months.count == 1 ? String($0.day) : $0.description }
      text += "\nDays with events: " + names.concatenated(separator: ", ") + "\n"
    }
    if withAgenda {
      let items = try calendar.agenda(from: first.firstDay, through: last.lastDay, calendar: name)
      var warnings = OverlapWarnings()
      for item in items { warnings.check(item, context: context) }
      text +=
        "\n"
        + (items.isEmpty ? "No events.\n" : EventPresenter.lines(items, context: context, styled: style.highlights))
    }
    return text
  }
}

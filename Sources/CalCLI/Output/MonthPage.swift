public import CalCore

/// Draws a month the way cal(1) does: the title centred over `Su Mo Tu We Th Fr Sa`, six rows of days,
/// every line 20 columns of text plus cal(1)'s two trailing spaces.
public struct MonthPage {
  /// The width of the grid's text, without the gap that separates pages side by side.
  public static let width = 20

  /// The grid to draw.
  public let grid: MonthGrid
  /// Today's day of this month, if today is in it.
  public let today: Int?
  /// Days of this month that have events.
  public let markedDays: Set<Int>

  /// A page of `grid`.
  public init(grid: MonthGrid, today: Int?, markedDays: Set<Int>) {
    self.grid = grid
    self.today = today
    self.markedDays = markedDays
  }

  /// The page's lines. With `styled`, today is in reverse video and marked days bold and underlined;
  /// without it the lines are exactly cal(1)'s, with no escape sequence at all.
  public func lines(styled: Bool) -> [String] {
    let title = grid.month.englishName
    let leftPad = max(0, (Self.width - title.count) / 2)
    var lines = [padded(String(repeating: " ", count: leftPad) + title, to: Self.width + 2)]
    lines.append(grid.weekdays.map(\.englishAbbreviation).joined(separator: " ") + "  ")
    for week in grid.weeks {
      var line = ""
      for (column, day) in week.enumerated() {
        if column > 0 { line += " " }
        guard let day else {
          line += "  "
          continue
        }
        let cell = day < 10 ? " \(day)" : "\(day)"
        line += styled ? style(cell, day: day) : cell
      }
      lines.append(line + "  ")
    }
    return lines
  }

  private func style(_ cell: String, day: Int) -> String {
    var attributes: [String] = []
    if markedDays.contains(day) { attributes += ["1", "4"] }
    if day == today { attributes.append("7") }
    guard !attributes.isEmpty else { return cell }
    return "\u{1B}[" + attributes.joined(separator: ";") + "m" + cell + "\u{1B}[0m"
  }

  private func padded(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }
}

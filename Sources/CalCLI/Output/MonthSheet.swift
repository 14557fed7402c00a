public import CalCore

/// Months drawn side by side the way cal(1) draws them: three to a row, each 20 columns of text and a
/// two-column gap, a blank line between rows, and the year above a row instead of beside each name when
/// three or more months start at the beginning of a quarter (as `cal -3` and `cal -y` do).
public struct MonthSheet {
  /// How the pages look.
  public struct Style: Sendable {
    /// Names and first day of the week.
    public var locale: CalendarLocale
    /// Whether each week row starts with its week number.
    public var weekNumbers: Bool
    /// Whether today is in reverse video and marked days bold, underlined and coloured.
    public var highlights: Bool

    /// A style.
    public init(locale: CalendarLocale, weekNumbers: Bool = false, highlights: Bool = false) {
      self.locale = locale
      self.weekNumbers = weekNumbers
      self.highlights = highlights
    }
  }

  static let monthsPerRow = 3

  /// The months, in order.
  public let months: [YearMonth]
  /// Today, highlighted when it is on the sheet.
  public let today: CivilDate
  /// Days that have events.
  public let markedDays: Set<CivilDate>
  /// How it looks.
  public let style: Style
  /// The SGR colour of marked days whose events belong to one calendar with a colour (cyan for the rest).
  public let markColors: [CivilDate: String]

  /// A sheet of consecutive `months`.
  public init(
    months: [YearMonth], today: CivilDate, markedDays: Set<CivilDate>, style: Style,
    markColors: [CivilDate: String] = [:]
  ) {
    self.months = months
    self.today = today
    self.markedDays = markedDays
    self.style = style
    self.markColors = markColors
  }

  /// The width of one month's text.
  var monthWidth: Int { style.weekNumbers ? 23 : 20 }

  /// The sheet's lines, without line ends. Without highlights they hold no escape sequence at all.
  public func lines() -> [String] {
    guard let first = months.first else { return [] }
    let yearHeader = months.count >= Self.monthsPerRow && (first.month - 1) % Self.monthsPerRow == 0
    var lines: [String] = []
    var previousYear: Int?
    for start in stride(from: 0, to: months.count, by: Self.monthsPerRow) {
      let row = months[start..<min(start + Self.monthsPerRow, months.count)]
      if start > 0 { lines.append("") }
      if yearHeader, row.first?.year != previousYear {
        lines.append(DisplayWidth.centred(String(row.first!.year), in: Self.monthsPerRow * monthWidth))
        previousYear = row.first?.year
      }
      let blocks = row.map { block(for: $0, withYear: !yearHeader) }
      for index in blocks[blocks.startIndex].indices {
        lines.append(blocks.map { $0[index] }.joined())
      }
    }
    return lines
  }

  /// One month's eight lines, each padded to its width plus the two-column gap.
  private func block(for month: YearMonth, withYear: Bool) -> [String] {
    let locale = style.locale
    let name = withYear ? locale.title(of: month) : locale.monthNames[month.month - 1]
    let gap = "  "
    var block = [DisplayWidth.padded(DisplayWidth.centred(name, in: monthWidth), to: monthWidth) + gap]
    let header = Weekday.week(startingOn: locale.firstWeekday).map { headerName($0) }.joined(separator: " ")
    block.append((style.weekNumbers ? "   " : "") + header + gap)
    let grid = MonthGrid(month: month, firstWeekday: locale.firstWeekday)
    for week in grid.weeks {
      var line = ""
      if style.weekNumbers {
        let firstDay = week.compactMap { $0 }.first
        line +=
          firstDay.map { day in
            let number = WeekNumber.ofWeek(
              containing: month.day(day), firstWeekday: locale.firstWeekday)
            return (number < 10 ? " " : "") + String(number) + " "
          } ?? "   "
      }
      for (column, day) in week.enumerated() {
        if column > 0 { line += " " }
        guard let day else {
          line += "  "
          continue
        }
        line += cell(month.day(day))
      }
      block.append(line + gap)
    }
    return block
  }

  /// The first one or two characters of `%a` that fit two columns, right-aligned, as cal(1) abbreviates.
  private func headerName(_ weekday: Weekday) -> String {
    let full = style.locale.weekdayNames[weekday.rawValue]
    for length in [2, 1] {
      let candidate = String(full.prefix(length))
      let width = DisplayWidth.of(candidate)
      if width <= 2 { return String(repeating: " ", count: 2 - width) + candidate }
    }
    return "  "
  }

  private func cell(_ date: CivilDate) -> String {
    let text = date.day < 10 ? " \(date.day)" : String(date.day)
    guard style.highlights else { return text }
    var attributes: [String] = []
    if markedDays.contains(date) { attributes += ["1", "4", markColors[date] ?? "36"] }
    if date == today { attributes.append("7") }
    guard !attributes.isEmpty else { return text }
    return "\u{1B}[" + attributes.joined(separator: ";") + "m" + text + "\u{1B}[0m"
  }
}

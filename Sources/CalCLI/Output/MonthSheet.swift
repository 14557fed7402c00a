public import CalCore

/// Months drawn side by side the way cal(1) draws them: three to a row, each 20 columns of text and a
/// two-column gap (two to a row, 27 columns each, with days numbered through the year), a blank line between
/// rows, and the year above a row instead of beside each name when a full row of months starts at the
/// beginning of a quarter (as `cal -3` and `cal -y` do).
public struct MonthSheet {
  /// How the pages look.
  public struct Style: Sendable {
    /// Names and first day of the week.
    public var locale: CalendarLocale
    /// Whether each week row starts with its week number.
    public var weekNumbers: Bool
    /// How week numbers are counted and set, when they are shown.
    public var weekNumberLayout: WeekNumberLayout
    /// Whether today is in reverse video and marked days bold, underlined and coloured.
    public var highlights: Bool
    /// Whether days are numbered through the year (1 January is 1) instead of through the month, as
    /// `cal -j` numbers them: three columns a day, two months to a row.
    public var daysOfYear: Bool
    /// The calendar the days follow: `cal`'s own pages are Gregorian throughout, cal(1)'s follow the 1752
    /// reform.
    public var reform: CalendarReform
    /// Whether names are centred and padded by counting characters, as cal(1) counts them, rather than
    /// terminal columns: the same for most scripts, wider for Chinese or Japanese month names.
    public var countsCharacters: Bool

    /// A style.
    public init(
      locale: CalendarLocale, weekNumbers: Bool = false, weekNumberLayout: WeekNumberLayout = .beside,
      highlights: Bool = false, daysOfYear: Bool = false, reform: CalendarReform = .none,
      countsCharacters: Bool = false
    ) {
      self.locale = locale
      self.weekNumbers = weekNumbers
      self.weekNumberLayout = weekNumberLayout
      self.highlights = highlights
      self.daysOfYear = daysOfYear
      self.reform = reform
      self.countsCharacters = countsCharacters
    }
  }

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

  /// How week numbers are counted and set.
  public enum WeekNumberLayout: Sendable {
    /// `18 ` before each row, as util-linux's cal(1) sets them: ISO 8601 weeks when weeks start on Monday,
    /// otherwise week 1 holds 1 January (`WeekNumber`).
    case beside
    /// `18| ` before each row under a ` w| ` heading, as Debian's `ncal -b -w` sets them: a row belongs to
    /// the year that has four of its days, whatever day weeks start on (ISO 8601 weeks with Monday first).
    case ncal
  }

  /// The columns before each row that hold its week number.
  var weekNumberWidth: Int {
    guard style.weekNumbers else { return 0 }
    return style.weekNumberLayout == .beside ? 3 : 4
  }

  /// The columns of one day's number.
  var cellWidth: Int { style.daysOfYear ? 3 : 2 }
  /// The width of one month's text.
  var monthWidth: Int {
    // ncal leaves a column free after the week numbers' rows.
    7 * cellWidth + 6 + weekNumberWidth + (style.weekNumbers && style.weekNumberLayout == .ncal ? 1 : 0)
  }
  /// How many months stand side by side.
  var monthsPerRow: Int { style.daysOfYear ? 2 : 3 }

  /// The sheet's lines, without line ends. Without highlights they hold no escape sequence at all.
  public func lines() -> [String] {
    guard let first = months.first else { return [] }
    let yearHeader = months.count >= monthsPerRow && (first.month - 1) % monthsPerRow == 0
    var lines: [String] = []
    var previousYear: Int?
    let heading = weekdayHeading()
    for start in stride(from: 0, to: months.count, by: monthsPerRow) {
      let row = months[start..<min(start + monthsPerRow, months.count)]
      if start > 0 { lines.append("") }
      if yearHeader, row.first?.year != previousYear {
        lines.append(DisplayWidth.centred(String(row.first!.year), in: monthsPerRow * monthWidth))
        previousYear = row.first?.year
      }
      let blocks = row.map { block(for: $0, withYear: !yearHeader, heading: heading) }
      for index in blocks[blocks.startIndex].indices {
        // Made in room reserved at once: growing by appending cost 5,000 instructions a line.
        var line = ""
        line.reserveCapacity(blocks.reduce(0) { $0 + $1[index].utf8.count })
        for block in blocks { line += block[index] }
        lines.append(line)
      }
    }
    return lines
  }

  /// One month's eight lines, each padded to its width plus the two-column gap; `heading` is the line of
  /// weekday names, the same in every month.
  private func block(for month: YearMonth, withYear: Bool, heading: String) -> [String] {
    let locale = style.locale
    let name = withYear ? locale.title(of: month) : locale.monthNames[month.month - 1]
    var block = [padded(centred(name, in: monthWidth), to: monthWidth) + Self.gap, heading]
    let grid = MonthGrid(month: month, firstWeekday: locale.firstWeekday, reform: style.reform)
    // Rows are built as bytes (a page of twelve months is 500 cells): digits, spaces, week numbers and
    // escape sequences are all ASCII.
    var line: [UInt8] = []
    line.reserveCapacity(2 * monthWidth)
    for week in grid.weeks {
      line.removeAll(keepingCapacity: true)
      if weekNumberWidth != 0 { line.append(contentsOf: weekNumber(week, in: grid).utf8) }
      for (column, day) in week.enumerated() {
        if column > 0 { line.append(UInt8(ascii: " ")) }
        guard let day else {
          line.append(contentsOf: repeatElement(UInt8(ascii: " "), count: cellWidth))
          continue
        }
        appendCell(day, in: grid, to: &line)
      }
      // Padded as DisplayWidth.padded pads ASCII: every byte but a control character counts a column.
      let columns = line.reduce(0) { $0 + ($1 >= 0x20 && $1 != 0x7F ? 1 : 0) }
      line.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(0, monthWidth - columns) + 2))
      block.append(String(decoding: line, as: UTF8.self))
    }
    return block
  }

  /// The two columns between months (a literal each time: a stored constant would cost a once-token).
  private static var gap: String { "  " }

  /// The line of weekday names above each month's days, padded to its width plus the gap.
  private func weekdayHeading() -> String {
    let header = Weekday.week(startingOn: style.locale.firstWeekday).map { headerName($0) }
      .concatenated(separator: " ")
    let weekHeading = weekNumberWidth == 0 ? "" : style.weekNumberLayout == .beside ? "   " : " w| "
    // Only names are measured in characters, as cal(1) measures them; the rest is laid out by columns.
    return DisplayWidth.padded(weekHeading + header, to: monthWidth) + Self.gap
  }

  /// The week number that starts the row `week`, or blanks for a row without days.
  private func weekNumber(_ week: [Int?], in grid: MonthGrid) -> String {
    let firstWeekday = style.locale.firstWeekday
    let blank = String(repeating: " ", count: weekNumberWidth)
    guard let column = week.firstIndex(where: { $0 != nil }), let date = grid.date(ofDay: week[column]!) else {
      return blank
    }
    let number: Int
    switch style.weekNumberLayout {
    case .beside:
      number = WeekNumber.ofWeek(containing: date, firstWeekday: firstWeekday)
    case .ncal:
      number = WeekNumber.ofWeek(byFourDaysContaining: date, firstWeekday: firstWeekday)
    }
    let digits = (number < 10 ? " " : "") + String(number)
    return digits + (style.weekNumberLayout == .beside ? " " : "| ")
  }

  /// The first one or two characters of `%a` that fit two columns, right-aligned in a day's columns, as
  /// cal(1) abbreviates.
  private func headerName(_ weekday: Weekday) -> String {
    let full = style.locale.weekdayNames[weekday.rawValue]
    for length in [2, 1] {
      let candidate = String(full.prefix(length))
      let width = DisplayWidth.of(candidate)
      if width <= 2 { return String(repeating: " ", count: cellWidth - width) + candidate }
    }
    return String(repeating: " ", count: cellWidth)
  }

  /// Appends day `day`'s cell: its number right-aligned in the cell's columns, in escape sequences when it
  /// is highlighted.
  private func appendCell(_ day: Int, in grid: MonthGrid, to line: inout [UInt8]) {
    let number = style.daysOfYear ? grid.dayOfYear(day) : day
    let start = line.count
    var digits = 1
    var power = 10
    while number >= power {
      digits += 1
      power *= 10
    }
    line.append(contentsOf: repeatElement(UInt8(ascii: " "), count: max(0, cellWidth - digits)))
    line.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
    var rest = number
    var position = line.count
    repeat {
      position -= 1
      line[position] += UInt8(rest % 10)
      rest /= 10
    } while rest > 0
    guard style.highlights, let date = grid.date(ofDay: day) else { return }
    var attributes: [String] = []
    if markedDays.contains(date) { attributes += ["1", "4", markColors[date] ?? "36"] }
    if date == today { attributes.append("7") }
    guard !attributes.isEmpty else { return }
    // Reverse video alone ends as cal(1) ends it; several attributes end all at once.
    let end = attributes == ["7"] ? "27" : "0"
    line.insert(contentsOf: ("\u{1B}[" + attributes.concatenated(separator: ";") + "m").utf8, at: start)
    line.append(contentsOf: ("\u{1B}[" + end + "m").utf8)
  }

  /// `text` centred in `width`, by columns or, as cal(1) does, by characters.
  private func centred(_ text: String, in width: Int) -> String {
    guard style.countsCharacters else { return DisplayWidth.centred(text, in: width) }
    return String(repeating: " ", count: max(0, (width - text.unicodeScalars.count) / 2)) + text
  }

  /// `text` padded to `width`, by columns or, as cal(1) does, by characters.
  private func padded(_ text: String, to width: Int) -> String {
    guard style.countsCharacters else { return DisplayWidth.padded(text, to: width) }
    return text + String(repeating: " ", count: max(0, width - text.unicodeScalars.count))
  }
}

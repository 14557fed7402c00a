/// A month laid out as a wall calendar lays it out: six weeks of seven days, blank where the month has none.
public struct MonthGrid: Equatable, Sendable {
  /// The month shown.
  public let month: YearMonth
  /// The day each column stands for, left to right.
  public let weekdays: [Weekday]
  /// Six rows of seven cells; each cell is a day of the month or `nil`. Always six rows, as cal(1)
  /// prints them, so that pages of any month have the same height.
  public let weeks: [[Int?]]

  /// The calendar the month's days follow.
  public let reform: CalendarReform

  /// The grid of `month` with weeks starting on `firstWeekday`, its days by `reform`'s calendar.
  public init(month: YearMonth, firstWeekday: Weekday, reform: CalendarReform = .none) {
    self.month = month
    self.weekdays = Weekday.week(startingOn: firstWeekday)
    self.reform = reform
    let days = reform.days(of: month)
    let leadingBlanks = reform.weekday(days[0], of: month).days(since: firstWeekday)
    var cells = [Int?](repeating: nil, count: 42)
    for (index, day) in days.enumerated() {
      cells[leadingBlanks + index] = day
    }
    weeks = stride(from: 0, to: 42, by: 7).map { Array(cells[$0..<($0 + 7)]) }
  }

  /// The date the cell of `day` stands for, in the proleptic Gregorian calendar; `nil` before 1 January 1.
  public func date(ofDay day: Int) -> CivilDate? {
    reform.date(day, of: month)
  }

  /// The day of the year of `day`, 1 January being 1.
  public func dayOfYear(_ day: Int) -> Int {
    reform.dayOfYear(day, of: month)
  }
}

/// A month laid out as a wall calendar lays it out: six weeks of seven days, blank where the month has none.
public struct MonthGrid: Equatable, Sendable {
  /// The month shown.
  public let month: YearMonth
  /// The day each column stands for, left to right.
  public let weekdays: [Weekday]
  /// Six rows of seven cells; each cell is a day of the month or `nil`. Always six rows, as cal(1)
  /// prints them, so that pages of any month have the same height.
  public let weeks: [[Int?]]

  /// The grid of `month` with weeks starting on `firstWeekday`.
  public init(month: YearMonth, firstWeekday: Weekday) {
    self.month = month
    self.weekdays = Weekday.week(startingOn: firstWeekday)
    let leadingBlanks = month.firstDay.weekday.days(since: firstWeekday)
    let dayCount = month.numberOfDays
    weeks = (0..<6).map { week in
      (0..<7).map { column in
        let day = week * 7 + column - leadingBlanks + 1
        return (1...dayCount).contains(day) ? day : nil
      }
    }
  }
}

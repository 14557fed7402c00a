/// Which calendar the days before the Gregorian reform follow on a page.
public enum CalendarReform: Sendable {
  /// The Gregorian calendar for every year, as `cal` itself counts (and util-linux's `cal --reform gregorian`).
  case none
  /// The Julian calendar until Wednesday 2 September 1752, then the Gregorian from Thursday 14 September, as
  /// Great Britain and its colonies switched and as Debian's cal(1) prints every year.
  case britain1752

  /// The last month drawn in the Julian calendar, and the month that lost eleven days.
  static let switchMonth = YearMonth(validYear: 1752, month: 9)
  /// The day after which September 1752 jumps eleven days.
  static let lastJulianDay = 2
  /// How many days September 1752 skipped.
  static let skippedDays = 11

  /// Whether `month` is drawn from the Julian calendar (wholly or, for September 1752, in part).
  func isJulian(_ month: YearMonth) -> Bool {
    self == .britain1752 && month <= Self.switchMonth
  }

  /// The days of `month` in order: 1 to its length, or for September 1752, 1, 2, 14 ... 30.
  public func days(of month: YearMonth) -> [Int] {
    if isJulian(month) && month == Self.switchMonth {
      return Array(1...Self.lastJulianDay) + Array((Self.lastJulianDay + Self.skippedDays + 1)...30)
    }
    return Array(1...numberOfDays(in: month))
  }

  /// How many days `month` has by its own calendar's leap years (February 1700 has 29 in the Julian).
  func numberOfDays(in month: YearMonth) -> Int {
    guard isJulian(month), month.month == 2 else { return month.numberOfDays }
    return month.year % 4 == 0 ? 29 : 28
  }

  /// The day `day` of `month` names, as a date of the proleptic Gregorian calendar `cal` counts in (the
  /// Julian 29 February 1700 is the Gregorian 11 March 1700); `nil` before 1 January 1 of that calendar (the
  /// Julian 1 January 1 is its 30 December 0).
  ///
  /// - Precondition: `day` is one of `days(of: month)`.
  public func date(_ day: Int, of month: YearMonth) -> CivilDate? {
    CivilDate(daysSince1970: julianDayNumber(day, of: month) - Self.julianDayOf1970)
  }

  /// The weekday of `day` of `month`.
  public func weekday(_ day: Int, of month: YearMonth) -> Weekday {
    // Julian day 0 was a Monday.
    Weekday.monday.advanced(by: julianDayNumber(day, of: month) % 7)
  }

  /// The Julian day number of 1 January 1970.
  private static let julianDayOf1970 = 2_440_588

  /// The day's number in the count of days astronomers use, from either calendar.
  private func julianDayNumber(_ day: Int, of month: YearMonth) -> Int {
    guard isJulian(month) && !(month == Self.switchMonth && day > Self.lastJulianDay) else {
      return month.day(day).daysSince1970 + Self.julianDayOf1970
    }
    // Fliegel and Van Flandern's count for the Julian calendar.
    let shift = (14 - month.month) / 12
    let year = month.year + 4800 - shift
    let monthIndex = month.month + 12 * shift - 3
    return day + (153 * monthIndex + 2) / 5 + 365 * year + year / 4 - 32083
  }

  /// The day of the year, 1 January being 1, counting only the days the year had: 14 September 1752 is day
  /// 247.
  public func dayOfYear(_ day: Int, of month: YearMonth) -> Int {
    var count = 0
    for earlier in 1..<month.month {
      count += days(of: YearMonth(validYear: month.year, month: earlier)).count
    }
    return count + (days(of: month).firstIndex(of: day) ?? (day - 1)) + 1
  }
}

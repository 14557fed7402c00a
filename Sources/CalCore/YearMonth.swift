/// A month of a year, such as May 2024: one page of the calendar.
public struct YearMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The year, 1...9999.
  public let year: Int
  /// The month, 1...12.
  public let month: Int

  /// A month that exists in the years 1 to 9999.
  public init(year: Int, month: Int) throws(DateError) {
    guard (Gregorian.firstYear...Gregorian.lastYear).contains(year) else { throw .yearOutOfRange(year) }
    guard (1...12).contains(month) else { throw .monthOutOfRange(month) }
    self.year = year
    self.month = month
  }

  /// For values already known to be valid.
  init(validYear year: Int, month: Int) {
    self.year = year
    self.month = month
  }

  /// The first month `cal` knows, January 1.
  public static let first = YearMonth(validYear: Gregorian.firstYear, month: 1)
  /// The last month `cal` knows, December 9999.
  public static let last = YearMonth(validYear: Gregorian.lastYear, month: 12)

  /// Parses `YYYY-MM`.
  public init(parsing text: String) throws(DateError) {
    let expected = "a month: expected YYYY-MM, such as 2024-05"
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, let year = parseDigits(parts[0], minimumCount: 4),
      let month = parseDigits(parts[1], minimumCount: 2, maximumCount: 2)
    else { throw .malformed(text: text, expected: expected) }
    try self.init(year: year, month: month)
  }

  /// The month `count` months later (earlier when negative), across year ends; `nil` outside 1...9999.
  public func adding(months count: Int) -> YearMonth? {
    let (index, overflow) = (month - 1).addingReportingOverflow(count)
    guard !overflow else { return nil }
    let (years, monthIndex) = index.floorDividedWithRemainder(by: 12)
    return try? YearMonth(year: year + years, month: monthIndex + 1)
  }

  /// The following month, or `nil` after December 9999.
  public var next: YearMonth? { adding(months: 1) }
  /// The preceding month, or `nil` before January 1.
  public var previous: YearMonth? { adding(months: -1) }

  /// How many days the month has.
  public var numberOfDays: Int { Gregorian.numberOfDays(inMonth: month, ofYear: year) }

  /// Day `day` of the month.
  ///
  /// - Precondition: `day` is in `1...numberOfDays`.
  public func day(_ day: Int) -> CivilDate {
    precondition((1...numberOfDays).contains(day), "\(self) has no day \(day)")
    return CivilDate(validYear: year, month: month, day: day)
  }

  /// The month's first day.
  public var firstDay: CivilDate { CivilDate(validYear: year, month: month, day: 1) }
  /// The month's last day.
  public var lastDay: CivilDate { CivilDate(validYear: year, month: month, day: numberOfDays) }

  /// `YYYY-MM`, as stored and as printed in JSON.
  public var description: String { pad(year, 4) + "-" + pad(month, 2) }

  /// "May 2024", with the English month name.
  public var englishName: String { "\(Gregorian.englishMonthNames[month - 1]) \(year)" }

  /// Earlier months sort first.
  public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool {
    (lhs.year, lhs.month) < (rhs.year, rhs.month)
  }
}

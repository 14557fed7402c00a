/// A day of the proleptic Gregorian calendar, with no time and no time zone.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  // Eight bytes in all: listings hold dates by the ten thousand. The day number is kept beside the fields,
  // since comparing, stepping and converting dates all want it.
  private let storedDays: Int32
  private let storedYear: Int16
  private let storedMonth: UInt8
  private let storedDay: UInt8

  /// The year, 1...9999.
  public var year: Int { Int(storedYear) }
  /// The month, 1...12.
  public var month: Int { Int(storedMonth) }
  /// The day of the month, 1...31.
  public var day: Int { Int(storedDay) }
  /// Days since 1970-01-01, negative before it.
  public var daysSince1970: Int { Int(storedDays) }

  /// A date that exists: `February 30` throws `.dayOutOfRange`.
  public init(year: Int, month: Int, day: Int) throws(DateError) {
    let yearMonth = try YearMonth(year: year, month: month)
    guard (1...yearMonth.numberOfDays).contains(day) else { throw .dayOutOfRange(day: day, month: yearMonth) }
    self.init(validYear: year, month: month, day: day)
  }

  /// For values already known to be valid.
  init(validYear year: Int, month: Int, day: Int) {
    self.storedYear = Int16(year)
    self.storedMonth = UInt8(month)
    self.storedDay = UInt8(day)
    self.storedDays = Int32(Self.days(year: year, month: month, day: day))
  }

  /// Parses `YYYY-MM-DD`.
  public init(parsing text: String) throws(DateError) {
    // The usual case, straight from the bytes: dates are read by the thousand from the calendar file.
    var fast: (Int, Int, Int)?
    text.utf8.withContiguousStorageIfAvailable { bytes in fast = Self.isoParts(bytes) }
    if let (year, month, day) = fast {
      try self.init(year: year, month: month, day: day)
      return
    }
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, let year = parseDigits(parts[0], minimumCount: 4),
      let month = parseDigits(parts[1], minimumCount: 2, maximumCount: 2),
      let day = parseDigits(parts[2], minimumCount: 2, maximumCount: 2)
    else { throw .malformed(text: text, expected: "a date: expected YYYY-MM-DD, such as 2024-05-12") }
    try self.init(year: year, month: month, day: day)
  }

  /// The date `bytes` hold as exactly `YYYY-MM-DD` (ten ASCII bytes), or `nil` when they hold anything else or a
  /// day that does not exist: what a calendar file stores, read where it lies without making a string.
  public init?(isoBytes bytes: UnsafeBufferPointer<UInt8>) {
    guard let (year, month, day) = Self.isoParts(bytes), let date = try? CivilDate(year: year, month: month, day: day)
    else { return nil }
    self = date
  }

  /// The year, month and day of exactly `YYYY-MM-DD`, not yet checked to be a date.
  private static func isoParts(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int)? {
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
    // The digits of bytes[range] as a number, or nil.
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
    return (year, month, day)
  }

  /// The first day `cal` knows, 1 January 1.
  public static let first = CivilDate(validYear: Gregorian.firstYear, month: 1, day: 1)
  /// The last day `cal` knows, 31 December 9999.
  public static let last = CivilDate(validYear: Gregorian.lastYear, month: 12, day: 31)

  /// The first and the last day of `year`, a year of the calendar's (1 to 9999: others are taken as the
  /// nearest of those).
  public static func days(ofYear year: Int) -> (first: CivilDate, last: CivilDate) {
    let year = min(max(year, Gregorian.firstYear), Gregorian.lastYear)
    return (CivilDate(validYear: year, month: 1, day: 1), CivilDate(validYear: year, month: 12, day: 31))
  }

  /// The date `days` days after 1970-01-01 (before it when negative); `nil` outside the years 1 to 9999.
  public init?(daysSince1970 days: Int) {
    // Checked first, so that no count, however large, reaches the arithmetic below.
    guard (-719_162...2_932_896).contains(days) else { return nil }
    let (year, month, day) = Gregorian.date(daysSince1970: days)
    self.storedYear = Int16(year)
    self.storedMonth = UInt8(month)
    self.storedDay = UInt8(day)
    self.storedDays = Int32(days)
  }

  /// Days since 1970-01-01 of a valid date.
  private static func days(year: Int, month: Int, day: Int) -> Int {
    // Howard Hinnant's days_from_civil.
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = shiftedYear.floorDivided(by: 400)
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The day of the week.
  public var weekday: Weekday {
    // 1970-01-01 was a Thursday.
    Weekday.thursday.advanced(by: daysSince1970 % 7)
  }

  /// The date `count` days later (earlier when negative); `nil` outside the years 1 to 9999.
  public func adding(days count: Int) -> CivilDate? {
    let (days, overflow) = daysSince1970.addingReportingOverflow(count)
    return overflow ? nil : CivilDate(daysSince1970: days)
  }

  /// The month this date is in.
  public var yearMonth: YearMonth { YearMonth(validYear: year, month: month) }

  /// `YYYY-MM-DD`.
  public var description: String {
    guard year <= 9999 else { return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) }
    // Written straight into the string's storage: dates are bound and printed by the thousand.
    let (year, month, day) = (self.year, self.month, self.day)
    return String(unsafeUninitializedCapacity: 10) { buffer in
      func digit(_ value: Int) -> UInt8 { UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value) }
      buffer[0] = digit(year / 1000)
      buffer[1] = digit(year / 100 % 10)
      buffer[2] = digit(year / 10 % 10)
      buffer[3] = digit(year % 10)
      buffer[4] = UInt8(ascii: "-")
      buffer[5] = digit(month / 10)
      buffer[6] = digit(month % 10)
      buffer[7] = UInt8(ascii: "-")
      buffer[8] = digit(day / 10)
      buffer[9] = digit(day % 10)
      return 10
    }
  }

  /// Earlier dates sort first.
  public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
    lhs.daysSince1970 < rhs.daysSince1970
  }
}

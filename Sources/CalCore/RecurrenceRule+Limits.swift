extension RecurrenceRule {
  /// INTERVAL: every 1st to every 100,000th period.
  public static let intervalRange = 1...100_000
  /// COUNT: what a 32-bit integer holds, as other calendar programs read it.
  public static let countRange = 1...Int(Int32.max)
  /// BYMONTHDAY: a day from the start (1...31) or the end (-31...-1) of the month; never 0.
  public static let byMonthDayRange = -31...31
  /// BYMONTH.
  public static let byMonthRange = 1...12
  /// BYYEARDAY: a day from the start (1...366) or the end (-366...-1) of the year; never 0.
  public static let byYearDayRange = -366...366
  /// BYWEEKNO: a week from the start (1...53) or the end (-53...-1) of the year; never 0.
  public static let byWeekNumberRange = -53...53
  /// BYSETPOS: an occurrence from the start or the end of a period of up to 366 days; never 0.
  public static let bySetPositionRange = -366...366
  /// The ordinal of a BYDAY weekday (`2TU`, `-1FR`): the nth of up to 53 in a year; never 0.
  public static let ordinalRange = -53...53

  /// Checks every part against the limits above, COUNT against UNTIL, and BYYEARDAY and BYWEEKNO against
  /// the frequency: what the parser refuses, this refuses, in the same words. Call it on a rule built from
  /// parts before storing it, so that whatever one command writes, every command can read back.
  ///
  /// - Throws: `RecurrenceError.malformed` naming the first part that is out of range.
  public func validate() throws(RecurrenceError) {
    try Self.check("INTERVAL", interval, in: Self.intervalRange)
    if let count { try Self.check("COUNT", count, in: Self.countRange) }
    if count != nil && until != nil { throw .malformed("COUNT and UNTIL cannot both be given") }
    for day in byMonthDay { try Self.check("BYMONTHDAY", day, in: Self.byMonthDayRange, nonZero: true) }
    for month in byMonth { try Self.check("BYMONTH", month, in: Self.byMonthRange) }
    for day in byYearDay { try Self.check("BYYEARDAY", day, in: Self.byYearDayRange, nonZero: true) }
    for week in byWeekNumber { try Self.check("BYWEEKNO", week, in: Self.byWeekNumberRange, nonZero: true) }
    // RFC 5545 §3.3.10: BYYEARDAY "MUST NOT be specified" with DAILY, WEEKLY or MONTHLY, BYWEEKNO with
    // anything but YEARLY.
    if frequency != .yearly {
      if !byYearDay.isEmpty { throw Self.yearlyOnly("BYYEARDAY", frequency) }
      if !byWeekNumber.isEmpty { throw Self.yearlyOnly("BYWEEKNO", frequency) }
    }
    for position in bySetPosition {
      try Self.check("BYSETPOS", position, in: Self.bySetPositionRange, nonZero: true)
    }
    for occurrence in byDay {
      guard let ordinal = occurrence.ordinal else { continue }
      let code = Self.weekdayCodes[occurrence.weekday.rawValue]
      try Self.check("BYDAY", ordinal, in: Self.ordinalRange, nonZero: true, suffix: code)
    }
  }

  private static func check(
    _ name: String, _ value: Int, in range: ClosedRange<Int>, nonZero: Bool = false, suffix: String = ""
  ) throws(RecurrenceError) {
    if nonZero && value == 0 { throw .malformed("\(name)=0\(suffix) does not exist") }
    guard range.contains(value) else { throw outOfRange(name, "\(value)\(suffix)", range) }
  }

  private static func yearlyOnly(_ name: String, _ frequency: Frequency) -> RecurrenceError {
    .malformed("\(name) is for FREQ=YEARLY only (RFC 5545), not FREQ=\(frequency.rawValue)")
  }

  static func outOfRange(_ name: String, _ text: String, _ range: ClosedRange<Int>) -> RecurrenceError {
    .malformed("\(name)=\(text) is out of range: \(range.lowerBound) to \(range.upperBound)")
  }
}

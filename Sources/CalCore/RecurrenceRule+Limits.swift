extension RecurrenceRule {
  /// INTERVAL: every 1st to every 100,000th period.
  public static let intervalRange = 1...100_000
  /// COUNT: what a 32-bit integer holds, as other calendar programs read it.
  public static let countRange = 1...Int(Int32.max)
  /// BYMONTHDAY: a day from the start (1...31) or the end (-31...-1) of the month; never 0.
  public static let byMonthDayRange = -31...31
  /// BYMONTH.
  public static let byMonthRange = 1...12
  /// BYSETPOS: an occurrence from the start or the end of a period of up to 366 days; never 0.
  public static let bySetPositionRange = -366...366
  /// The ordinal of a BYDAY weekday (`2TU`, `-1FR`): the nth of up to 53 in a year; never 0.
  public static let ordinalRange = -53...53

  /// Checks every part against the limits above, and COUNT against UNTIL: what the parser refuses, this
  /// refuses, in the same words. Call it on a rule built from parts before storing it, so that whatever one
  /// command writes, every command can read back.
  ///
  /// - Throws: `RecurrenceError.malformed` naming the first part that is out of range.
  public func validate() throws(RecurrenceError) {
    try Self.check("INTERVAL", interval, in: Self.intervalRange)
    if let count { try Self.check("COUNT", count, in: Self.countRange) }
    if count != nil && until != nil { throw .malformed("COUNT and UNTIL cannot both be given") }
    for day in byMonthDay { try Self.check("BYMONTHDAY", day, in: Self.byMonthDayRange, nonZero: true) }
    for month in byMonth { try Self.check("BYMONTH", month, in: Self.byMonthRange) }
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

  static func outOfRange(_ name: String, _ text: String, _ range: ClosedRange<Int>) -> RecurrenceError {
    .malformed("\(name)=\(text) is out of range: \(range.lowerBound) to \(range.upperBound)")
  }
}

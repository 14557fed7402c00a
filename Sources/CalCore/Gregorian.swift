/// The rules of the proleptic Gregorian calendar, which `cal` uses for every year from 1 to 9999.
public enum Gregorian {
  /// The first year `cal` knows.
  public static let firstYear = 1
  /// The last year `cal` knows.
  public static let lastYear = 9999
  /// The number of days from 1 January 1 through 31 December 9999: the longest anything in `cal` can last.
  public static let dayCount = 3_652_059

  /// Leap years by the full rule: every fourth year, but not centuries, except every fourth century.
  public static func isLeapYear(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// The number of days of `month` (1–12) in `year`.
  public static func numberOfDays(inMonth month: Int, ofYear year: Int) -> Int {
    switch month {
    case 2: return isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// The year, month and day of the day `days` after 1970-01-01, for any year, before 1 and after 9999 too
  /// (year 0 is 1 BC, as ISO 8601 counts). `days` stays within what instants of Int64 seconds reach.
  static func date(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
    // Howard Hinnant's civil_from_days: counts in 400-year eras that start on 1 March.
    let shifted = days + 719_468
    let era = shifted.floorDivided(by: 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// English month names, January first; the C locale's names.
  public static let englishMonthNames = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
  ]
}

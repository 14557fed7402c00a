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

  /// English month names, January first; the C locale's names.
  public static let englishMonthNames = [
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
  ]
}

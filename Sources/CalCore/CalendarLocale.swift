/// The names and the first day of the week a calendar is drawn with; read from the user's locale at the
/// entry point and passed in.
public struct CalendarLocale: Equatable, Sendable {
  /// Month names, January first, as they stand alone in a title ("Mai", not the genitive "Mai").
  public let monthNames: [String]
  /// Abbreviated weekday names, Sunday first, as `%a` gives them ("So", "Mo" ... or "日", "一" ...).
  public let weekdayNames: [String]
  /// The day weeks start on.
  public let firstWeekday: Weekday

  /// A locale from its parts; month names get an upper-case first letter, as cal(1) gives them.
  ///
  /// - Precondition: twelve month names and seven weekday names.
  public init(monthNames: [String], weekdayNames: [String], firstWeekday: Weekday) {
    precondition(monthNames.count == 12 && weekdayNames.count == 7, "a locale needs 12 months and 7 weekdays")
    self.monthNames = monthNames.map(Self.capitalized)
    self.weekdayNames = weekdayNames
    self.firstWeekday = firstWeekday
  }

  /// `name` with an upper-case first letter. Names that have one already (English ones) are taken as they
  /// are: this runs at every start of `cal`, and upper-casing through Unicode costs more than drawing a page.
  private static func capitalized(_ name: String) -> String {
    guard let first = name.utf8.first, first >= 0x80 || (0x61...0x7A).contains(first) else { return name }
    return name.prefix(1).uppercased() + name.dropFirst()
  }

  /// The C and POSIX locale: English names, weeks starting on Sunday.
  public static let english = CalendarLocale(
    monthNames: Gregorian.englishMonthNames,
    weekdayNames: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"], firstWeekday: .sunday)

  /// The same names with weeks starting on `weekday`.
  public func startingWeeks(on weekday: Weekday) -> CalendarLocale {
    CalendarLocale(monthNames: monthNames, weekdayNames: weekdayNames, firstWeekday: weekday)
  }

  /// "Mai 2024".
  public func title(of month: YearMonth) -> String {
    "\(monthNames[month.month - 1]) \(month.year)"
  }
}

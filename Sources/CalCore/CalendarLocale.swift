/// The names and the first day of the week a calendar is drawn with; read from the user's locale at the
/// entry point and passed in.
public struct CalendarLocale: Equatable, Sendable {
  /// Month names, January first, as they stand alone in a title ("Mai", not the genitive "Mai").
  public let monthNames: [String]
  /// Abbreviated weekday names, Sunday first, as `%a` gives them ("So", "Mo" ... or "日", "一" ...).
  public let weekdayNames: [String]
  /// The day weeks start on.
  public let firstWeekday: Weekday
  /// Abbreviated month names, January first, as `%b` gives them ("Jan", "Feb" ... or "janv.", "févr." ...).
  public let monthAbbreviations: [String]
  /// Month names as they stand in a date, January first: in some languages a form of their own (Russian
  /// "мая" beside "май", Polish "maja" beside "maj"); elsewhere the same as `monthNames`.
  public let monthNamesInDates: [String]
  /// Full weekday names, Sunday first, as `%A` gives them ("Sonntag", "Montag" ...).
  public let weekdayFullNames: [String]

  /// A locale from its parts; month names get an upper-case first letter, as cal(1) gives them. Names left
  /// out are the English ones.
  ///
  /// - Precondition: twelve names of each kind of month name and seven of each kind of weekday name.
  public init(
    monthNames: [String], weekdayNames: [String], firstWeekday: Weekday, monthAbbreviations: [String]? = nil,
    monthNamesInDates: [String]? = nil, weekdayFullNames: [String]? = nil
  ) {
    let abbreviations = monthAbbreviations ?? Self.englishMonthAbbreviations
    let inDates = monthNamesInDates ?? monthNames
    let fullNames = weekdayFullNames ?? Self.englishWeekdayNames
    precondition(
      [monthNames, abbreviations, inDates].allSatisfy { $0.count == 12 }
        && [weekdayNames, fullNames].allSatisfy { $0.count == 7 },
      "a locale needs 12 months and 7 weekdays")
    self.monthNames = monthNames.map(Self.capitalized)
    self.weekdayNames = weekdayNames
    self.firstWeekday = firstWeekday
    self.monthAbbreviations = abbreviations
    self.monthNamesInDates = inDates
    self.weekdayFullNames = fullNames
  }

  /// `name` with an upper-case first letter. Names that have one already (English ones) are taken as they
  /// are: this runs at every start of `cal`, and upper-casing through Unicode costs more than drawing a page.
  private static func capitalized(_ name: String) -> String {
    guard let first = name.utf8.first, first >= 0x80 || (0x61...0x7A).contains(first) else { return name }
    return name.prefix(1).uppercased() + name.dropFirst()
  }

  static let englishMonthAbbreviations = Gregorian.englishMonthNames.map { String($0.prefix(3)) }
  static let englishWeekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

  /// The C and POSIX locale: English names, weeks starting on Sunday.
  public static let english = CalendarLocale(
    monthNames: Gregorian.englishMonthNames,
    weekdayNames: englishWeekdayNames.map { String($0.prefix(3)) }, firstWeekday: .sunday)

  /// The same names with weeks starting on `weekday`.
  public func startingWeeks(on weekday: Weekday) -> CalendarLocale {
    CalendarLocale(
      monthNames: monthNames, weekdayNames: weekdayNames, firstWeekday: weekday,
      monthAbbreviations: monthAbbreviations, monthNamesInDates: monthNamesInDates,
      weekdayFullNames: weekdayFullNames)
  }

  /// "Mai 2024".
  public func title(of month: YearMonth) -> String {
    "\(monthNames[month.month - 1]) \(month.year)"
  }
}

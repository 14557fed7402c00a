/// The names and the first day of the week a calendar is drawn with; read from the user's locale at the
/// entry point and passed in.
public struct CalendarLocale: Equatable, Sendable {
  /// Month names, January first, as they stand alone in a title ("Mai", not the genitive "Mai").
  public let monthNames: [String]
  /// Abbreviated weekday names, Sunday first, as `%a` gives them ("So", "Mo" ... or "日", "一" ...).
  public let weekdayNames: [String]
  /// The day weeks start on.
  public private(set) var firstWeekday: Weekday
  /// Abbreviated month names, January first, as `%b` gives them ("Jan", "Feb" ... or "janv.", "févr." ...).
  public let monthAbbreviations: [String]
  /// Month names as they stand in a date, January first: in some languages a form of their own (Russian
  /// "мая" beside "май", Polish "maja" beside "maj"); elsewhere the same as `monthNames`.
  public let monthNamesInDates: [String]
  /// Full weekday names, Sunday first, as `%A` gives them ("Sonntag", "Montag" ...).
  public let weekdayFullNames: [String]
  /// Whether the locale writes the day before the month in a date of numbers (`%d/%m/%Y` in en_GB and fr_FR,
  /// not `%m/%d/%Y` as in en_US): how `05/06/2024` is read. `nil` when unknown (the C locale), and such a date
  /// is then read only when its numbers leave no doubt.
  public private(set) var dayBeforeMonth: Bool?
  /// The clock the locale writes times on (its `T_FMT`: 12-hour in en_US, 24-hour in en_GB, de_DE and C):
  /// what the configuration's `time-format = locale` asks for.
  public let localeClock: ClockStyle
  /// The clock cal writes times on: the 24-hour one unless the configuration file or `--time-format` says
  /// otherwise.
  public private(set) var clock = ClockStyle.twentyFourHour

  /// A locale from its parts; month names get an upper-case first letter, as cal(1) gives them. Names left
  /// out are the English ones.
  ///
  /// - Precondition: twelve names of each kind of month name and seven of each kind of weekday name.
  public init(
    monthNames: [String], weekdayNames: [String], firstWeekday: Weekday, monthAbbreviations: [String]? = nil,
    monthNamesInDates: [String]? = nil, weekdayFullNames: [String]? = nil, dayBeforeMonth: Bool? = nil,
    localeClock: ClockStyle = .twentyFourHour
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
    self.dayBeforeMonth = dayBeforeMonth
    self.localeClock = localeClock
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
    var locale = self
    locale.firstWeekday = weekday
    return locale
  }

  /// The same names with `dayBeforeMonth` as the order of a date of numbers.
  public func withDayBeforeMonth(_ dayBeforeMonth: Bool?) -> CalendarLocale {
    var locale = self
    locale.dayBeforeMonth = dayBeforeMonth
    return locale
  }

  /// The same names with times written on `clock`.
  public func writingTimes(on clock: ClockStyle) -> CalendarLocale {
    var locale = self
    locale.clock = clock
    return locale
  }

  /// Whether the date format `format` (`nl_langinfo(D_FMT)`: `%d/%m/%Y`, `%m/%d/%y`, `%Y年%m月%d日` ...) puts
  /// the day before the month; `nil` when it names not both.
  public static func dayBeforeMonth(inDateFormat format: String) -> Bool? {
    let bytes = Array(format.utf8)
    var day: Int?
    var month: Int?
    var index = 0
    while index + 1 < bytes.count {
      if bytes[index] == UInt8(ascii: "%") {
        // A flag or width may stand between the % and the conversion (%-d, %_m, %0d).
        var conversion = index + 1
        while conversion < bytes.count, "-_0^#".utf8.contains(bytes[conversion]) { conversion += 1 }
        guard conversion < bytes.count else { break }
        switch bytes[conversion] {
        case UInt8(ascii: "d"), UInt8(ascii: "e"): day = day ?? index
        case UInt8(ascii: "m"): month = month ?? index
        default: break
        }
        index = conversion + 1
      } else {
        index += 1
      }
    }
    guard let day, let month else { return nil }
    return day < month
  }

  /// "Mai 2024".
  public func title(of month: YearMonth) -> String {
    "\(monthNames[month.month - 1]) \(month.year)"
  }
}

import CalCore
import Testing

/// The one grammar of days, months, ranges, times and lengths, each form on a line of its own, against a
/// pinned today: Sunday 12 May 2024.
@Suite("Dates, times and lengths as people write them")
struct DayExpressionTests {
  static let today = try! CivilDate(parsing: "2024-05-12")

  /// German names, as glibc gives them for de_DE.UTF-8.
  static let german = CalendarLocale(
    monthNames: [
      "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November",
      "Dezember",
    ],
    weekdayNames: ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"], firstWeekday: .monday,
    monthAbbreviations: ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"],
    weekdayFullNames: ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"])

  /// French names: "mar." is Tuesday, and "mars" March.
  static let french = CalendarLocale(
    monthNames: [
      "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre",
      "décembre",
    ],
    weekdayNames: ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."], firstWeekday: .monday,
    monthAbbreviations: [
      "janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc.",
    ],
    weekdayFullNames: ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"])

  /// `expected` is the day, or `!` and the start of the error message.
  private func day(
    _ text: String, _ expected: String, locale: CalendarLocale = .english, today: CivilDate = Self.today,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      outcome { try DayExpression.day(text, today: today, locale: locale).description }.hasPrefix(expected),
      "\(text)", sourceLocation: sourceLocation)
  }

  private func month(
    _ text: String, _ expected: String, locale: CalendarLocale = .english,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      outcome { try DayExpression.month(text, today: Self.today, locale: locale).description }.hasPrefix(expected),
      "\(text)", sourceLocation: sourceLocation)
  }

  /// `expected` is `day YYYY-MM-DD`, `month YYYY-MM` or `!` and the start of the error.
  private func dayOrMonth(
    _ text: String, _ expected: String, locale: CalendarLocale = .english,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let result = outcome {
      switch try DayExpression.dayOrMonth(text, today: Self.today, locale: locale) {
      case .day(let day): return "day \(day)"
      case .month(let month): return "month \(month)"
      }
    }
    #expect(result.hasPrefix(expected), "\(text): \(result)", sourceLocation: sourceLocation)
  }

  /// `expected` is `FIRST..LAST` or `!` and the start of the error.
  private func days(_ text: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let result = outcome {
      let (first, last) = try DayExpression.days(text, today: Self.today)
      return "\(first)..\(last)"
    }
    #expect(result.hasPrefix(expected), "\(text): \(result)", sourceLocation: sourceLocation)
  }

  private func time(_ text: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let result = outcome { try TimeExpression.time(text).description }
    #expect(result.hasPrefix(expected), "\(text): \(result)", sourceLocation: sourceLocation)
  }

  private func length(_ text: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let result = outcome { String(try LengthExpression.minutes(text)) }
    #expect(result.hasPrefix(expected), "\(text): \(result)", sourceLocation: sourceLocation)
  }

  /// The value, or `!` and the error's message.
  private func outcome(_ body: () throws -> String) -> String {
    do {
      return try body()
    } catch {
      return "!\(error)"
    }
  }

  @Test("days")
  func days() {
    day("2024-05-12", "2024-05-12")
    day("2024-5-3", "2024-05-03")
    day("5-12", "2024-05-12")  // this year
    day("05-03", "2024-05-03")  // nine days ago: near today, this year's
    day("1-31", "2025-01-31")  // more than three months back: next year's
    day("12-31", "2024-12-31")
    day("today", "2024-05-12")
    day("Tomorrow", "2024-05-13")
    day("yesterday", "2024-05-11")
    day("fri", "2024-05-17")  // the first Friday after today
    day("Friday", "2024-05-17")
    day("next fri", "2024-05-24")  // the one after that
    day("sun", "2024-05-19")  // never today itself
    day("next sunday", "2024-05-26")
    day("thurs", "2024-05-16")
    day("+3d", "2024-05-15")
    day("-2w", "2024-04-28")
    day("+1m", "2024-06-12")
    day("+1y", "2025-05-12")
    day("-1y", "2023-05-12")
    day("in 3 days", "2024-05-15")
    day("in 1 week", "2024-05-19")
    day("in 2 months", "2024-07-12")
    day("in 1 year", "2025-05-12")
    day("  in   3   DAYS ", "2024-05-15")
    day("+1m", "2024-02-29", today: try! CivilDate(parsing: "2024-01-31"))  // the month's last day
    day("+1y", "2025-02-28", today: try! CivilDate(parsing: "2024-02-29"))
    day("fri", "2024-05-24", today: try! CivilDate(parsing: "2024-05-17"))  // on a Friday: a week on
    day("may 12", "2024-05-12")  // a month's name and a day, this year
    day("12 may", "2024-05-12")
    day("Dec 3", "2024-12-03")
    day("3 december 2025", "2025-12-03")
    day("may 12, 2025", "2025-05-12")
    day("12. Mai", "2024-05-12", locale: Self.german)
    day("feb 30", "!February 2024 has 29 days")
    day("may 12 25", "!'may 12 25' is not a day")  // a year has four digits
    day("12 13", "!'12 13' is not a day")
  }

  @Test("dates of numbers: dots day first everywhere, slashes in the locale's order or where they leave no doubt")
  func numericDates() {
    let american = CalendarLocale.english.withDayBeforeMonth(false)
    let british = CalendarLocale.english.withDayBeforeMonth(true)
    day("18.5.", "2024-05-18")
    day("18.05.2024", "2024-05-18")
    day("1.6.", "2024-06-01")
    day("3.5.", "2024-05-03")  // just past: this year's
    day("18.05.24", "!'18.05.24': write the year with its four digits (18.05.2024)")
    day("18.05", "!'18.05': a day written with dots ends with one, 18.05. (or write it as YYYY-MM-DD")
    day("31.2.", "!February 2024 has 29 days")
    day("5/20", "2024-05-20")  // no doubt: 20 is no month
    day("20/5", "2024-05-20")
    day("5/5/2025", "2025-05-05")
    day("5/6", "!'5/6' could be 5 June or 6 May: write it as YYYY-MM-DD, or with dots, day first (5.6.)")
    day("5/6", "2024-06-05", locale: british)
    day("5/6", "2024-05-06", locale: american)
    day("05/20/2024", "2024-05-20", locale: american)
    day("05/20/2024", "!", locale: british)
    day("5/6/24", "!'5/6/24': write the year with its four digits (5/6/2024)")
    day("5/6/7", "!'5/6/7': write the year")
    day("1/2/3/4", "!'1/2/3/4' is not a day")
    // A zero is no month: no ambiguity to name (the names of months 0 and -1 were looked up, and trapped).
    day("0/5", "!month 0 does not exist")
    day("5/0", "!days are numbered from 01, not 0")
    day("00/13", "!month 0 does not exist")
    day("5/0", "!days are numbered from 01, not 0", locale: american)
    // Only a two-digit year is shown its four digits: `1.2.3` is not 1.2.203.
    day("1.2.3", "!'1.2.3': write the year with its four digits, or 2024-05-20")
    day("5/20/", "!'5/20/': write the year with its four digits, or 2024-05-20")
    day("18.05.123", "!'18.05.123': write the year with its four digits, or 2024-05-20")
  }

  @Test(
    "a locale's date format says whether the day comes first",
    arguments: [
      ("%m/%d/%Y", false), ("%d/%m/%y", true), ("%d.%m.%Y", true), ("%Y年%m月%d日", false), ("%Y-%m-%d", false),
      ("%e/%-m/%Y", true), ("%-m/%e/%y", false), ("%Y", nil), ("", nil), ("%", nil), ("%d", nil),
    ] as [(String, Bool?)])
  func dateFormatOrder(format: String, dayFirst: Bool?) {
    #expect(CalendarLocale.dayBeforeMonth(inDateFormat: format) == dayFirst)
  }

  @Test("days in the locale's language, English always")
  func localeDays() {
    day("freitag", "2024-05-17", locale: Self.german)
    day("Fr", "2024-05-17", locale: Self.german)
    day("next do", "2024-05-23", locale: Self.german)
    day("fri", "2024-05-17", locale: Self.german)
    day("mar.", "2024-05-14", locale: Self.french)
    day("mardi", "2024-05-14", locale: Self.french)
  }

  @Test("what is not a day says what is")
  func notDays() {
    day("13", "!'13' is ambiguous: a number alone could be a day of the month, a month or a year; for day 13")
    day("13", "!'13' is ambiguous", today: Self.today)
    day("2024", "!'2024' is ambiguous: a number alone could be a day of the month, a month or a year; write a day as")
    day("may", "!'may' is a month (May 2024), not a day")
    day("2024-05", "!'2024-05' is a month (May 2024), not a day")
    day("12/05/2024", "!'12/05/2024' could be 12 May or 5 December: write it as YYYY-MM-DD")
    day("2024-02-30", "!February 2024 has 29 days")
    day("2024-13-01", "!month 13 does not exist")
    day("0000-01-01", "!year 0 is out of range")
    day("2-30", "!February 2024 has 29 days")
    day("+99999999999d", "!'+99999999999d' is outside the years 1 to 9999")
    day("+999999999999999999999999w", "!'+999999999999999999999999w' is outside the years 1 to 9999")
    day("-99999999999y", "!'-99999999999y' is outside the years 1 to 9999")
    day("in 99999999999999 months", "!'in 99999999999999 months' is outside the years 1 to 9999")
    day("tomorrow", "!'tomorrow' is outside", today: .last)
    day("fri", "!'fri' is outside", today: .last)
    day("3d", "!'3d' is not a day")  // a day from today needs its sign
    day("next", "!'next' is not a day")
    day("in 3", "!'in 3' is not a day")
    day("", "!'' is not a day")
    day("t", "!'t' is not a day")
    day("fr", "!'fr' is not a day")  // two letters are a name only where the locale abbreviates so
  }

  @Test("months")
  func months() {
    month("2024-05", "2024-05")
    month("2024-5", "2024-05")
    month("may", "2024-05")
    month("MAY", "2024-05")
    month("sept", "2024-09")
    month("Dec", "2024-12")
    month("may 2024", "2024-05")
    month("feb 1999", "1999-02")
    month("this month", "2024-05")
    month("next month", "2024-06")
    month("last month", "2024-04")
    month("+2m", "2024-07")
    month("-5m", "2023-12")
    month("+1y", "2025-05")
    month("in 2 months", "2024-07")
    month("today", "2024-05")
    month("2024-05-31", "2024-05")  // a day stands for its month
    month("tomorrow", "2024-05")
    month("mai", "2024-05", locale: Self.german)
    month("März 2025", "2025-03", locale: Self.german)
    month("mär", "2024-03", locale: Self.german)
    month("févr", "2024-02", locale: Self.french)
    month("févr.", "2024-02", locale: Self.french)
    month("mars", "2024-03", locale: Self.french)
    month("5", "!'5' is ambiguous: a number alone could be a month or a year; for May write 2024-5 or may (see")
    month("12", "!'12' is ambiguous: a number alone could be a month or a year; for December write 2024-12 or dec")
    month(
      "2024",
      "!'2024' is ambiguous: a number alone could be a month or a year; for a month of 2024 write 2024-05 or may 2024 (see"
    )
    month(
      "13",
      "!'13' is ambiguous: a number alone could be a month or a year; for a month of the year 13 write 0013-05 or may 0013"
    )
    month("0", "!'0' is not a month: write 2024-05, 2024-5, may")
    month("10000", "!'10000' is not a month: write 2024-05, 2024-5, may")
    month("2024-13", "!month 13 does not exist")
    month("may 0", "!days are numbered from 01, not 0")
    month("may 0012", "0012-05")  // a year of one or two digits needs its four
    month("may 12", "2024-05")  // 12 May, whose month is May 2024, not May of the year 12
    month("12. mai", "2024-05", locale: Self.german)
    month("may 99999999999", "!'may 99999999999' is outside the years 1 to 9999")
    month("+99999999999m", "!'+99999999999m' is outside the years 1 to 9999")
    month("next week", "!'next week' is not a month: write 2024-05, 2024-5, may, may 2024")
    month("ju", "!'ju' is not a month")
    month("ma", "!'ma' is not a month")
  }

  @Test("years: four digits alone, or this, next and last year; other numbers and words are not years")
  func years() throws {
    for (text, expected) in [
      ("2024", 2024), ("0001", 1), ("9999", 9999), ("this year", 2024), ("year", 2024), ("Next Year", 2025),
      ("last  year", 2023),
    ] {
      #expect(try DayExpression.year(text, today: Self.today) == expected, "\(text)")
    }
    for text in ["13", "202", "20245", "2024-05", "may 2024", "next years", "+1y", "in 1 year", ""] {
      #expect(try DayExpression.year(text, today: Self.today) == nil, "\(text)")
    }
    #expect(try DayExpression.range("2024..2025", today: Self.today)?.first.description == "2024-01-01")
    #expect(try DayExpression.range("2023..next year", today: Self.today)?.last.description == "2025-12-31")
    #expect(try DayExpression.range("2024..may", today: Self.today)?.last.description == "2024-05-31")
    #expect(throws: DateError.self) { try DayExpression.range("2025..2024", today: Self.today) }
    #expect(throws: DateError.self) { try DayExpression.year("0000", today: Self.today) }
    #expect(throws: DateError.self) { try DayExpression.year("next year", today: CivilDate.last) }
    #expect(throws: DateError.self) { try DayExpression.year("last year", today: CivilDate.first) }
  }

  @Test("a day or a month, told apart by its form")
  func daysOrMonths() {
    dayOrMonth("2024-05-12", "day 2024-05-12")
    dayOrMonth("2024-05", "month 2024-05")
    dayOrMonth("today", "day 2024-05-12")
    dayOrMonth("May", "month 2024-05")
    dayOrMonth("may 2025", "month 2025-05")
    dayOrMonth("next month", "month 2024-06")
    dayOrMonth("+2m", "month 2024-07")  // months count in months here
    dayOrMonth("+1y", "month 2025-05")
    dayOrMonth("+3d", "day 2024-05-15")
    dayOrMonth("-2w", "day 2024-04-28")
    dayOrMonth("fri", "day 2024-05-17")
    dayOrMonth("next fri", "day 2024-05-24")
    dayOrMonth("5-13", "day 2024-05-13")
    dayOrMonth("may 13", "day 2024-05-13")
    dayOrMonth("mars", "month 2024-03", locale: Self.french)
    dayOrMonth("mar", "!'mar' is ambiguous: it names the month March 2024 and the day 2024-05-14", locale: Self.french)
    dayOrMonth("13", "!'13' is ambiguous: a number alone could be a day, a month or a year")
    dayOrMonth("someday", "!'someday' is not a day or a month")
  }

  @Test("ranges and numbers of days to come")
  func ranges() throws {
    let range = try DayExpression.range("2024-05-01..2024-06-15", today: Self.today)
    #expect(range.map { "\($0.first)..\($0.last)" } == "2024-05-01..2024-06-15")
    #expect(try DayExpression.range("2024-05-01", today: Self.today) == nil)
    days("7", "2024-05-12..2024-05-18")
    days("30", "2024-05-12..2024-06-10")
    days("1", "2024-05-12..2024-05-12")
    days("10d", "2024-05-12..2024-05-21")
    days("2w", "2024-05-12..2024-05-25")
    days("1m", "2024-05-12..2024-06-11")
    days("1y", "2024-05-12..2025-05-11")
    days("today..fri", "2024-05-12..2024-05-17")
    days("may..june", "2024-05-01..2024-06-30")
    days("2024-05-20..2024-05-10", "!the range ends (2024-05-10) before it starts (2024-05-20)")
    days("0", "!'0' covers no days")
    days("-3d", "!'-3d' is not a number of days or a range")
    days("+3d", "!'+3d' is not a number of days or a range")
    days("lots", "!'lots' is not a number of days or a range")
    days("tomorrow", "2024-05-13..2024-05-13")  // one day
    days("fri", "2024-05-17..2024-05-17")
    days("june", "2024-06-01..2024-06-30")  // one month
    days("next month", "2024-06-01..2024-06-30")
    days("in 3 days", "!'in 3 days' is not a number of days or a range")  // that day, or until then?
    days("13", "2024-05-12..2024-05-24")  // a number alone is days, as it always was
    days("99999999999", "!'99999999999' is outside the years 1 to 9999")
    days("", "!'' is not a number of days or a range")
  }

  @Test("times")
  func times() {
    time("9", "09:00")
    time("09", "09:00")
    time("0", "00:00")
    time("9:30", "09:30")
    time("21:30", "21:30")
    time("09:05", "09:05")
    time("9am", "09:00")
    time("9AM", "09:00")
    time("9 am", "09:00")
    time("9:30pm", "21:30")
    time("12am", "00:00")
    time("12:15am", "00:15")
    time("12pm", "12:00")
    time("noon", "12:00")
    time("Midnight", "00:00")
    time("25:00", "!'25:00' is not a time: hours are 00 to 23")
    time("24", "!'24' is not a time: hours are 00 to 23")
    time("9:60", "!'9:60' is not a time: minutes are 00 to 59")
    time("13pm", "!'13pm' is not a time: with am or pm, hours are 1 to 12")
    time("0am", "!'0am' is not a time: with am or pm, hours are 1 to 12")
    time("9:5", "!'9:5' is not a time: write 9, 09, 9:30, 9.30, 9h30, 9h, 21:30, 2130, 9am, 9:30pm, noon or midnight")
    // A dot parts hours and minutes as a colon does, as much of Europe writes a time.
    time("9.30", "09:30")
    time("18.05", "18:05")
    time("9.30pm", "21:30")
    time("9.5", "!'9.5' is not a time: write")
    time("18.05.", "!'18.05.' is not a time: write")
    time("9:30.15", "!'9:30.15' is not a time: write")
    time("24.00", "!'24.00' is not a time: hours are 00 to 23")
    time("9.60", "!'9.60' is not a time: minutes are 00 to 59")
    // An h parts them too, as French writes a time, and may stand alone after the hour; it takes no am or pm.
    time("9h30", "09:30")
    time("21h05", "21:05")
    time("9H30", "09:30")
    time("9h", "09:00")
    time("0h", "00:00")
    time("9 h 30", "09:30")
    time("24h", "!'24h' is not a time: hours are 00 to 23")
    time("9h60", "!'9h60' is not a time: minutes are 00 to 59")
    time("9h5", "!'9h5' is not a time: write 9, 09, 9:30, 9.30, 9h30, 9h, 21:30, 2130, 9am, 9:30pm, noon or midnight")
    time("9h30pm", "!'9h30pm' is not a time: write")
    time("9hpm", "!'9hpm' is not a time: write")
    time("h30", "!'h30' is not a time: write")
    time("9hh", "!'9hh' is not a time: write")
    time("9h30h", "!'9h30h' is not a time: write")
    time("9h30.15", "!'9h30.15' is not a time: write")
    time("9:30h", "!'9:30h' is not a time: write")
    time("1h30m", "!'1h30m' is not a time: write")
    time("0930", "09:30")
    time("2130", "21:30")
    time("2460", "!'2460' is not a time: hours are 00 to 23")
    time("0960", "!'0960' is not a time: minutes are 00 to 59")
    time("09300", "!'09300' is not a time")
    time("am", "!'am' is not a time")
    time("", "!'' is not a time")
    time("99999999999999999999:00", "!'99999999999999999999:00' is not a time")
  }

  @Test("a time after add's date: marked times and spans read, bare hours refused, other words left to the title")
  func leadingTimes() {
    func leading(_ word: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
      let result = outcome {
        guard let (start, end) = try TimeExpression.leading(word) else { return "title" }
        return end.map { "\(start)-\($0)" } ?? start.description
      }
      #expect(result.hasPrefix(expected), "\(word): \(result)", sourceLocation: sourceLocation)
    }
    leading("14:30", "14:30")
    leading("9am", "09:00")
    leading("Noon", "12:00")
    leading("14:30-15:15", "14:30-15:15")
    leading("9-10:30am", "09:00-10:30")
    leading("dentist", "title")
    leading("re:invent", "title")
    leading("2024", "title")
    leading("9:00-", "title")
    leading("9", "!'9' after the date could be a time")
    leading("9-10", "!'9-10' after the date could be a time")
    leading("24:00", "!'24:00' is not a time: hours are 00 to 23")
    // Minutes of one digit make no time after the date: 1:1 (a one-to-one meeting) is a title.
    leading("9:5", "title")
    leading("1:1", "title")
    leading("10am-9am", "!'10am-9am' is not a time span")
    // Four digits at an end of a span are a time with its minutes, as 1400 alone is to add (1400 1530 too).
    leading("1400-1530", "14:00-15:30")
    leading("0930-10:30", "09:30-10:30")
    leading("9:30-1030", "09:30-10:30")
    leading("1400-2500", "title")
    leading("2024-07", "title")
    leading("9-1400", "title")
    leading("1530-1400", "!'1530-1400' is not a time span")
    leading("9.30", "09:30")
    leading("9.30-10.45", "09:30-10:45")
    leading("9.30-11am", "09:30-11:00")
    // Minutes have two digits, and a date ends with its dot: these begin the title.
    leading("9.5", "title")
    leading("1.5", "title")
    leading("18.05.", "title")
    leading("24.00", "!'24.00' is not a time: hours are 00 to 23")
    // With an h and its minutes, a time; an hour with an h alone could as well be a length in the title (2h
    // workshop), and is refused as a bare hour is, unless it is no hour at all (48h hackathon).
    leading("9h30", "09:30")
    leading("21H05", "21:05")
    leading("1h30", "01:30")
    leading("9h30-10h45", "09:30-10:45")
    leading("9h-10h30", "09:00-10:30")
    leading("9h30-11am", "09:30-11:00")
    leading("9h", "!'9h' after the date could be a time")
    leading("2h", "!'2h' after the date could be a time")
    leading("9h-10h", "!'9h-10h' after the date could be a time")
    leading("25h30", "!'25h30' is not a time: hours are 00 to 23")
    leading("9h60", "!'9h60' is not a time: minutes are 00 to 59")
    leading("48h", "title")
    leading("4hours", "title")
    leading("9h5", "title")
    leading("9h30pm", "title")
    leading("1h30m", "title")
    leading("1.5h", "title")
    leading("h30", "title")
  }

  @Test("lengths")
  func lengths() {
    length("45m", "45")
    length("1h", "60")
    length("1h30m", "90")
    length("1h30", "90")
    length("1.5h", "90")
    length("0.25h", "15")
    length("90", "90")
    length("2d", "2880")
    length("0.5d", "720")
    length("1d2h3m", "1563")
    length("2H", "120")
    length("100000d100000h100000m", "150100000")
    length("1.01h", "!'1.01h' is not a length: it must come to whole minutes")
    length("1.5m", "!'1.5m' is not a length: it must come to whole minutes")
    length("0", "!'0' is not a length: it must be longer than zero")
    length("-5m", "!'-5m' is not a length: it must be longer than zero")
    length("1h90", "!'1h90' is not a length: write 45m, 1h, 1h30m, 1h30, 1.5h, 90 (minutes) or 2d")
    length("1h30m15", "!'1h30m15' is not a length")
    length("2d3", "!'2d3' is not a length")
    length("1h1h", "!'1h1h' is not a length")
    length("h", "!'h' is not a length")
    length("1.h", "!'1.h' is not a length")
    length("100001", "!'100001' is not a length")
    length("99999999999999999999m", "!'99999999999999999999m' is not a length")
    length("1.5.5h", "!'1.5.5h' is not a length")
    length("999999d", "!'999999d' is not a length: a number in it is more than 100000")
    length("1h100001m", "!'1h100001m' is not a length: a number in it is more than 100000")
    length("99999999999999999999", "!'99999999999999999999' is not a length: a number in it is more than 100000")
    length("100001.5h", "!'100001.5h' is not a length: a number in it is more than 100000")
  }

  @Test("the first words of a title that make a day")
  func leadingDays() throws {
    let cases: [([String], String, Int)] = [
      (["next", "fri", "dentist"], "2024-05-24", 2),
      (["in", "3", "days", "lunch"], "2024-05-15", 3),
      (["fri", "next", "steps"], "2024-05-17", 1),
      (["2024-05-12", "in", "3", "days"], "2024-05-12", 1),
      (["next fri", "x"], "2024-05-24", 1),
      (["may", "12", "lunch"], "2024-05-12", 2),
      (["12", "may", "2025", "lunch"], "2025-05-12", 3),
    ]
    for (words, expected, count) in cases {
      let found = try DayExpression.leadingDay(words, today: Self.today)
      #expect(found.day.description == expected && found.wordCount == count, "\(words)")
    }
    #expect(throws: DateError.self) { try DayExpression.leadingDay(["13", "x"], today: Self.today) }
    #expect(throws: DateError.self) { try DayExpression.leadingDay([], today: Self.today) }
  }

  @Test(
    "a four-digit year far from today's that is also a time is left to add as the time after a day, refused in one argument"
  )
  func timeShapedYears() throws {
    // As a word of its own, it is not the day's: add reads it as the start time (may 12 1400 people is 14:00).
    for (words, expected) in [
      (["may", "12", "1400", "people"], "2024-05-12"), (["12", "may", "0930", "x"], "2024-05-12"),
    ] {
      let found = try DayExpression.leadingDay(words, today: Self.today)
      #expect(found.day.description == expected && found.wordCount == 2, "\(words)")
    }
    // One argument of three words, as a shell passes `"may 12 1400"`, cannot be split: refused, naming both.
    #expect(
      throws: DateError.unclear(
        "'may 12 1400' is ambiguous: 1400 could be the year or the time 14:00; write 1400-05-12 for the year, "
          + "or may 12 14:00 for the time")
    ) {
      try DayExpression.leadingDay(["may 12 1400 ", "people"], today: Self.today)
    }
    // Near today's year, or no time (minutes past 59, hours past 23), the number is the year.
    for (words, expected) in [
      (["may", "12", "2025", "x"], "2025-05-12"), (["may", "12", "2030", "x"], "2030-05-12"),
      (["may", "12", "1999", "x"], "1999-05-12"), (["may", "12", "2460", "x"], "2460-05-12"),
    ] {
      #expect(try DayExpression.leadingDay(words, today: Self.today).day.description == expected, "\(words)")
    }
  }

  /// A day or a month without a year is the one near today, from three months back to eight ahead; a range's
  /// last end the coming one from its first.
  @Test("a day or a month without a year is the one near today; a range's last end the coming one from its first")
  func comingYear() throws {
    let december = try CivilDate(parsing: "2024-12-12")
    for (text, expected) in [
      ("jan 17", "2025-01-17"), ("1-17", "2025-01-17"), ("17 january", "2025-01-17"), ("dec 12", "2024-12-12"),
      ("12-11", "2024-12-11"), ("dec 31", "2024-12-31"), ("sep 30", "2024-09-30"), ("aug 31", "2025-08-31"),
      ("jan 17 2024", "2024-01-17"), ("2024-01-17", "2024-01-17"),
    ] {
      day(text, expected, today: december)
    }
    let january = try CivilDate(parsing: "2025-01-05")
    day("dec 20", "2024-12-20", today: january)  // the December just past
    day("sep 30", "2025-09-30", today: january)  // eight months ahead: still this year's
    day("oct 1", "2024-10-01", today: january)  // nine ahead: the one three months back
    // At the calendar's ends the year stays one it has.
    day("jan 1", "9999-01-01", today: try CivilDate(parsing: "9999-12-31"))
    day("dec 31", "0001-12-31", today: try CivilDate(parsing: "0001-01-01"))
    for (text, expected) in [
      ("jan", "2025-01"), ("dec", "2024-12"), ("nov", "2024-11"), ("sep", "2024-09"), ("aug", "2025-08"),
      ("nov 2024", "2024-11"),
    ] {
      #expect(try DayExpression.month(text, today: december).description == expected, "\(text)")
    }
    for (text, expected) in [
      ("dec..jan", "2024-12-01..2025-01-31"), ("nov..jan", "2024-11-01..2025-01-31"),
      ("today..jan 5", "2024-12-12..2025-01-05"), ("2024-12-01..dec 20", "2024-12-01..2024-12-20"),
      ("2025-03-01..feb 2", "2025-03-01..2026-02-02"), ("jan..2025-03-31", "2025-01-01..2025-03-31"),
    ] {
      let range = try #require(try DayExpression.range(text, today: december))
      #expect("\(range.first)..\(range.last)" == expected, "\(text)")
    }
    #expect(throws: DateError.self) { try DayExpression.range("jan..2024-12-31", today: december) }
    // 29 February near today may be in a year without one: the years on either side are named, not that one.
    let leapDay = "!'29.2.': 29 February is not in 2025: write 2028-02-29 for the next one, or 2024-02-29"
    day("29.2.", leapDay, today: december)
    day("2-29", "!'2-29': 29 February is not in 2025: write 2028-02-29", today: december)
    day("feb 29", "!'feb 29': 29 February is not in 2025: write 2028-02-29", today: december)
    day("29 feb", "!'29 feb': 29 February is not in 2025", today: december)
    day("2/29", "!'2/29': 29 February is not in 2025", today: december)
    day("feb 29", "2024-02-29")  // three months back
    day("feb 29", "2024-02-29", today: try CivilDate(parsing: "2024-02-29"))
    day("feb 29", "2028-02-29", today: try CivilDate(parsing: "2028-01-10"))
    day(
      "feb 29", "!'feb 29': 29 February is not in 2100: write 2104-02-29 for the next one, or 2096-02-29",
      today: try CivilDate(parsing: "2099-12-01"))
    day(
      "feb 29", "!'feb 29': 29 February is not in 9999: write 9996-02-29 for the last one",
      today: try CivilDate(parsing: "9999-12-01"))
    #expect(DayExpression.comingYear(month: 5, day: nil, from: Self.today) == 2024)  // this month is this year's
  }

  @Test("names: whole names and abbreviations before beginnings, ambiguity refused")
  func names() {
    #expect(CalendarLocale.english.months(named: "jun") == [6])
    #expect(CalendarLocale.english.months(named: "ju") == [])
    #expect(CalendarLocale.english.months(named: "sept.") == [9])
    #expect(CalendarLocale.english.weekdays(named: "tues") == [.tuesday])
    #expect(Self.german.months(named: "MÄRZ") == [3])
    #expect(Self.french.weekdays(named: "mar") == [.tuesday])
    #expect(Self.french.months(named: "mar") == [3])
  }
}

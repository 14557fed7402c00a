/// What a user may type for a day, a month or a range of days, resolved against today's date and the
/// locale's names (both passed in, never read here). One grammar for every front end; `cal help dates`
/// and the README document it.
public enum DayExpression {
  /// The words that stand for a day relative to today.
  public static let relativeDays = ["today": 0, "tomorrow": 1, "yesterday": -1]

  /// The forms of a day, for messages and help: one of each kind, so that the line stays short (`cal help
  /// dates` has them all).
  public static let dayForms =
    "2024-05-12, 5-12, 18.05., 18.05.2024, 5/20, may 12, today, tomorrow, fri, next fri, +3d, in 3 days"
  /// The forms of a month, for messages and help.
  public static let monthForms = "2024-05, 2024-5, may, may 2024, this month, next month, last month, +2m, in 2 months"

  /// A day: `2024-05-12`, `2024-5-12`, `5-12` (near today: see ``YearlessDates``),
  /// `today`, `tomorrow`, `yesterday`, a weekday (`fri`: the first Friday after today; `next fri`: the one
  /// after that), `+3d`, `-2w`, `+1m`, `+1y`, or `in 3 days` (weeks, months, years).
  ///
  /// - Parameter yearlessFrom: the day from which a day written without a year is the coming one, when it
  ///   ends what starts on that day (a range's last end, an event's last day); `nil`: near today.
  public static func day(
    _ text: String, today: CivilDate, locale: CalendarLocale = .english, yearlessFrom: CivilDate? = nil
  ) throws(DateError) -> CivilDate {
    let words = Self.words(text)
    if let day = try dayForm(
      words, text: text, today: today, yearless: YearlessDates(today: today, start: yearlessFrom), locale: locale)
    {
      return day
    }
    throw notADay(text, words: words, today: today, locale: locale)
  }

  /// The day that the first one, two or three of `words` make (the longest that is a day), and how many
  /// words it took: `next fri dentist` is Friday week and one word of title. Throws what reading the first
  /// word alone as a day says when no beginning is a day.
  public static func leadingDay(_ words: [String], today: CivilDate, locale: CalendarLocale = .english)
    throws(DateError) -> (day: CivilDate, wordCount: Int)
  {
    for count in stride(from: min(3, words.count), to: 0, by: -1) {
      let phrase = words[..<count].concatenated(separator: " ")
      let phraseWords = Self.words(phrase)
      if let day = try dayForm(
        phraseWords, text: phrase, today: today, yearless: YearlessDates(today: today, start: nil), locale: locale)
      {
        // Words, not arguments: `"may 12 1400"` quoted is one argument of three words, refused; as an argument
        // of its own, a time-shaped year far from today's is the start time after the day (`may 12 1400 people`).
        if phraseWords.count > 1, let last = phraseWords.last {
          if count > 1, Self.words(words[count - 1]) == [last], isTimeShapedYear(String(last), of: day, today: today) {
            continue
          }
          try refuseTimeAsYear(String(last), of: day, phrase: phrase, today: today)
        }
        return (day, count)
      }
    }
    return (try day(words.first ?? "", today: today, locale: locale), 1)
  }

  /// Refuses a day whose last word, a year far from today's, is also a time on the 24-hour clock written
  /// without its colon, all in one argument: in `"may 12 1400" people` the 1400 is far more likely 14:00 than
  /// the year 1400, and guessing either way files the event where it will not be found (as an argument of its
  /// own, it is the start time). A year near today's (`may 12 2025`) is read as the year.
  private static func refuseTimeAsYear(_ word: String, of day: CivilDate, phrase: String, today: CivilDate)
    throws(DateError)
  {
    guard isTimeShapedYear(word, of: day, today: today), let number = Int(word) else { return }
    let time = pad(number / 100, 2) + ":" + pad(number % 100, 2)
    var shown = Substring(phrase)
    while shown.last?.isWhitespace == true { shown = shown.dropLast() }
    var rest = shown.dropLast(word.count)  // the words before it
    while rest.last?.isWhitespace == true { rest = rest.dropLast() }
    throw .unclear(
      "'\(shown)' is ambiguous: \(word) could be the year or the time \(time); write \(day) for the year, "
        + "or \(rest) \(time) for the time")
  }

  /// Whether `word` is `day`'s year written in four digits, far from today's, that is also a time on the
  /// 24-hour clock without its colon (`1400`, `0930`).
  private static func isTimeShapedYear(_ word: String, of day: CivilDate, today: CivilDate) -> Bool {
    guard let number = parseDigits(Substring(word), minimumCount: 4, maximumCount: 4), number == day.year else {
      return false
    }
    return TimeExpression.fourDigits(word) != nil && abs(number - today.year) > nearYears
  }

  /// The year of a day (`may 12`, `5-12`) or a month (`may`, `day` nil) written without one that ends what
  /// starts on `from`: the coming one, `from`'s year, or the next once it is before `from` (a day before it,
  /// or a month before its month). So `dec 20..jan 5` runs into January.
  public static func comingYear(month: Int, day: Int?, from: CivilDate) -> Int {
    let past = month < from.month || (month == from.month && (day.map { $0 < from.day } ?? false))
    return past ? from.year + 1 : from.year
  }

  /// How many years from today's a four-digit number after a day is taken for a year without question.
  public static let nearYears = 50

  /// A month: `2024-05`, `2024-5`, a month's name (the coming one), a name and a year (`may 2024`), `this
  /// month`, `next month`, `last month`, `+2m`, `-1m`, `in 2 months`; `today`, or any other day, stands for
  /// its month.
  public static func month(_ text: String, today: CivilDate, locale: CalendarLocale = .english) throws(DateError)
    -> YearMonth
  {
    let words = Self.words(text)
    if let month = try monthForm(
      words, text: text, today: today, yearless: YearlessDates(today: today, start: nil), locale: locale)
    {
      return month
    }
    if let day = try dayForm(
      words, text: text, today: today, yearless: YearlessDates(today: today, start: nil), locale: locale)
    {
      return day.yearMonth
    }
    if words.count == 1, let number = parseDigits(words[0], minimumCount: 1, maximumCount: 4), number > 0 {
      // Each reading written out, in forms that work: 13 can only be a year, whose months are 0013-05 ...
      let ambiguous = "'\(text)' is ambiguous: a number alone could be a month or a year; "
      if number <= 12 {
        let name = Gregorian.englishMonthNames[number - 1]
        let year = YearlessDates(today: today, start: nil).year(month: number, day: nil)
        throw .unclear(
          ambiguous + "for \(name) write \(year)-\(number) or \(name.lowercased().prefix(3)) (see cal help dates)")
      }
      // `may 13` is a day (13 May); a name before a year needs the year's three or four digits.
      let example = Gregorian.englishMonthNames[today.month - 1].lowercased().prefix(3)
      throw .unclear(
        ambiguous + "for a month of \(number < 1000 ? "the year " : "")\(number) write \(pad(number, 4))-"
          + "\(pad(today.month, 2)) or \(example) \(number < 100 ? pad(number, 4) : String(number)) "
          + "(see cal help dates)")
    }
    throw .malformed(text: text, expected: "a month: write \(monthForms) (see cal help dates)")
  }

  /// A day or a whole month, each in any of its forms; a month's forms win where both could be meant
  /// (`+1m` is next month, not the day a month from today), and a word that names both a month and a weekday
  /// is refused.
  ///
  /// - Parameter yearlessFrom: as for ``day(_:today:locale:yearlessFrom:)``; a month without a year is then
  ///   the coming one from that day's month.
  public static func dayOrMonth(
    _ text: String, today: CivilDate, locale: CalendarLocale = .english, yearlessFrom: CivilDate? = nil
  ) throws(DateError) -> DayOrMonth {
    let yearless = YearlessDates(today: today, start: yearlessFrom)
    let words = Self.words(text)
    if words.count == 1, let offset = relativeDays[String(words[0])] {
      guard let day = today.adding(days: offset) else { throw .beyondCalendar(text) }
      return .day(day)
    }
    if let offset = DateOffset(words) {
      if offset.unit == .days || offset.unit == .weeks {
        guard let day = offset.day(from: today) else { throw .beyondCalendar(text) }
        return .day(day)
      }
      guard let month = offset.month(from: today.yearMonth) else { throw .beyondCalendar(text) }
      return .month(month)
    }
    let month = try monthForm(words, text: text, today: today, yearless: yearless, locale: locale)
    let day = try dayForm(words, text: text, today: today, yearless: yearless, locale: locale)
    switch (month, day) {
    case (let month?, nil): return .month(month)
    case (nil, let day?): return .day(day)
    case (let month?, let day?):
      throw .unclear(
        "'\(text)' is ambiguous: it names the month \(month.englishName) and the day \(day); write \(month) "
          + "or \(day)")
    case (nil, nil):
      if words.count == 1, isNumber(words[0]) {
        throw .unclear(
          "'\(text)' is ambiguous: a number alone could be a day, a month or a year; write a day as "
            + "\(dayForms), or a month as \(monthForms) (see cal help dates)")
      }
      throw .malformed(
        text: text, expected: "a day or a month: write a day as \(dayForms), or a month as \(monthForms)")
    }
  }

  /// A range of days written `FIRST..LAST`, each end a day, a month or a year (`2024-05-01..2024-06-15`,
  /// `today..fri`, `may..june`, `2024..2025`: the month's or year's first and last day); `nil` when `text` has
  /// no `..`. A last end without a year is the coming one from the first (`dec..jan` runs into the next
  /// year), as khal reads a range's end.
  public static func range(_ text: String, today: CivilDate, locale: CalendarLocale = .english) throws(DateError)
    -> (first: CivilDate, last: CivilDate)?
  {
    guard var separator = text.firstRange(of: "..") else { return nil }
    // `18.05...25.05.`: the first dot of three ends a date written with dots and without its year.
    if text[separator.upperBound...].hasPrefix("."), text[..<separator.lowerBound].count(where: { $0 == "." }) == 1 {
      separator = text.index(after: separator.lowerBound)..<text.index(after: separator.upperBound)
    }
    let ends = [String(text[..<separator.lowerBound]), String(text[separator.upperBound...])]
    var days: [CivilDate] = []
    for (index, end) in ends.enumerated() {
      if let year = try year(end, today: today) {
        let bounds = CivilDate.days(ofYear: year)
        days.append(index == 0 ? bounds.first : bounds.last)
        continue
      }
      switch try dayOrMonth(end, today: today, locale: locale, yearlessFrom: days.first) {
      case .day(let day): days.append(day)
      case .month(let month): days.append(index == 0 ? month.firstDay : month.lastDay)
      }
    }
    return try checkedRange(days[0], days[1])
  }

  /// `(first, last)`, refused when it runs backwards.
  public static func checkedRange(_ first: CivilDate, _ last: CivilDate) throws(DateError)
    -> (first: CivilDate, last: CivilDate)
  {
    guard last >= first else { throw .backwardsRange(first: first, last: last) }
    return (first, last)
  }

  /// The week `text` names (`week`, `this week`, `next week`, `last week`), from the locale's first day;
  /// `nil` for any other text. The week of 9999-12-31 ends with the calendar, on that day.
  public static func week(_ text: String, today: CivilDate, locale: CalendarLocale = .english) throws(DateError)
    -> (first: CivilDate, last: CivilDate)?
  {
    guard
      let step = ["week": 0, "this week": 0, "next week": 1, "last week": -1][words(text).concatenated(separator: " ")]
    else { return nil }
    let thisWeek = today.adding(days: -today.weekday.days(since: locale.firstWeekday)) ?? today
    guard let start = thisWeek.adding(days: 7 * step), step <= 0 || start.adding(days: 6) != nil else {
      throw .unclear("'\(text)' is outside the years 1 to 9999")
    }
    return (start, start.adding(days: 6) ?? .last)
  }

  /// The year `text` names: four digits alone (`2025`: a number of four digits is no day or month), `this
  /// year`, `next year`, `last year`; `nil` for any other text.
  public static func year(_ text: String, today: CivilDate) throws(DateError) -> Int? {
    let words = Self.words(text)
    let year: Int
    if words.count == 1, let number = parseDigits(words[0], minimumCount: 4, maximumCount: 4) {
      year = number
    } else if let step = ["year": 0, "this year": 0, "next year": 1, "last year": -1][
      words.concatenated(separator: " ")]
    {
      year = today.year + step
    } else {
      return nil
    }
    guard (Gregorian.firstYear...Gregorian.lastYear).contains(year) else {
      throw .unclear("'\(text)' is outside the years 1 to 9999")
    }
    return year
  }

  /// The days to come that `text` covers, from today: a number of days (`30`), of days, weeks, months or
  /// years (`10d`, `2w`, `1m`, `1y`), a range (`2024-05-01..2024-05-31`, `today..fri`), a week (`next week`),
  /// a year (`2025`, `next year`), or a day or a month in any other of their forms (`tomorrow`, `fri`,
  /// `may 20`; `next month`, `june`): that day, that month. A signed offset (`+3d`) is refused, for next to
  /// `3d` (three days) it would read as one day.
  public static func days(_ text: String, today: CivilDate, locale: CalendarLocale = .english) throws(DateError)
    -> (first: CivilDate, last: CivilDate)
  {
    if let range = try range(text, today: today, locale: locale) { return range }
    if let week = try week(text, today: today, locale: locale) { return week }
    let words = Self.words(text)
    // A year, as list and cal(1) read it: four digits are more likely 2024 than 2,024 days (`2024d` are
    // those); `0030` stays 30 days.
    if words.first?.first != "0", let year = try year(text, today: today) {
      return (try YearMonth(year: year, month: 1).firstDay, try YearMonth(year: year, month: 12).lastDay)
    }
    let signed = words.first?.first.map { $0 == "+" || $0 == "-" } ?? false
    var offset: DateOffset?
    if words.count == 1, !signed {
      offset = DateOffset([isNumber(words[0]) ? words[0] + "d" : words[0]], signed: false)
    }
    guard let offset else {
      let expected =
        "a number of days or a range, a day or a month: write 30, 10d, 2w, 1m, 1y, "
        + "2024-05-01..2024-05-31, tomorrow, fri or june"
      guard !signed, !words.isEmpty, DateOffset(words) == nil else { throw .malformed(text: text, expected: expected) }
      do {
        switch try dayOrMonth(text, today: today, locale: locale) {
        case .day(let day): return (day, day)
        case .month(let month): return (month.firstDay, month.lastDay)
        }
      } catch .malformed {
        throw .malformed(text: text, expected: expected)
      }
    }
    guard offset.count > 0 else { throw .unclear("'\(text)' covers no days: give at least one") }
    // The end is the day before the day that far away: 1w is seven days, today and six more.
    guard let end = offset.day(from: today)?.adding(days: -1) else { throw .beyondCalendar(text) }
    return (today, end)
  }

  /// A single day or a whole month.
  public enum DayOrMonth: Equatable, Sendable {
    case day(CivilDate)
    case month(YearMonth)
  }

  // MARK: - The forms

  /// The words of `text`, in lower case, split at white space.
  static func words(_ text: String) -> [Substring] {
    text.lowercased().split(whereSeparator: \.isWhitespace)
  }

  /// Whether `word` is a run of ASCII digits.
  static func isNumber(_ word: Substring) -> Bool {
    !word.isEmpty && word.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }

  /// The day `words` make, `nil` when they are not one of a day's forms; throws when they are, but the day
  /// does not exist (2024-02-30) or is beyond the calendar.
  static func dayForm(
    _ words: [Substring], text: String, today: CivilDate, yearless: YearlessDates, locale: CalendarLocale
  ) throws(DateError) -> CivilDate? {
    if let offset = DateOffset(words) {
      guard let day = offset.day(from: today) else { throw .beyondCalendar(text) }
      return day
    }
    switch words.count {
    case 1:
      let word = words[0]
      if let offset = relativeDays[String(word)] {
        guard let day = today.adding(days: offset) else { throw .beyondCalendar(text) }
        return day
      }
      let parts = word.split(separator: "-", omittingEmptySubsequences: false)
      if parts.count == 3, let year = parseDigits(parts[0], minimumCount: 4),
        let month = parseDigits(parts[1], minimumCount: 1, maximumCount: 2),
        let day = parseDigits(parts[2], minimumCount: 1, maximumCount: 2)
      {
        return try CivilDate(year: year, month: month, day: day)
      }
      if parts.count == 2, let month = parseDigits(parts[0], minimumCount: 1, maximumCount: 2),
        let day = parseDigits(parts[1], minimumCount: 1, maximumCount: 2)
      {
        return try comingDay(month: month, day: day, yearless: yearless, text: text)
      }
      if let day = try numericDay(word, text: text, yearless: yearless, locale: locale) { return day }
      return try weekday(word, text: text, weeksLater: 0, today: today, locale: locale)
    case 2 where words[0] == "next":
      return try weekday(words[1], text: text, weeksLater: 1, today: today, locale: locale)
    case 2, 3:
      return try namedMonthDay(words, text: text, yearless: yearless, locale: locale)
    default:
      return nil
    }
  }

  /// The day of `may 12`, `12 may`, `12. mai` (the coming one) or, with a year of four digits, `may 12 2025`
  /// and `12 may 2025`; `nil` for other words. A number of one or two digits beside a month's name is its
  /// day, never a year: people write `may 12` for a day, and year 12 is `may 0012`.
  private static func namedMonthDay(
    _ words: [Substring], text: String, yearless: YearlessDates, locale: CalendarLocale
  ) throws(DateError) -> CivilDate? {
    var year: Int?
    if words.count == 3 {
      guard let written = parseDigits(words[2], minimumCount: 4, maximumCount: 4) else { return nil }
      year = written
    }
    for (dayWord, monthWord) in [(words[1], words[0]), (words[0], words[1])] {
      var digits = dayWord
      if digits.last == "." || digits.last == "," { digits.removeLast() }
      guard let day = parseDigits(digits, minimumCount: 1, maximumCount: 2) else { continue }
      guard let month = try named(monthWord, locale: locale) else { return nil }
      guard let year else { return try comingDay(month: month, day: day, yearless: yearless, text: text) }
      return try CivilDate(year: year, month: month, day: day)
    }
    return nil
  }

  /// The day `month`-`day` written without a year (``YearlessDates``). 29 February near today or after a
  /// start may be years away, and guessing that far files an event where it is not looked for:
  /// it is refused naming the leap years on either side, not blamed on a year that was never written
  /// ("February 2025 has 28 days").
  private static func comingDay(month: Int, day: Int, yearless: YearlessDates, text: String) throws(DateError)
    -> CivilDate
  {
    let year = yearless.year(month: month, day: day)
    guard month == 2, day == 29, (Gregorian.firstYear...Gregorian.lastYear).contains(year),
      !Gregorian.isLeapYear(year)
    else { return try CivilDate(year: year, month: month, day: day) }
    let next = (year...Gregorian.lastYear).first(where: Gregorian.isLeapYear)
    let last = (Gregorian.firstYear...year).last(where: Gregorian.isLeapYear)
    let ways = [next.map { "\($0)-02-29 for the next one" }, last.map { "\(pad($0, 4))-02-29 for the last one" }]
    throw .unclear(
      "'\(text)': 29 February is not in \(year): write \(ways.compactMap { $0 }.concatenated(separator: ", or "))")
  }

  /// The day of a date of numbers as people write them: `18.5.`, `18.05.2024` (day first, wherever dots are
  /// written), `05/20/2024`, `20/05`, `5/6` (in the locale's order; in the C locale only when the numbers
  /// leave no doubt); the coming one without a year. `nil` for other words.
  private static func numericDay(
    _ word: Substring, text: String, yearless: YearlessDates, locale: CalendarLocale
  ) throws(DateError) -> CivilDate? {
    let dotted = word.contains(".")
    let parts = word.split(separator: dotted ? "." : "/", omittingEmptySubsequences: false)
    guard dotted || word.contains("/"), parts.count == 2 || parts.count == 3,
      let first = parseDigits(parts[0], minimumCount: 1, maximumCount: 2),
      let second = parseDigits(parts[1], minimumCount: 1, maximumCount: 2)
    else { return nil }
    var year: Int?
    if parts.count == 3 {
      // `18.05.` ends with its dot.
      if !(dotted && parts[2].isEmpty) {
        guard let written = parseDigits(parts[2], minimumCount: 4, maximumCount: 4) else {
          // Only two digits are plainly a year of this century: `1.2.3` is not 1.2.203.
          let separator = dotted ? "." : "/"
          let full =
            parseDigits(parts[2], minimumCount: 2, maximumCount: 2) == nil
            ? "" : " (\(parts[0])\(separator)\(parts[1])\(separator)20\(parts[2]))"
          throw .unclear("'\(word)': write the year with its four digits\(full), or 2024-05-20 (see cal help dates)")
        }
        year = written
      }
    } else if dotted {
      // Day and month with dots end with one: `18.05` is refused saying so, not as no day at all.
      throw .unclear(
        "'\(word)': a day written with dots ends with one, \(word). (or write it as YYYY-MM-DD; see cal help dates)")
    }
    let dayFirst: Bool
    if dotted {
      dayFirst = true
    } else if let order = locale.dayBeforeMonth {
      dayFirst = order
    } else if first > 12 || second > 12 || first == second || first == 0 || second == 0 {
      // Only two numbers that could each be the month are in doubt (a 0 is neither's month).
      dayFirst = first > 12
    } else {
      let names = Gregorian.englishMonthNames
      throw .unclear(
        "'\(word)' could be \(first) \(names[second - 1]) or \(second) \(names[first - 1]): write it as "
          + "YYYY-MM-DD, or with dots, day first (\(first).\(second).), or set LC_TIME to your locale")
    }
    let (day, month) = dayFirst ? (first, second) : (second, first)
    guard let year else { return try comingDay(month: month, day: day, yearless: yearless, text: text) }
    return try CivilDate(year: year, month: month, day: day)
  }

  /// The first `word`-day after today, `weeksLater` weeks on; `nil` when `word` names no weekday.
  private static func weekday(
    _ word: Substring, text: String, weeksLater: Int, today: CivilDate, locale: CalendarLocale
  ) throws(DateError) -> CivilDate? {
    let weekdays = locale.weekdays(named: String(word))
    guard let weekday = weekdays.first else { return nil }
    guard weekdays.count == 1 else {
      throw .unclear(
        "'\(word)' is ambiguous: it could be "
          + weekdays.map { CalendarLocale.englishWeekdayNames[$0.rawValue] }.concatenated(separator: " or ")
          + "; write more of the name")
    }
    // Never today: `fri` on a Friday is the Friday a week on.
    let ahead = weekday.days(since: today.weekday)
    guard let day = today.adding(days: (ahead == 0 ? 7 : ahead) + 7 * weeksLater) else {
      throw .beyondCalendar(text)
    }
    return day
  }

  /// The month `words` make, `nil` when they are not one of a month's forms; throws when they are, but the
  /// month does not exist or is beyond the calendar.
  static func monthForm(
    _ words: [Substring], text: String, today: CivilDate, yearless: YearlessDates, locale: CalendarLocale
  ) throws(DateError) -> YearMonth? {
    if let offset = DateOffset(words), offset.unit == .months || offset.unit == .years {
      guard let month = offset.month(from: today.yearMonth) else { throw .beyondCalendar(text) }
      return month
    }
    switch words.count {
    case 1:
      let parts = words[0].split(separator: "-", omittingEmptySubsequences: false)
      if parts.count == 2, let year = parseDigits(parts[0], minimumCount: 4),
        let month = parseDigits(parts[1], minimumCount: 1, maximumCount: 2)
      {
        return try YearMonth(year: year, month: month)
      }
      guard let month = try named(words[0], locale: locale) else { return nil }
      return try YearMonth(year: yearless.year(month: month, day: nil), month: month)
    case 2:
      if words[1] == "month", let step = ["this": 0, "next": 1, "last": -1][String(words[0])] {
        guard let month = today.yearMonth.adding(months: step) else { throw .beyondCalendar(text) }
        return month
      }
      // One or two digits after a name are a day (`may 12`), which dayForm reads; a year has more.
      guard isNumber(words[1]), words[1].utf8.count > 2, let month = try named(words[0], locale: locale) else {
        return nil
      }
      guard let year = parseDigits(words[1], minimumCount: 1) else { throw .beyondCalendar(text) }
      return try YearMonth(year: year, month: month)
    default:
      return nil
    }
  }

  /// The month (1...12) `word` names; `nil` for none, an error for several.
  private static func named(_ word: Substring, locale: CalendarLocale) throws(DateError) -> Int? {
    let months = locale.months(named: String(word))
    guard months.count <= 1 else {
      throw .unclear(
        "'\(word)' is ambiguous: it could be "
          + months.map { Gregorian.englishMonthNames[$0 - 1] }.concatenated(separator: " or ")
          + "; write more of the name")
    }
    return months.first
  }

  /// What is wrong with `text` as a day, as precisely as can be said.
  private static func notADay(_ text: String, words: [Substring], today: CivilDate, locale: CalendarLocale)
    -> DateError
  {
    if words.count == 1, isNumber(words[0]) {
      let ambiguous = "'\(text)' is ambiguous: a number alone could be a day of the month, a month or a year; "
      guard let number = parseDigits(words[0], minimumCount: 1, maximumCount: 2), (1...31).contains(number) else {
        return .unclear(ambiguous + "write a day as \(dayForms) (see cal help dates)")
      }
      // A day of this month already past is written with its year: without, it is next year's.
      let short = number >= today.day ? "\(today.month)-\(number) or " : ""
      return .unclear(
        ambiguous + "for day \(number) of this month write \(short)"
          + "\(today.year)-\(pad(today.month, 2))-\(pad(number, 2)); for \(number) days from today, +\(number)d "
          + "(see cal help dates)")
    }
    if let month = try? monthForm(
      words, text: text, today: today, yearless: YearlessDates(today: today, start: nil), locale: locale)
    {
      return .unclear(
        "'\(text)' is a month (\(month.englishName)), not a day: write a day as \(month.month)-12 or \(month)-12")
    }
    return .malformed(text: text, expected: "a day: write \(dayForms) (see cal help dates)")
  }
}

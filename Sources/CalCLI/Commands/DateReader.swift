import CalCore

/// Reads the days, months, ranges, times and lengths of a command line by CalCore's one grammar, with today
/// and the locale's names from the context, and turns every mistake into a usage error.
struct DateReader {
  let today: CivilDate
  let locale: CalendarLocale

  init(_ context: CommandContext) {
    today = context.today
    locale = context.locale
  }

  /// A day: `2024-05-12`, `5-12`, `fri`, `next fri`, `+3d`, `in 3 days` ... One without a year is the coming
  /// one from `yearlessFrom`, or the one near today without it.
  func day(_ text: String, yearlessFrom: CivilDate? = nil) throws(UsageError) -> CivilDate {
    try usage(text, is: "a day") { () throws(DateError) in
      try DayExpression.day(text, today: today, locale: locale, yearlessFrom: yearlessFrom)
    }
  }

  /// The day given to `option` (`--until`, `--from` ...): a mistake names the option and what was typed,
  /// as a time's or a length's does, since a command line may hold several days. One without a year is the
  /// coming one from `yearlessFrom`, or the one near today without it.
  func day(_ text: String, for option: OptionSpec, yearlessFrom: CivilDate? = nil) throws(UsageError) -> CivilDate {
    try given(text, to: option) { () throws(DateError) in
      try DayExpression.day(text, today: today, locale: locale, yearlessFrom: yearlessFrom)
    }
  }

  /// The first day (`last`: the last) that `option` (`--from`, `--to`) gives: a day, or a whole month
  /// (`--from may --to june`), read as a range's ends are (`yearlessFrom`: the first end's day, for the last).
  func rangeEnd(_ text: String, for option: OptionSpec, last: Bool, yearlessFrom: CivilDate? = nil)
    throws(UsageError) -> CivilDate
  {
    try given(text, to: option) { () throws(DateError) in
      switch try DayExpression.dayOrMonth(text, today: today, locale: locale, yearlessFrom: yearlessFrom) {
      case .day(let day): return day
      case .month(let month): return last ? month.lastDay : month.firstDay
      }
    }
  }

  /// What `body` reads from `text`, given to `option`; a mistake names the option and what was typed.
  private func given(_ text: String, to option: OptionSpec, _ body: () throws(DateError) -> CivilDate)
    throws(UsageError) -> CivilDate
  {
    do {
      return try body()
    } catch {
      switch error {
      case .yearOutOfRange, .monthOutOfRange, .dayOutOfRange:
        throw UsageError("--\(option.long): '\(text)' is not a day: \(error)")
      default:
        throw UsageError("--\(option.long): \(error)")
      }
    }
  }

  /// The day made by the first words of `words` and how many words it took (`next fri dentist`).
  func leadingDay(_ words: [String]) throws(UsageError) -> (day: CivilDate, wordCount: Int) {
    do {
      return try DayExpression.leadingDay(words, today: today, locale: locale)
    } catch {
      // The words that make a day beyond its month or the years, to quote them: the most that do, as the
      // day was read from them.
      let phrase = (1...max(1, min(3, words.count))).reversed().lazy.map {
        words.prefix($0).concatenated(separator: " ")
      }.first {
        phrase in
        do throws(DateError) {
          _ = try DayExpression.day(phrase, today: today, locale: locale)
          return false
        } catch {
          return Self.isOutOfRange(error)
        }
      }
      throw Self.refusal(error, text: phrase ?? words.first ?? "", is: "a day")
    }
  }

  /// A month: `2024-05`, `may`, `may 2024`, `next month`, `+2m`, `today` ...
  func month(_ text: String) throws(UsageError) -> YearMonth {
    try usage(text, is: "a month") { () throws(DateError) in try DayExpression.month(text, today: today, locale: locale)
    }
  }

  /// `FIRST..LAST`, or `nil` when `text` is not a range.
  func range(_ text: String) throws(UsageError) -> (first: CivilDate, last: CivilDate)? {
    try usage(text, is: "a range") { () throws(DateError) in try DayExpression.range(text, today: today, locale: locale)
    }
  }

  /// Days to come from today: `30`, `2w`, or a range.
  func days(_ text: String) throws(UsageError) -> (first: CivilDate, last: CivilDate) {
    try usage(text, is: "a day, a month or a range") { () throws(DateError) in
      try DayExpression.days(text, today: today, locale: locale)
    }
  }

  /// The week `text` names (`week`, `next week` ...), or `nil`.
  func week(_ text: String) throws(UsageError) -> (first: CivilDate, last: CivilDate)? {
    try usage(text, is: "a week") { () throws(DateError) in try DayExpression.week(text, today: today, locale: locale) }
  }

  /// `(first, last)`, refused when it runs backwards.
  func checkedRange(_ first: CivilDate, _ last: CivilDate) throws(UsageError) -> (first: CivilDate, last: CivilDate) {
    try usage { () throws(DateError) in try DayExpression.checkedRange(first, last) }
  }

  /// The time given to `option`: `9`, `9:30`, `9am`, `noon` ...
  func time(_ text: String, for option: OptionSpec) throws(UsageError) -> TimeOfDay {
    do {
      return try TimeExpression.time(text)
    } catch {
      throw UsageError("--\(option.long): \(error)")
    }
  }

  /// The length in minutes given to `option`: `45m`, `1h30`, `1.5h`, `90` ...
  func length(_ text: String, for option: OptionSpec) throws(UsageError) -> Int {
    do {
      return try LengthExpression.minutes(text)
    } catch {
      throw UsageError("--\(option.long): \(error)")
    }
  }

  private func usage<Value>(_ body: () throws(DateError) -> Value) throws(UsageError) -> Value {
    do {
      return try body()
    } catch {
      throw UsageError(error.description)
    }
  }

  /// What `body` reads from `text`; a day beyond its month or the years quotes what was typed, which says
  /// what it is not (`'2024-05-32' is not a day: May 2024 has 31 days`).
  private func usage<Value>(_ text: String, is what: String, _ body: () throws(DateError) -> Value)
    throws(UsageError) -> Value
  {
    do {
      return try body()
    } catch {
      throw Self.refusal(error, text: text, is: what)
    }
  }

  /// `error` as a usage error; one that does not quote `text` itself (a number beyond its range) quotes it
  /// as not being `what`.
  static func refusal(_ error: DateError, text: String, is what: String) -> UsageError {
    guard isOutOfRange(error) else { return UsageError(error.description) }
    return UsageError("'\(text)' is not \(what): \(error)")
  }

  /// Whether `error` is a year, month or day out of range, which names the number but not the words.
  static func isOutOfRange(_ error: DateError) -> Bool {
    switch error {
    case .yearOutOfRange, .monthOutOfRange, .dayOutOfRange: return true
    default: return false
    }
  }
}

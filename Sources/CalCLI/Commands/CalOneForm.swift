import CalCore

/// A command line in cal(1)'s own words (`cal 5 2024`, `cal 2024`, `cal -3`, `cal -y`, `cal may 2024`): the
/// month pages Debian's cal(1) prints, byte for byte, with no calendar file opened or created. Where Debian's
/// cal prints a calendar, this prints the same; where it refuses words that util-linux's cal(1) takes (`-m`
/// without a month, `-s`, `-w`, `--monday`, a month name alone), this does what util-linux's does.
///
/// A line is cal(1)'s when its first word is a number (`5`, `2024`, `5f`), a month's name in English or the
/// locale's language, or one of cal(1)'s options (`-1 -3 -y -j -m -s -w -A -B -d -C`, `--one --three --year
/// --julian --monday --sunday --week`) or of ncal's (refused, naming what to use instead). `cal` alone, a
/// command's name, and `cal`'s other options (`--db`, `--agenda`, `-n`, `--color`) keep their meaning: the
/// page-flip calendar's month on view.
struct CalOneForm {
  /// What the usage line of cal(1)'s forms says.
  static let usage = "cal [-1|-3|-y] [-jw] [-m|-s] [-A N] [-B N] [-d YYYY-MM] [--color WHEN] [[MONTH] YEAR]"

  /// cal(1)'s one-letter options; `m`, `A`, `B` and `d` take a value (`m` only when a month follows).
  static let letters: Set<Character> = ["1", "3", "y", "j", "m", "s", "w", "A", "B", "d", "C"]
  /// Long options that start a cal(1) line, util-linux's spellings.
  static let longOptions: Set<String> = [
    "one", "three", "year", "julian", "monday", "sunday", "week", "after", "before",
  ]

  /// cal(1)'s options as a command spec, for completion: the ones a user types (`-C` and `-d`, which
  /// change nothing or stand in for today, are left out).
  static let spec = CommandSpec(
    name: "cal(1)", abstract: "Month pages as Debian's cal(1) prints them, with no calendar opened.",
    arguments: [
      ArgumentSpec("month", help: "1 to 12, or a month's name.", isOptional: true),
      ArgumentSpec("year", help: "1 to 9999.", isOptional: true),
    ],
    options: [
      OptionSpec("one", short: "1", help: "One month (the default)."),
      OptionSpec("three", short: "3", help: "The month before, this one and the next."),
      OptionSpec("year", short: "y", help: "The whole year."),
      OptionSpec("julian", short: "j", help: "Days numbered through the year."),
      OptionSpec("monday", short: "m", help: "Weeks from Monday (-m MONTH: that month, as Debian's cal)."),
      OptionSpec("sunday", short: "s", help: "Weeks from Sunday."),
      OptionSpec("week", short: "w", help: "Week numbers, as ncal -b -w sets them."),
      OptionSpec("after", short: "A", value: "n", help: "N more months after."),
      OptionSpec("before", short: "B", value: "n", help: "N more months before."),
      PageOptions.color,
    ])
  /// ncal's own one-letter options, each with what to use instead.
  static let ncalOnly: [Character: String] = [
    "J": "-J (the Julian calendar throughout) is ncal's: run ncal -J",
    "e": "-e (the date of Easter) is ncal's: run ncal -e",
    "o": "-o (the date of Orthodox Easter) is ncal's: run ncal -o",
    "p": "-p (the countries' calendar reforms) is ncal's: run ncal -p",
    "b": "-b (ncal's old-style layout) is how cal always prints: leave it out",
    "M": "-M is ncal's spelling: use -m or --monday to start weeks on Monday",
    "S": "-S is ncal's spelling: use -s or --sunday to start weeks on Sunday",
    "W": "-W (days the first week needs) is ncal's: run ncal -W; cal -m -w numbers ISO 8601 weeks",
    "H": "-H (a day to highlight) is ncal's: run ncal -C -H",
    "N": "-N (ncal's vertical layout) is ncal's: run ncal",
  ]

  /// Whether `arguments` are a cal(1) line, told by their first word alone.
  static func claims(_ arguments: [String], locale: CalendarLocale) -> Bool {
    guard let first = arguments.first else { return false }
    if first == "--" {
      // getopt's end of options: cal(1)'s when a month or a year follows (`cal -- 5 2024`).
      guard let next = arguments.dropFirst().first, !next.hasPrefix("-") else { return false }
      return claims(Array(arguments.dropFirst()), locale: locale)
    }
    if first.hasPrefix("--") {
      let name = first.dropFirst(2).split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
      return longOptions.contains(name)
    }
    if first.hasPrefix("-") {
      guard let letter = first.dropFirst().first else { return false }
      return letters.contains(letter) || ncalOnly[letter] != nil
    }
    if first.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) { return !first.isEmpty }
    return monthNumber(first) != nil || !locale.months(named: first).isEmpty
  }

  /// What to show and how.
  enum Span {
    case one, three, year
  }

  let months: [YearMonth]
  let style: MonthSheet.Style

  /// Reads a cal(1) line as getopt would, options anywhere before `--`.
  init(_ words: [String], context: CommandContext) throws(UsageError) {
    let locale = context.locale
    var span: Span?
    var daysOfYear = false
    var weekNumbers = false
    var firstWeekday = Weekday.sunday
    var after = 0
    var before = 0
    var pinnedMonth: YearMonth?
    var optionMonth: (String, Int)?
    var color = PageOptions.ColorChoice.auto
    var positionals: [String] = []
    var index = 0
    func value(_ rest: Substring, _ option: String) throws(UsageError) -> String {
      if !rest.isEmpty { return String(rest) }
      guard index < words.count else { throw UsageError("Missing value for '\(option)'") }
      index += 1
      return words[index - 1]
    }
    while index < words.count {
      let word = words[index]
      index += 1
      if word == "--" {
        positionals += words[index...]
        break
      }
      if word.hasPrefix("--") {
        let parts = word.dropFirst(2).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        switch parts[0] {
        case "one": span = .one
        case "three": span = .three
        case "year": span = .year
        case "julian": daysOfYear = true
        case "monday": firstWeekday = .monday
        case "sunday": firstWeekday = .sunday
        case "week": weekNumbers = true
        case "after", "before":
          let text = parts.count == 2 ? String(parts[1]) : try value("", "--\(parts[0])")
          let count = try Self.months(text, option: "--\(parts[0])")
          if parts[0] == "after" { after = count } else { before = count }
        case "color":
          let choice = parts.count == 2 ? String(parts[1]) : try value("", "--color")
          color = try PageOptions.ColorChoice(parsing: choice)
        default:
          throw UsageError(
            "'\(word)' is not an option of cal(1)'s forms, which open no calendar: for the month on view with "
              + "your events, use cal show (see cal show --help)")
        }
        continue
      }
      guard word.hasPrefix("-"), word.count > 1 else {
        positionals.append(word)
        continue
      }
      var letters = word.dropFirst()
      while let letter = letters.first {
        letters = letters.dropFirst()
        switch letter {
        case "1": span = .one
        case "3": span = .three
        case "y": span = .year
        case "j": daysOfYear = true
        case "w": weekNumbers = true
        case "C": break
        case "s":
          // ncal's -s takes a country; cal(1)'s forms follow Great Britain's reform, and -s is Sunday.
          if letters.isEmpty, index < words.count, words[index].count == 2,
            words[index].allSatisfy({ $0.isASCII && $0.isUppercase })
          {
            throw UsageError(
              "-s \(words[index]) (the calendar reform of a country) is ncal's: run ncal -s \(words[index]); cal "
                + "follows Great Britain's, and its -s starts weeks on Sunday")
          }
          firstWeekday = .sunday
        case "m":
          // Debian's -m MONTH when a month follows; util-linux's -m (weeks start on Monday) otherwise.
          if !letters.isEmpty {
            // -m5 is Debian's month; -mw, as util-linux reads it, Monday and more letters.
            if let month = try? Self.month(String(letters), locale: locale) {
              optionMonth = (String(letters), month)
              letters = ""
            } else if letters.allSatisfy({ Self.letters.contains($0) }) {
              firstWeekday = .monday
            } else {
              optionMonth = (String(letters), try Self.month(String(letters), locale: locale))
              letters = ""
            }
          } else if index < words.count, let month = try? Self.month(words[index], locale: locale) {
            optionMonth = (words[index], month)
            index += 1
          } else {
            firstWeekday = .monday
          }
        case "A", "B":
          let text = try value(letters, "-\(letter)")
          letters = ""
          let count = try Self.months(text, option: "-\(letter)")
          if letter == "A" { after = count } else { before = count }
        case "d":
          let text = try value(letters, "-d")
          letters = ""
          let parts = text.split(separator: "-", omittingEmptySubsequences: false)
          guard parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]), parts[0].count <= 4,
            parts[1].count <= 2, let pinned = try? YearMonth(year: year, month: month)
          else { throw UsageError("-d \(text): expected a month as YYYY-MM, such as 2024-05") }
          pinnedMonth = pinned
        case "h":
          // Bundled (-3h): help is asked for on its own.
          throw UsageError("-h: for help, run cal --help")
        default:
          if let message = Self.ncalOnly[letter] { throw UsageError(message) }
          throw UsageError("Unknown option '-\(letter)' for cal(1)'s forms")
        }
      }
    }
    let current = pinnedMonth ?? context.today.yearMonth
    var year: Int?
    var month: (String, Int)?
    switch positionals.count {
    case 0: break
    case 1:
      if let number = Self.year(positionals[0]) {
        year = number
      } else {
        // util-linux's cal takes a month's name alone, for this year's month.
        month = (positionals[0], try Self.month(positionals[0], locale: locale))
      }
    case 2:
      guard let number = Self.year(positionals[1]) else {
        throw UsageError("'\(positionals[1])' is not a year: expected a number from 1 to 9999")
      }
      year = number
      month = (positionals[0], try Self.month(positionals[0], locale: locale))
    default:
      throw UsageError("Unexpected argument '\(positionals[2])': cal(1) takes at most a month and a year")
    }
    if optionMonth != nil && month != nil {
      throw UsageError("give the month once: with -m or before the year, not both")
    }
    let chosen = month ?? optionMonth
    if let year, !(Gregorian.firstYear...Gregorian.lastYear).contains(year) {
      throw UsageError("year \(year) is out of range: cal covers the years 1 to 9999")
    }
    var anchor: YearMonth
    if let (text, number) = chosen {
      // 5f and 5p: the following or previous year's month, when the month is not still to come (or already
      // past) in the year meant. As Debian's cal reckons it: against this month for -m alone, against the
      // month itself before a year (so 5f 2024 is May 2025), and against no month for -m with a year.
      var anchorYear = year ?? current.year
      let reference = month != nil ? number : year == nil ? current.month : 0
      // Only a number takes the suffix: sep is September, not the previous year's.
      let suffix = Self.monthNumber(text) == nil ? nil : text.last?.lowercased()
      if suffix == "f", number <= reference { anchorYear += 1 }
      if suffix == "p", number >= reference { anchorYear -= 1 }
      guard let resolved = try? YearMonth(year: anchorYear, month: number) else {
        throw UsageError("'\(text)' is outside the years 1 to 9999")
      }
      anchor = resolved
    } else if let year {
      guard span != .one && span != .three else {
        throw UsageError("-\(span == .one ? "1" : "3") needs a month as well as the year, such as 5 \(year)")
      }
      span = .year
      anchor = try! YearMonth(year: year, month: 1)
    } else {
      anchor = current
    }
    var first = anchor
    var last = anchor
    switch span ?? .one {
    case .one: break
    case .three:
      first = anchor.adding(months: -1) ?? anchor
      last = anchor.adding(months: 1) ?? anchor
    case .year:
      first = try! YearMonth(year: anchor.year, month: 1)
      last = try! YearMonth(year: anchor.year, month: 12)
    }
    guard let from = first.adding(months: -before), let through = last.adding(months: after) else {
      throw UsageError("the months asked for go beyond the years 1 to 9999")
    }
    guard from <= through else { throw UsageError("-A and -B leave no month to show") }
    var shown: [YearMonth] = []
    var page = from
    while true {
      shown.append(page)
      guard page < through, let next = page.next else { break }
      page = next
    }
    months = shown
    style = MonthSheet.Style(
      locale: locale.startingWeeks(on: firstWeekday), weekNumbers: weekNumbers, weekNumberLayout: .ncal,
      highlights: color.highlights(context),
      daysOfYear: daysOfYear, reform: .britain1752, countsCharacters: true)
  }

  /// Writes the pages.
  func run(_ context: CommandContext) {
    let sheet = MonthSheet(months: months, today: context.today, markedDays: [], style: style)
    context.write(sheet.lines().map { $0 + "\n" }.concatenated())
  }

  /// A number of months for `-A` or `-B`, negative ones too (Debian's cal takes `-B -6` to leave months out).
  private static func months(_ text: String, option: String) throws(UsageError) -> Int {
    guard let count = Int(text), (-120_000...120_000).contains(count) else {
      throw UsageError("\(option) \(text): expected a whole number of months")
    }
    return count
  }

  /// A year as cal(1) takes it: digits only, leading zeros allowed.
  private static func year(_ text: String) -> Int? {
    guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(text)
  }

  /// A month as cal(1) takes it: 1 to 12, with f or p for the following or previous year's, or a name.
  private static func month(_ text: String, locale: CalendarLocale) throws(UsageError) -> Int {
    if let number = monthNumber(text) { return number }
    let named = locale.months(named: text)
    guard named.count == 1 else {
      if named.count > 1 {
        throw UsageError(
          "'\(text)' is ambiguous: it could be "
            + named.map { Gregorian.englishMonthNames[$0 - 1] }.concatenated(separator: " or ")
            + "; write more of the name")
      }
      throw UsageError("'\(text)' is neither a month number (1..12) nor a name")
    }
    return named[0]
  }

  /// `5`, `05`, `005`, `5f`, `5p`: a month's number, with or without cal(1)'s f or p.
  private static func monthNumber(_ text: String) -> Int? {
    var digits = Substring(text)
    if let last = digits.last, "fFpP".contains(last) { digits = digits.dropLast() }
    // Leading zeros as many as Debian's cal takes (it reads the number with atoi).
    guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let number = Int(digits), (1...12).contains(number)
    else { return nil }
    return number
  }
}

/// How an event repeats, said as people say it: `every day`, `every weekday`, `every week`, `every 2 weeks`,
/// `every other month`, `every third year`, `every fortnight`, `every monday`, `every tue and thu`, `every
/// other friday`, `every mon-fri`, `every 2 weeks on mon,fri`, `every month on 2nd-tue`, `every month on the
/// 2nd tue`, `every month on the 15th` (`each` reads as `every`). Read into what `--repeat`, `--every` and `--on`
/// say, so that it is checked as those are.
public struct RepeatPhrase: Equatable, Sendable {
  /// A phrase that cannot be read: what is wrong, in words.
  public struct Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, in words.
    public let description: String

    /// An error that says `description`.
    public init(description: String) {
      self.description = description
    }
  }

  /// How often the unit comes round: daily, weekly, monthly or yearly.
  public var frequency: RecurrenceRule.Frequency
  /// Every how many units, when the phrase says (`2 weeks`, `other week`, `fortnight`); `nil` when it does not
  /// (`every week`), so that `--every` may still say it.
  public var interval: Int?
  /// The days, as `--on` takes them (`mon,thu`, `mon-fri`, `2nd-tue`), when the phrase names them.
  public var days: String?

  /// A repeat of `frequency`, every `interval` units when given, on `days` when given.
  public init(frequency: RecurrenceRule.Frequency, interval: Int? = nil, days: String? = nil) {
    self.frequency = frequency
    self.interval = interval
    self.days = days
  }

  /// Whether `text` is meant as such a phrase: it begins with `every` or `each`.
  public static func isPhrase(_ text: String) -> Bool {
    guard let first = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).first else { return false }
    return ["every", "each"].contains(first.lowercased())
  }

  /// Reads `text`, a phrase that ``isPhrase(_:)`` accepts.
  ///
  /// - Throws: `Error` for a phrase that says no unit or days, names something else, or an interval outside
  ///   `RecurrenceRule.intervalRange`.
  public init(parsing text: String) throws(Error) {
    // Commas and `and` only list days: `every mon, wed and fri` is `every mon wed fri`.
    var words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init)
      .filter { $0 != "and" && $0 != "&" }
    guard let first = words.first, ["every", "each"].contains(first) else {
      throw Error(description: "a repeat in words begins with every, such as every 2 weeks")
    }
    words.removeFirst()
    // `every 2 weeks on mon,fri`, `every month on the 2nd tue`: the days after `on`, as `--on` takes them.
    var onDays: String?
    if let on = words.firstIndex(of: "on") {
      let days = words[(on + 1)...].filter { $0 != "the" }
      guard !days.contains("on") else {
        throw Error(description: "say on once, then the days, such as every week on mon,fri")
      }
      guard !days.isEmpty else { throw Error(description: "name the days after on, such as every 2 weeks on mon,fri") }
      onDays = Self.dayWords(days).concatenated(separator: ",")
      words.removeSubrange(on...)
    }
    guard !words.isEmpty else { throw Error(description: "every what? Say \(Self.examples)") }
    var interval: Int?
    if let count = Self.count(words[0]) {
      guard RecurrenceRule.intervalRange.contains(count) else {
        let range = RecurrenceRule.intervalRange
        throw Error(description: "the number must be from \(range.lowerBound) to \(range.upperBound)")
      }
      interval = count
      let said = words.removeFirst()
      guard !words.isEmpty else {
        throw Error(description: "every \(said) what? Say days, weeks, months or years")
      }
    }
    if let unit = Self.units[words[0]] {
      guard words.count == 1 else {
        throw Error(
          description: "'\(words[1...].concatenated(separator: " "))' after '\(words[0])' is not understood: a "
            + "repeat in words ends with its unit, or with on and the days, such as every 2 weeks on mon,fri")
      }
      if unit.days != nil && interval != nil {
        throw Error(
          description: "'\(words[0])' takes no number (every weekday is Monday to Friday of each week); for "
            + "every other week, say every 2 weeks on mon-fri")
      }
      if unit.days != nil && onDays != nil {
        throw Error(
          description: "every weekday names its days already (Monday to Friday); for others, say every week on "
            + "mon,fri")
      }
      let (product, overflow) = (interval ?? 1).multipliedReportingOverflow(by: unit.interval)
      guard !overflow, RecurrenceRule.intervalRange.contains(product) else {
        throw Error(
          description: "at most every \(RecurrenceRule.intervalRange.upperBound) \(Self.plural(unit.frequency))")
      }
      if onDays != nil && (unit.frequency == .daily || unit.frequency == .yearly) {
        throw Error(description: "only weeks and months take days after on, such as every month on 2nd-tue")
      }
      frequency = unit.frequency
      self.interval = interval == nil && unit.interval == 1 ? nil : product
      days = unit.days ?? onDays
      return
    }
    // Otherwise weekdays: every monday, every other tue and thu, every mon-fri.
    var listed: [String] = []
    for word in words {
      // `every mondays` reads as meant, and `every thurs` as a day is read (`cal add thurs`).
      let singular = word.count > 3 && word.hasSuffix("s") ? String(word.dropLast()) : word
      let named = CalendarLocale.english.weekdays(named: word)
      if let weekday = RepeatDayWords.weekdays[word] ?? RepeatDayWords.weekdays[singular]
        ?? (named.count == 1 ? named.first : nil)
      {
        listed.append(RepeatDayWords.shortNames[weekday.rawValue])
      } else if RepeatDayWords.weekdayRun(parsing: word) != nil {
        listed.append(word)
      } else if Self.units[word] != nil {
        throw Error(
          description: "'\(word)' among the days is not understood: say every week on mon,fri, or every mon and fri")
      } else {
        throw Error(
          description: "'\(word)' is neither a unit (day, week, month, year) nor a weekday: say \(Self.examples)")
      }
    }
    guard onDays == nil else {
      throw Error(description: "name the days once: every tue and thu, or every week on tue,thu")
    }
    frequency = .weekly
    self.interval = interval
    days = listed.concatenated(separator: ",")
  }

  /// The days after `on` as `--on` takes them: an ordinal and the weekday after it are one day (`2nd tue`,
  /// `second tuesday` and `2nd last fri` are `2nd-tue`, `second-tuesday` and `2nd-last-fri`), and an ordinal
  /// alone is that day of the month (`the 15th` is `15`).
  private static func dayWords(_ words: [String]) -> [String] {
    var days: [String] = []
    for word in words {
      if let previous = days.last, RepeatDayWords.ordinal(parsing: previous) != nil,
        RepeatDayWords.weekdays[word] != nil || (word == "last" && !previous.hasSuffix("last"))
      {
        days[days.count - 1] += "-" + word
      } else {
        days.append(word)
      }
    }
    return days.map { day in
      guard let number = RepeatDayWords.ordinal(parsing: day), number > 0 else { return day }
      return "\(number)"
    }
  }

  /// What the errors suggest.
  private static let examples =
    "every day, every weekday, every 2 weeks, every other month, every tue and thu, every month on 2nd-tue"

  /// The units a phrase may name, singular or plural: the frequency, how many of it one unit is (a
  /// fortnight is two weeks), and the days it means (a weekday).
  private static let units: [String: (frequency: RecurrenceRule.Frequency, interval: Int, days: String?)] = [
    "day": (.daily, 1, nil), "days": (.daily, 1, nil), "week": (.weekly, 1, nil), "weeks": (.weekly, 1, nil),
    "month": (.monthly, 1, nil), "months": (.monthly, 1, nil), "year": (.yearly, 1, nil),
    "years": (.yearly, 1, nil), "fortnight": (.weekly, 2, nil), "fortnights": (.weekly, 2, nil),
    "weekday": (.weekly, 1, "mon-fri"), "weekdays": (.weekly, 1, "mon-fri"), "workday": (.weekly, 1, "mon-fri"),
    "workdays": (.weekly, 1, "mon-fri"),
  ]

  /// The unit of `frequency`, in the plural: `weeks`.
  private static func plural(_ frequency: RecurrenceRule.Frequency) -> String {
    switch frequency {
    case .daily: "days"
    case .weekly: "weeks"
    case .monthly: "months"
    case .yearly: "years"
    }
  }

  /// How many units a word before the unit says: `2`, `other` (two), `second` or `2nd` and up; `nil` for
  /// any other word (the unit itself).
  private static func count(_ word: String) -> Int? {
    if word == "other" { return 2 }
    if !word.isEmpty, word.allSatisfy({ $0.isASCII && $0.isNumber }) {
      return Int(word) ?? Int.max  // digits too many for an Int: too large, said so by the caller
    }
    let names = ["second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6]
    if let number = names[word] { return number }
    // 2nd, 3rd, 10th: as `RepeatDayWords.ordinal(_:)` writes them.
    let digits = word.prefix { $0.isASCII && $0.isNumber }
    if let number = Int(digits), number >= 2, RepeatDayWords.ordinal(number) == word { return number }
    return nil
  }
}

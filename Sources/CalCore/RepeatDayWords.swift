/// The words for the days a weekly or monthly series repeats on, both ways: what `cal add --on` reads and
/// what the interactive page's edit form writes, so that the two cannot drift apart. Weekdays (`mon`), the
/// nth weekday of the month (`2nd-tue`, `last-fri`, `2nd-last-fri`), days of the month (`15`, `last`,
/// `2nd-last`).
public enum RepeatDayWords {
  /// Weekday names in English, short and long, and iCalendar's two letters (`mo`, as in `BYDAY=MO`).
  public static let weekdays: [String: Weekday] = [
    "sun": .sunday, "mon": .monday, "tue": .tuesday, "wed": .wednesday, "thu": .thursday, "fri": .friday,
    "sat": .saturday, "sunday": .sunday, "monday": .monday, "tuesday": .tuesday, "wednesday": .wednesday,
    "thursday": .thursday, "friday": .friday, "saturday": .saturday, "su": .sunday, "mo": .monday, "tu": .tuesday,
    "we": .wednesday, "th": .thursday, "fr": .friday, "sa": .saturday,
  ]
  /// The short names, by `Weekday.rawValue`: what is written.
  static let shortNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
  /// The nth weekday of a month: a month holds at most five of each.
  public static let weekdayOrdinals = 1...5
  private static let ordinalNames = ["first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1]

  /// `3rd`, `last`, `2nd-last`: the nth from the start, or (negative) from the end.
  public static func ordinal(_ number: Int) -> String {
    if number == -1 { return "last" }
    if number < 0 { return ordinal(-number) + "-last" }
    let suffix: String
    switch (number % 10, number % 100) {
    case (_, 11...13): suffix = "th"
    case (1, _): suffix = "st"
    case (2, _): suffix = "nd"
    case (3, _): suffix = "rd"
    default: suffix = "th"
    }
    return "\(number)\(suffix)"
  }

  /// The number `ordinal(_:)` writes as `text` (`2nd`, not `2th` or `02nd`), also `first` to `fifth`. `nil`
  /// for anything else; the range is the caller's to check.
  public static func ordinal(parsing text: some StringProtocol) -> Int? {
    let text = String(text)
    if let number = ordinalNames[text] { return number }
    if text.hasSuffix("-last") {
      guard let number = ordinal(parsing: text.dropLast(5)), number > 0 else { return nil }
      return -number
    }
    let digits = text.dropLast(2)
    guard !digits.isEmpty, digits.count <= 3, digits.first != "0", digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let number = Int(digits), ordinal(number) == text
    else { return nil }
    return number
  }

  /// `mon`, `2nd-tue`, `2nd-last-fri`.
  public static func word(for day: RecurrenceRule.WeekdayOccurrence) -> String {
    (day.ordinal.map { ordinal($0) + "-" } ?? "") + shortNames[day.weekday.rawValue]
  }

  /// A weekday, with an ordinal from ``weekdayOrdinals`` (from the start or the end) when `ordinals`.
  public static func weekday(parsing text: some StringProtocol, ordinals: Bool) -> RecurrenceRule.WeekdayOccurrence? {
    let text = String(text)
    if let weekday = weekdays[text] { return RecurrenceRule.WeekdayOccurrence(weekday) }
    guard ordinals, let dash = text.lastIndex(of: "-"),
      let weekday = weekdays[String(text[text.index(after: dash)...])],
      let number = ordinal(parsing: text[..<dash]), weekdayOrdinals.contains(abs(number))
    else { return nil }
    return RecurrenceRule.WeekdayOccurrence(weekday, ordinal: number)
  }

  /// The weekdays of a run such as `mon-fri` (or `fri-mon`, over the weekend), from the first to the last;
  /// `nil` when `text` is not two weekday names joined by a dash.
  public static func weekdayRun(parsing text: some StringProtocol) -> [RecurrenceRule.WeekdayOccurrence]? {
    let ends = text.split(separator: "-", omittingEmptySubsequences: false)
    guard ends.count == 2, let first = weekdays[String(ends[0])], let last = weekdays[String(ends[1])] else {
      return nil
    }
    return (0...last.days(since: first)).map { RecurrenceRule.WeekdayOccurrence(first.advanced(by: $0)) }
  }

  /// `15`, `last`, `2nd-last`.
  public static func word(forMonthDay day: Int) -> String {
    day > 0 ? "\(day)" : ordinal(day)
  }

  /// A day of the month, 1...31, or from its end, `last` to `31st-last`.
  public static func monthDay(parsing text: some StringProtocol) -> Int? {
    let text = String(text)
    let number = text.allSatisfy({ $0.isASCII && $0.isNumber }) && text.count <= 2 ? Int(text) : nil
    guard let day = number ?? ordinal(parsing: text).flatMap({ $0 < 0 ? $0 : nil }),
      (1...31).contains(abs(day))
    else { return nil }
    return day
  }
}

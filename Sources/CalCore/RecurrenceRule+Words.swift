extension RecurrenceRule {
  /// The rule in the words `cal add`'s options and the interactive page's repeat prompt use: `weekly every 2
  /// on mon,fri until 2024-12-31`, `monthly on 2nd-tue`, `daily, 10 times`, `weekdays` (as `--repeat` takes it); `nil` when the rule has parts those
  /// words do not say (BYMONTH, BYYEARDAY, BYWEEKNO, BYSETPOS, a week start other than Monday, every Monday
  /// of a month, weekdays and days of the month together), so that
  /// what they say is always the whole rule.
  public var words: String? {
    // Weekdays and days of the month together keep only the days that are both: the words would say either.
    guard byMonth.isEmpty, byYearDay.isEmpty, byWeekNumber.isEmpty, bySetPosition.isEmpty, weekStart == .monday,
      byDay.isEmpty || byMonthDay.isEmpty
    else {
      return nil
    }
    switch frequency {
    case .daily, .yearly: guard byDay.isEmpty, byMonthDay.isEmpty else { return nil }
    case .weekly: guard byMonthDay.isEmpty, byDay.allSatisfy({ $0.ordinal == nil }) else { return nil }
    case .monthly: guard byDay.allSatisfy({ $0.ordinal != nil }) else { return nil }
    }
    var words = [frequency.rawValue.lowercased()]
    if isEveryWeekday {
      words = ["weekdays"]
    } else {
      if interval > 1 { words += ["every", "\(interval)"] }
      let days = byDay.map(RepeatDayWords.word(for:)) + byMonthDay.map(RepeatDayWords.word(forMonthDay:))
      if !days.isEmpty { words += ["on", days.concatenated(separator: ",")] }
    }
    if let until { words += ["until", "\(until)"] }
    // The comma keeps a count apart from a number before it: `yearly every 2, 3 times`.
    if let count { words[words.count - 1] += ","; words += ["\(count)", "times"] }
    return words.concatenated(separator: " ")
  }

  /// Whether the rule is every week from Monday to Friday, what `--repeat weekdays` makes.
  public var isEveryWeekday: Bool {
    frequency == .weekly && interval == 1 && byMonthDay.isEmpty && byMonth.isEmpty && byYearDay.isEmpty
      && byWeekNumber.isEmpty && bySetPosition.isEmpty
      && Set(byDay) == Set(Self.workWeek)
  }

  /// Monday to Friday.
  private static let workWeek = [Weekday.monday, .tuesday, .wednesday, .thursday, .friday].map {
    WeekdayOccurrence($0)
  }
}

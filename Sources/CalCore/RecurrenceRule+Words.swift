extension RecurrenceRule {
  /// The rule in the words `cal add`'s options and the interactive page's repeat prompt use: `weekly every 2
  /// on mon,fri until 2024-12-31`, `monthly on 2nd-tue`, `daily, 10 times`; `nil` when the rule has parts those
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
    if interval > 1 { words += ["every", "\(interval)"] }
    let days = byDay.map(RepeatDayWords.word(for:)) + byMonthDay.map(RepeatDayWords.word(forMonthDay:))
    if !days.isEmpty { words += ["on", days.concatenated(separator: ",")] }
    if let until { words += ["until", "\(until)"] }
    // The comma keeps a count apart from a number before it: `yearly every 2, 3 times`.
    if let count { words[words.count - 1] += ","; words += ["\(count)", "times"] }
    return words.concatenated(separator: " ")
  }
}

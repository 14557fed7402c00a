/// How far apart a series' occurrences start, and whether each outlasts the time to the next.
extension EventSchedule {
  /// Why this series cannot be kept, or `nil`: occurrences that each outlast the time to the next would
  /// cover every day many times over (a daily event lasting ten thousand years lists millions of times on
  /// each day, more than any listing can hold).
  public var overlapProblem: String? {
    guard let rule else { return nil }
    let span = spanDays
    let gap = rule.fewestDaysBetweenStarts(startingOn: startDay)
    guard span > gap, !rule.hasOneOccurrence(startingOn: startDay, gap: gap) else { return nil }
    return "each occurrence would last \(span + 1) days, longer than the \(gap) day\(gap == 1 ? "" : "s") from one"
      + " start to the next: shorten it or repeat less often"
  }

  /// The most occurrences of one series a day may be covered by before reading takes the series as
  /// broken: a year's worth of a daily event. A weekly event lasting eight days, as some calendars hold,
  /// covers a day twice.
  public static let maximumReadOverlap = 366

  /// Whether the occurrences overlap so deeply that reading them is impossible: a series that an older `cal`
  /// imported before ``overlapProblem`` was asked (a daily event lasting ten thousand years covers each day
  /// 739,000 times). Reading shows such a series as its first occurrence alone.
  public var overlapsBeyondReading: Bool {
    // The span first: it is arithmetic, the gap may build a set, and a listing asks on every series.
    guard spanDays > Self.maximumReadOverlap, let rule else { return false }
    // No more occurrences than a day may be covered by: as many as there are, however long each lasts.
    if let count = rule.count, count <= Self.maximumReadOverlap { return false }
    let gap = rule.fewestDaysBetweenStarts(startingOn: startDay)
    // An UNTIL bounds them as well: no more than one a gap from the start to it.
    if let until = rule.until, (until.daysSince1970 - startDay.daysSince1970) / gap < Self.maximumReadOverlap {
      return false
    }
    return spanDays / gap > Self.maximumReadOverlap
  }
}

extension RecurrenceRule {
  /// Whether the rule makes one occurrence at most, so that however long it lasts it overlaps no other:
  /// `COUNT=1` (an event with RDATEs is imported as such a rule, the other dates as occurrences of their
  /// own), or an UNTIL before the earliest second start.
  func hasOneOccurrence(startingOn start: CivilDate, gap: Int) -> Bool {
    if let count, count <= 1 { return true }
    guard let until, let second = start.adding(days: gap) else { return false }
    return until < second
  }

  /// A lower bound on the days from one occurrence's start to the next's: exact for daily rules and weekly
  /// ones, a safe 1 where BY parts make several occurrences a period possible, 28 or 365 days a period
  /// otherwise (364 for a weekday of a numbered week).
  public func fewestDaysBetweenStarts(startingOn start: CivilDate) -> Int {
    let interval = max(1, self.interval)
    let (product, overflow) = interval.multipliedReportingOverflow(by: 7)
    switch frequency {
    case .daily:
      return interval
    case .weekly:
      let weekdays = Set((byDay.isEmpty ? [start.weekday] : byDay.map(\.weekday)).map { $0.rawValue }).sorted()
      guard weekdays.count > 1 else { return overflow ? Int.max : product }
      let within = zip(weekdays, weekdays.dropFirst()).map { $1 - $0 }.min() ?? 7
      let across = overflow ? Int.max : product - (weekdays.last! - weekdays.first!)
      return min(within, across)
    case .monthly:
      let several =
        byDay.count + byMonthDay.count > 1 || bySetPosition.count > 1 || byDay.contains { $0.ordinal == nil }
      return several ? 1 : 28 * min(interval, 1_000)
    case .yearly:
      if hasNumberedDays {
        // One day of the year comes round after a year's days; one weekday of a numbered week after the 52
        // weeks or more of its year (another such day may fall in the same calendar year, with a week 1
        // that starts in December).
        if byYearDay.count == 1 { return 365 * min(interval, 1_000) }
        return byYearDay.isEmpty && byWeekNumber.count == 1 && byDay.count == 1 ? 364 : 1
      }
      let several =
        byMonth.count > 1 || byDay.count + byMonthDay.count > 1 || bySetPosition.count > 1
        || byDay.contains { $0.ordinal == nil }
      return several ? 1 : 365 * min(interval, 1_000)
    }
  }
}

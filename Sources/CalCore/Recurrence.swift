/// The days a recurring event happens on: its first day and its rule, expanded as RFC 5545 says.
///
/// Expansion is lazy: the occurrences in a window come from the rule's periods that overlap it, reached by
/// arithmetic, so listing one month costs the same whether the series ends next week or never. COUNT is
/// turned into the day of the last occurrence once (``lastDay``), when the event is stored.
public struct Recurrence: Equatable, Sendable {
  /// The first occurrence (DTSTART), always part of the set.
  public let start: CivilDate
  /// The rule.
  public let rule: RecurrenceRule

  /// A recurrence starting on `start`.
  public init(start: CivilDate, rule: RecurrenceRule) {
    self.start = start
    self.rule = rule
  }

  /// The rule's interval, held to what can matter, so that a rule built from parts that were never checked
  /// (see ``RecurrenceRule/validate()``) cannot loop for ever or overflow: below 1 reads as 1, and an interval
  /// longer than the calendar, which leaves only the first occurrence, as the calendar's length.
  private var interval: Int { min(max(rule.interval, 1), Gregorian.dayCount) }

  /// The occurrences from `first` through `last`, in order.
  ///
  /// - Parameter lastDay: the day of the last occurrence when known (from ``lastDay()``); COUNT is not
  ///   counted again here.
  public func occurrences(from first: CivilDate, through last: CivilDate, lastDay: CivilDate? = nil) -> [CivilDate] {
    var result: [CivilDate] = []
    appendOccurrences(from: first, through: last, lastDay: lastDay, to: &result)
    return result
  }

  /// The same occurrences, appended to `result`: a listing expands hundreds of series into one buffer it
  /// keeps, instead of an array grown anew for each.
  public func appendOccurrences(
    from first: CivilDate, through last: CivilDate, lastDay: CivilDate? = nil, to result: inout [CivilDate]
  ) {
    var budget = Int.max
    appendOccurrences(from: first, through: last, lastDay: lastDay, limit: .max, budget: &budget, to: &result)
  }

  /// The same, for callers that must bound their work on a rule they did not choose (a file's VTIMEZONE):
  /// at most `limit` occurrences, and at most `budget` periods examined (days of a daily rule, weeks of a
  /// weekly one ...), each taken from `budget`.
  func occurrences(
    from first: CivilDate, through last: CivilDate, lastDay: CivilDate?, limit: Int, budget: inout Int
  ) -> [CivilDate] {
    var result: [CivilDate] = []
    appendOccurrences(from: first, through: last, lastDay: lastDay, limit: limit, budget: &budget, to: &result)
    return result
  }

  /// The same, appended to `result` (what it held before counts for nothing against `limit`).
  private func appendOccurrences(
    from first: CivilDate, through last: CivilDate, lastDay: CivilDate?, limit: Int, budget: inout Int,
    to result: inout [CivilDate]
  ) {
    var end = last
    if let until = rule.until, until < end { end = until }
    if let lastDay, lastDay < end { end = lastDay }
    let begin = max(first, start)
    guard begin <= end, limit > 0 else { return }
    // The occurrences found so far are counted from here.
    let base = result.count
    if start >= first && start <= end { result.append(start) }
    if let monthStep = plainMonthStep {
      // Monthly or yearly on the start's day of the month: one date a period, reached by arithmetic.
      var period = firstPeriod(onOrAfter: begin)
      let startMonth = start.yearMonth
      while result.count - base < limit, budget > 0, let periodFirst = periodStart(period), periodFirst <= end {
        budget -= 1
        let (months, overflow) = period.multipliedReportingOverflow(by: monthStep)
        guard !overflow, let month = startMonth.adding(months: months) else { break }
        if start.day <= month.numberOfDays {
          let date = month.day(start.day)
          if date > start && date >= begin && date <= end { result.append(date) }
        }
        period += interval
      }
      return
    }
    if isPlainDaily {
      // Every nth day: arithmetic, no periods to build.
      let origin = start.daysSince1970
      var day = origin + max(1, (begin.daysSince1970 - origin + interval - 1) / interval) * interval
      while day <= end.daysSince1970, result.count - base < limit, budget > 0, let date = CivilDate(daysSince1970: day)
      {
        budget -= 1
        result.append(date)
        day += interval
      }
      return
    }
    if let offsets = weeklyOffsets {
      // Weekly on set weekdays: day numbers from each week's start, no dates built that are not kept.
      let (origin, first, last) = (start.daysSince1970, begin.daysSince1970, end.daysSince1970)
      var weekStart = weekStartDay(of: start) + 7 * firstPeriod(onOrAfter: begin)
      while weekStart <= last, result.count - base < limit, budget > 0 {
        budget -= 1
        for offset in 0..<7 where offsets & (1 << UInt8(offset)) != 0 && result.count - base < limit {
          let day = weekStart + offset
          if day > origin && day >= first && day <= last, let date = CivilDate(daysSince1970: day) {
            result.append(date)
          }
        }
        weekStart += 7 * interval
      }
      return
    }
    if isMonthlyByWeekday {
      appendMonthlyByWeekday(from: begin, through: end, limit: limit, budget: &budget, base: base, to: &result)
      return
    }
    var period = firstPeriod(onOrAfter: begin)
    while result.count - base < limit, budget > 0, let periodFirst = periodStart(period), periodFirst <= end,
      let dates = candidates(inPeriod: period)
    {
      budget -= 1
      for date in dates where date > start && date >= begin && date <= end && result.count - base < limit {
        result.append(date)
      }
      period += interval
    }
  }

  /// A MONTHLY rule by weekdays alone (BYDAY such as 2TU or -1FR, BYMONTH allowed), with no BYMONTHDAY or
  /// BYSETPOS.
  private var isMonthlyByWeekday: Bool {
    rule.frequency == .monthly && !rule.byDay.isEmpty && rule.byMonthDay.isEmpty && rule.bySetPosition.isEmpty
  }

  /// The occurrences of a monthly rule by weekdays (see ``isMonthlyByWeekday``) from `begin` through `end`,
  /// as the periods of ``candidates(inPeriod:)`` give them: each month's days found by arithmetic on day
  /// numbers, put in order and each kept once at the end of `result` itself, with no arrays of candidates
  /// made for each month (a month's listing of a hundred such series made thousands).
  private func appendMonthlyByWeekday(
    from begin: CivilDate, through end: CivilDate, limit: Int, budget: inout Int, base: Int,
    to result: inout [CivilDate]
  ) {
    var period = firstPeriod(onOrAfter: begin)
    let startMonth = start.yearMonth
    while result.count - base < limit, budget > 0, let month = startMonth.adding(months: period) {
      let (firstDay, lastDay) = (month.firstDay, month.lastDay)
      guard firstDay <= end else { return }
      budget -= 1
      period += interval
      guard rule.byMonth.isEmpty || rule.byMonth.contains(month.month) else { continue }
      // The month's candidates go after what `result` holds, are sorted there, then kept or dropped.
      let mark = result.count
      let (first, last) = (firstDay.daysSince1970, lastDay.daysSince1970)
      for occurrence in rule.byDay {
        let firstMatch = first + occurrence.weekday.days(since: firstDay.weekday)
        let count = (last - firstMatch) / 7 + 1
        guard let ordinal = occurrence.ordinal else {
          for index in 0..<count { result.append(CivilDate(daysSince1970: firstMatch + 7 * index)!) }
          continue
        }
        let index = ordinal > 0 ? ordinal - 1 : count + ordinal
        if (0..<count).contains(index) { result.append(CivilDate(daysSince1970: firstMatch + 7 * index)!) }
      }
      if result.count - mark > 1 { result[mark...].sort() }
      var kept = mark
      var previous: CivilDate?
      for position in mark..<result.count {
        let date = result[position]
        defer { previous = date }
        guard date != previous, date > start && date >= begin && date <= end && kept - base < limit else { continue }
        result[kept] = date
        kept += 1
      }
      result.removeSubrange(kept...)
    }
  }

  /// For a WEEKLY rule with no BYMONTH or BYSETPOS, its days' offsets from the start of each week, a bit
  /// each (bit 0 for the week's first day): in order and each once, without a set to sort or an array.
  private var weeklyOffsets: UInt8? {
    guard rule.frequency == .weekly, rule.byMonth.isEmpty, rule.bySetPosition.isEmpty, rule.byMonthDay.isEmpty
    else { return nil }
    guard !rule.byDay.isEmpty else { return 1 << UInt8(start.weekday.days(since: rule.weekStart)) }
    var offsets: UInt8 = 0
    for day in rule.byDay { offsets |= 1 << UInt8(day.weekday.days(since: rule.weekStart)) }
    return offsets
  }

  /// For a MONTHLY or YEARLY rule with no BY parts (every month or year on the start's day of the month),
  /// the months from one period to the next: 1 or 12.
  private var plainMonthStep: Int? {
    guard rule.byDay.isEmpty, rule.byMonth.isEmpty, rule.byMonthDay.isEmpty, rule.bySetPosition.isEmpty,
      !rule.hasNumberedDays
    else {
      return nil
    }
    switch rule.frequency {
    case .monthly: return 1
    case .yearly: return 12
    case .daily, .weekly: return nil
    }
  }

  /// A DAILY rule with no BY parts: every nth day.
  private var isPlainDaily: Bool {
    rule.frequency == .daily && rule.byDay.isEmpty && rule.byMonth.isEmpty && rule.byMonthDay.isEmpty
      && rule.bySetPosition.isEmpty
  }

  /// Whether the rule itself produces the first day (RFC 5545 asks DTSTART to be in step with the rule).
  public var startFollowsRule: Bool {
    candidates(inPeriod: 0)?.contains(start) ?? false
  }

  /// The day of the last occurrence: from COUNT or UNTIL; `nil` when the series never ends (within the
  /// years `cal` knows).
  public func lastDay() -> CivilDate? {
    // A COUNT below 1 (never valid) counts as 1.
    guard let count = rule.count.map({ max($0, 1) }) else {
      guard let until = rule.until else { return nil }
      // Walk back from UNTIL's period to the last occurrence, rather than listing the whole series.
      var period = firstPeriod(onOrAfter: until)
      while period >= 0 {
        if let last = candidates(inPeriod: period)?.last(where: { $0 > start && $0 <= until }) { return last }
        period -= interval
      }
      return start
    }
    if count == 1 && startFollowsRule { return start }
    // A plain daily rule needs no counting.
    if isPlainDaily {
      let (days, overflow) = (count - 1).multipliedReportingOverflow(by: interval)
      return overflow ? nil : start.adding(days: days)
    }
    // A start out of step with the rule is an occurrence, but COUNT counts what the rule makes (as
    // python-dateutil and recurring-ical-events count).
    var seen = startFollowsRule ? 1 : 0
    var last = start
    var period = 0
    while let dates = candidates(inPeriod: period) {
      for date in dates where date > start {
        seen += 1
        last = date
        if seen == count { return last }
      }
      period += interval
    }
    return nil  // the series runs past December 9999
  }

  // MARK: Periods

  /// The index, counted from the start's period, of the first period in step with the interval that can
  /// hold `date`.
  private func firstPeriod(onOrAfter date: CivilDate) -> Int {
    let index: Int
    switch rule.frequency {
    case .daily: index = date.daysSince1970 - start.daysSince1970
    case .weekly: index = (weekStartDay(of: date) - weekStartDay(of: start)) / 7
    case .monthly: index = (date.year - start.year) * 12 + date.month - start.month
    case .yearly: index = date.year - start.year
    }
    let steps = max(0, index) / interval
    return steps * interval
  }

  private func weekStartDay(of date: CivilDate) -> Int {
    date.daysSince1970 - date.weekday.days(since: rule.weekStart)
  }

  /// The first day of period `index`; `nil` past December 9999.
  private func periodStart(_ index: Int) -> CivilDate? {
    switch rule.frequency {
    case .daily: return start.adding(days: index)
    case .weekly: return CivilDate(daysSince1970: weekStartDay(of: start) + 7 * index)
    case .monthly: return start.yearMonth.adding(months: index)?.firstDay
    case .yearly: return (try? YearMonth(year: start.year + index, month: 1))?.firstDay
    }
  }

  /// The rule's dates in period `index`, sorted, BYSETPOS applied; `nil` once the period is past 9999.
  func candidates(inPeriod index: Int) -> [CivilDate]? {
    guard let periodFirst = periodStart(index) else { return nil }
    var dates: [CivilDate]
    switch rule.frequency {
    case .daily:
      dates = matchesFilters(periodFirst, checkDay: true) ? [periodFirst] : []
    case .weekly:
      let weekdays = rule.byDay.isEmpty ? [start.weekday] : rule.byDay.map(\.weekday)
      let firstWeekday = periodFirst.weekday
      dates = weekdays.compactMap { periodFirst.adding(days: $0.days(since: firstWeekday)) }
        .filter { rule.byMonth.isEmpty || rule.byMonth.contains($0.month) }
    case .monthly:
      let month = periodFirst.yearMonth
      dates = rule.byMonth.isEmpty || rule.byMonth.contains(month.month) ? daysOfMonth(month) : []
    case .yearly:
      dates = daysOfYear(periodFirst.year)
    }
    dates = Self.sortedUnique(dates)
    if !rule.bySetPosition.isEmpty {
      let count = dates.count
      dates = Self.sortedUnique(
        rule.bySetPosition.compactMap { position in
          let index = position > 0 ? position - 1 : count + position
          return dates.indices.contains(index) ? dates[index] : nil
        })
    }
    return dates
  }

  /// `dates` in order, each once; most periods hold one date or a few, already in order.
  private static func sortedUnique(_ dates: [CivilDate]) -> [CivilDate] {
    guard dates.count > 1 else { return dates }
    var result: [CivilDate] = []
    result.reserveCapacity(dates.count)
    for date in dates.sorted() where result.last != date { result.append(date) }
    return result
  }

  func matchesFilters(_ date: CivilDate, checkDay: Bool) -> Bool {
    if !rule.byMonth.isEmpty && !rule.byMonth.contains(date.month) { return false }
    if !rule.byMonthDay.isEmpty && !rule.byMonthDay.contains(where: { monthDay($0, of: date.yearMonth) == date.day }) {
      return false
    }
    if checkDay && !rule.byDay.isEmpty && !rule.byDay.contains(where: { $0.weekday == date.weekday }) { return false }
    return true
  }

  /// BYMONTHDAY's day in `month`: negative counts from the end; `nil` when the month is too short.
  private func monthDay(_ value: Int, of month: YearMonth) -> Int? {
    guard (-31...31).contains(value) else { return nil }
    let day = value > 0 ? value : month.numberOfDays + 1 + value
    return (1...month.numberOfDays).contains(day) ? day : nil
  }

  /// The days of `month` the rule makes; an nth weekday (`2FR`) beside BYMONTHDAY counts within `ordinalSpan`
  /// (the month's days unless given: a yearly rule without BYMONTH counts within the year).
  private func daysOfMonth(_ month: YearMonth, ordinalSpan: (first: CivilDate, last: CivilDate)? = nil) -> [CivilDate] {
    if !rule.byMonthDay.isEmpty {
      let days = rule.byMonthDay.compactMap { monthDay($0, of: month) }.map(month.day)
      // With BYMONTHDAY, BYDAY only narrows: to its weekdays, and an nth weekday to that one day.
      guard !rule.byDay.isEmpty else { return days }
      guard rule.byDay.contains(where: { $0.ordinal != nil }) else {
        return days.filter { date in rule.byDay.contains { $0.weekday == date.weekday } }
      }
      let span = ordinalSpan ?? (month.firstDay, month.lastDay)
      let allowed = Set(rule.byDay.flatMap { weekdays($0, in: span.first, through: span.last) })
      return days.filter(allowed.contains)
    }
    if !rule.byDay.isEmpty {
      return rule.byDay.flatMap { weekdays($0, in: month.firstDay, through: month.lastDay) }
    }
    return start.day <= month.numberOfDays ? [month.day(start.day)] : []
  }

  private func daysOfYear(_ year: Int) -> [CivilDate] {
    if rule.hasNumberedDays { return numberedDaysOfYear(year) }
    guard let january = try? YearMonth(year: year, month: 1) else { return [] }
    let wholeYear = CivilDate.days(ofYear: year)
    let months =
      rule.byMonth.isEmpty
      ? (rule.byMonthDay.isEmpty && rule.byDay.isEmpty ? [start.month] : Array(1...12)) : rule.byMonth
    if !rule.byMonthDay.isEmpty || rule.byDay.isEmpty || !rule.byMonth.isEmpty {
      return months.flatMap { month -> [CivilDate] in
        guard (1...12).contains(month), let yearMonth = january.adding(months: month - 1) else { return [] }
        if rule.byMonthDay.isEmpty && rule.byDay.isEmpty {
          return start.day <= yearMonth.numberOfDays ? [yearMonth.day(start.day)] : []
        }
        return daysOfMonth(yearMonth, ordinalSpan: rule.byMonth.isEmpty ? wholeYear : nil)
      }
    }
    // BYDAY alone in a yearly rule counts its ordinals within the whole year.
    return rule.byDay.flatMap { weekdays($0, in: wholeYear.first, through: wholeYear.last) }
  }

  /// The days from `first` through `last` that are `occurrence`'s weekday: all of them, or the nth
  /// (from the end when negative).
  private func weekdays(_ occurrence: RecurrenceRule.WeekdayOccurrence, in first: CivilDate, through last: CivilDate)
    -> [CivilDate]
  {
    let offset = occurrence.weekday.days(since: first.weekday)
    let firstDay = first.daysSince1970 + offset
    let all = stride(from: firstDay, through: last.daysSince1970, by: 7).compactMap(CivilDate.init(daysSince1970:))
    guard let ordinal = occurrence.ordinal else { return all }
    let index = ordinal > 0 ? ordinal - 1 : all.count + ordinal
    return all.indices.contains(index) ? [all[index]] : []
  }
}

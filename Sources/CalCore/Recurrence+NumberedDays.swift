/// BYYEARDAY and BYWEEKNO, which RFC 5545 allows with FREQ=YEARLY alone: the parser refuses them with other
/// frequencies, and a rule built from parts that has them with another is expanded without them.
extension Recurrence {
  /// The days of `year` a YEARLY rule with BYYEARDAY or BYWEEKNO makes, in order: each day of the year that
  /// passes every BY part, as python-dateutil reads RFC 5545's table (BYYEARDAY and BYWEEKNO pick days,
  /// BYMONTH, BYMONTHDAY and BYDAY keep some of them; an nth weekday is counted in its month when BYMONTH is
  /// given, else in the year). A week is numbered in the year that holds four of its days (ISO 8601, with
  /// weeks starting on WKST), so a week 1 may start in December and the last week end in January: those days
  /// are this calendar year's, as RFC 5545 makes the year the period.
  func numberedDaysOfYear(_ year: Int) -> [CivilDate] {
    guard let january = try? YearMonth(year: year, month: 1) else { return [] }
    let first = january.firstDay.daysSince1970
    let length = Self.length(ofYear: year)
    // The first days of week 1 of the year before, this year, the next and the one after: each holds 4 January.
    let fourth = first + 3
    let weekOnes = (
      weekStart(fourth - Self.length(ofYear: year - 1)), weekStart(fourth), weekStart(fourth + length),
      weekStart(fourth + length + Self.length(ofYear: year + 1))
    )
    let (yearDays, weekNumbers) = (rule.byYearDay, rule.byWeekNumber)
    var days: [CivilDate] = []
    for index in 0..<length {
      if !yearDays.isEmpty && !yearDays.contains(index + 1) && !yearDays.contains(index - length) { continue }
      let day = first + index
      if !weekNumbers.isEmpty {
        // The week's number, and how many weeks its year has.
        let (number, weeks) =
          day < weekOnes.1
          ? ((weekOnes.1 - weekOnes.0) / 7, (weekOnes.1 - weekOnes.0) / 7)
          : day >= weekOnes.2
            ? (1, (weekOnes.3 - weekOnes.2) / 7) : ((day - weekOnes.1) / 7 + 1, (weekOnes.2 - weekOnes.1) / 7)
        guard weekNumbers.contains(number) || weekNumbers.contains(number - weeks - 1) else { continue }
      }
      guard let date = CivilDate(daysSince1970: day), matchesFilters(date, checkDay: false) else { continue }
      if !rule.byDay.isEmpty {
        // The nth weekday of the month with BYMONTH, else of the year; from the end when negative.
        let (position, span) = rule.byMonth.isEmpty ? (index, length) : (date.day - 1, date.yearMonth.numberOfDays)
        let (nth, nthFromEnd) = (position / 7 + 1, -((span - 1 - position) / 7 + 1))
        let weekday = date.weekday
        guard
          rule.byDay.contains(where: {
            $0.weekday == weekday && ($0.ordinal == nil || $0.ordinal == nth || $0.ordinal == nthFromEnd)
          })
        else { continue }
      }
      days.append(date)
    }
    return days
  }

  /// The first day of the week, starting on WKST, that holds day number `day` (days since 1970, any year).
  private func weekStart(_ day: Int) -> Int {
    // 1970-01-01 was a Thursday.
    day - Weekday.thursday.advanced(by: day).days(since: rule.weekStart)
  }

  private static func length(ofYear year: Int) -> Int { Gregorian.isLeapYear(year) ? 366 : 365 }
}

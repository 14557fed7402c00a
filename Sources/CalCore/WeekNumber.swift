/// Week numbers for a calendar's rows.
///
/// With weeks starting on Monday they are ISO 8601 weeks: week 1 holds the year's first Thursday. With any
/// other first day, week 1 is the week that holds 1 January (the United States' convention, as printed by
/// Sunday-first calendars), and weeks start on that first day.
public enum WeekNumber {
  /// The number of the week, starting on `firstWeekday`, that holds `day`.
  public static func ofWeek(containing day: CivilDate, firstWeekday: Weekday) -> Int {
    if firstWeekday == .monday { return ofWeek(byFourDaysContaining: day, firstWeekday: .monday) }
    let column = day.weekday.days(since: firstWeekday)
    // A week that holds 1 January is week 1 of that year, even when it starts in December.
    let lastDay = day.adding(days: 6 - column) ?? day
    let january1 = CivilDate(validYear: lastDay.year, month: 1, day: 1)
    let offset = january1.weekday.days(since: firstWeekday)
    return (dayOfYear(lastDay) - 1 + offset) / 7 + 1
  }

  /// The number of the week, starting on `firstWeekday`, that holds `day`, by ISO 8601's rule for any first
  /// day: a week belongs to the year that has four of its days (the year of its fourth day), and week 1 is
  /// the first such week. With Monday first these are ISO weeks; with Sunday first they are the weeks
  /// Debian's `ncal -w` numbers.
  public static func ofWeek(byFourDaysContaining day: CivilDate, firstWeekday: Weekday) -> Int {
    let middle = day.adding(days: 3 - day.weekday.days(since: firstWeekday)) ?? day
    return (dayOfYear(middle) - 1) / 7 + 1
  }

  private static func dayOfYear(_ date: CivilDate) -> Int {
    date.daysSince1970 - CivilDate(validYear: date.year, month: 1, day: 1).daysSince1970 + 1
  }
}

/// Where a day or a month written without a year falls.
///
/// Near today, it is the one from three months before this month to eight months after it: `jan` in
/// December is the January to come, `march` in May this year's, `5-6` on 12 May the one six days ago (a
/// lookup, `rm 3 --on 5-6`, finds what just happened, not next year's), and `dec` in January the one just
/// past. khal takes always the coming one, which sends a day just past a year ahead. After a start (a
/// range's last end, an event's last day), it is the coming one from that day: `dec 20..jan 5` runs into
/// January.
struct YearlessDates {
  /// Today.
  let today: CivilDate
  /// The day a range or an event starts on, when the date ends it.
  let start: CivilDate?

  /// How many months before this one a month without a year may be and still be this year's.
  static let monthsBack = 3

  /// The year of month `month` (of day `day` in it, when given).
  func year(month: Int, day: Int?) -> Int {
    if let start { return DayExpression.comingYear(month: month, day: day, from: start) }
    let ahead = month - today.month
    let year = ahead < -Self.monthsBack ? today.year + 1 : ahead > 11 - Self.monthsBack ? today.year - 1 : today.year
    // At the calendar's ends, the year written nowhere stays one the calendar has.
    return (Gregorian.firstYear...Gregorian.lastYear).contains(year) ? year : today.year
  }
}

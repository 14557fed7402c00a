/// A day of the week, numbered as C's `tm_wday` numbers them: Sunday is 0.
public enum Weekday: Int, CaseIterable, Sendable {
  case sunday = 0, monday, tuesday, wednesday, thursday, friday, saturday

  /// The day `count` days later, wrapping around the week.
  public func advanced(by count: Int) -> Weekday {
    Weekday(rawValue: (rawValue + count.floorDividedWithRemainder(by: 7).remainder) % 7)!
  }

  /// The seven days of a week that starts on `first`.
  public static func week(startingOn first: Weekday) -> [Weekday] {
    (0..<7).map { first.advanced(by: $0) }
  }

  /// How many days after the last `first` this day comes, 0...6: the column of this day in a week that
  /// starts on `first` (`Weekday.monday.days(since: .sunday) == 1`, `Weekday.sunday.days(since: .monday) == 6`).
  public func days(since first: Weekday) -> Int {
    (rawValue - first.rawValue + 7) % 7
  }
}

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

}

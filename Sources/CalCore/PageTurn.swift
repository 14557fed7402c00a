/// One turn of the page: the month it left, the month it reached and the corner it was turned from.
public struct PageTurn: Equatable, Sendable {
  /// The month on view before the turn.
  public let from: YearMonth
  /// The month on view after it: always the adjacent month, never one further.
  public let to: YearMonth
  /// The corner the page was turned from.
  public let direction: CurlDirection

  /// Turns the page showing `month` from the corner `direction`.
  ///
  /// - Throws: `DateError.pageBeyondCalendar` past December 9999 or before January 1; nothing is turned.
  public init(from month: YearMonth, direction: CurlDirection) throws(DateError) {
    guard let target = month.adding(months: direction.monthStep) else {
      throw .pageBeyondCalendar(from: month, forward: direction.monthStep > 0)
    }
    self.from = month
    self.to = target
    self.direction = direction
  }
}

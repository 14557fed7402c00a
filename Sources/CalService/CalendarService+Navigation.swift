public import CalCore
import CalStorage

/// Page-flip navigation: each move is one write transaction (read the month on view, work out the next,
/// save it, append the transition), so concurrent flips queue up and the history stays one unbroken chain.
extension CalendarService {
  /// The month on view; the current month when the calendar has never been moved.
  public func viewedMonth() throws -> YearMonth {
    try perform { try store.viewedMonth.month() } ?? environment.today.yearMonth
  }

  /// Turns the page from `direction`'s corner.
  ///
  /// - Throws: `ServiceError.invalidRequest` past December 9999 or before January 1, with nothing written.
  public func flip(_ direction: CurlDirection) throws -> TransitionRecord {
    try write(recording: "flip") {
      let turn: PageTurn
      do {
        turn = try PageTurn(from: try viewedMonth(), direction: direction)
      } catch {
        throw ServiceError(.invalidRequest, "cannot flip \(direction.rawValue): \(error)")
      }
      return (
        try record(direction: direction, from: turn.from, to: turn.to),
        "flipped \(direction.rawValue) from \(turn.from.englishName) to \(turn.to.englishName)"
      )
    }
  }

  /// Jumps straight to `month`, recorded in the history as a jump.
  public func jump(to month: YearMonth) throws -> TransitionRecord {
    try write(recording: "goto") {
      let from = try viewedMonth()
      return (
        try record(direction: nil, from: from, to: month), "jumped from \(from.englishName) to \(month.englishName)"
      )
    }
  }

  /// The page turns and jumps, newest first; all of them when `limit` is `nil`.
  public func history(limit: Int? = nil) throws -> [TransitionRecord] {
    try perform { try store.transitions.newestFirst(limit: limit) }
  }

  private func record(direction: CurlDirection?, from: YearMonth, to: YearMonth) throws -> TransitionRecord {
    try store.viewedMonth.setMonth(to)
    return try store.transitions.append(at: environment.now(), direction: direction, from: from, to: to)
  }
}

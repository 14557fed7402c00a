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
    try flip(direction) { _ in () }.0
  }

  /// Turns the page and, before the turn is committed, reads what the new page needs (`prepare` gets the
  /// turn and runs in the same transaction): a page that cannot be read undoes the turn instead of
  /// leaving it made by a command that failed.
  public func flip<Page>(_ direction: CurlDirection, prepare: (TransitionRecord) throws -> Page) throws
    -> (TransitionRecord, Page)
  {
    try write(recording: "flip") {
      // Only the turn's own refusal (past the calendar's ends) is the request's fault: a month on view that
      // cannot be read is the file's, and fails as storage does.
      let from = try viewedMonth()
      let turn: PageTurn
      do {
        turn = try PageTurn(from: from, direction: direction)
      } catch {
        throw ServiceError(.invalidRequest, "cannot flip \(direction.rawValue): \(error)")
      }
      let transition = try record(direction: direction, from: turn.from, to: turn.to)
      return (
        (transition, try prepare(transition)),
        "flipped \(direction.rawValue) from \(turn.from.englishName) to \(turn.to.englishName)"
      )
    }
  }

  /// Jumps straight to `month`, recorded in the history as a jump.
  public func jump(to month: YearMonth) throws -> TransitionRecord {
    try jump(to: month) { _ in () }.0
  }

  /// Jumps and, before the jump is committed, reads what the new page needs, as `flip(_:prepare:)` does.
  public func jump<Page>(to month: YearMonth, prepare: (TransitionRecord) throws -> Page) throws
    -> (TransitionRecord, Page)
  {
    try write(recording: "goto") {
      let from = try viewedMonth()
      let transition = try record(direction: nil, from: from, to: month)
      return ((transition, try prepare(transition)), "jumped from \(from.englishName) to \(month.englishName)")
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

import CalCore
import CalStorage

/// Moves the calendar between months. Each move is one write transaction: read the month on view,
/// compute the next, save it, append the transition, so concurrent flips queue up and the history stays
/// one unbroken chain.
struct Navigator {
  let store: CalendarStore
  let context: CommandContext

  /// The month on view; the current month when the calendar has never been moved.
  func viewedMonth() throws -> YearMonth {
    guard let stored = try store.viewedMonth.month() else { return context.today.yearMonth }
    do {
      return try YearMonth(parsing: stored)
    } catch {
      throw CalError("the calendar file holds an invalid viewed month '\(stored)': \(error)")
    }
  }

  /// Turns the page from `direction`'s corner.
  ///
  /// - Throws: `UsageError` past December 9999 or before January 1, with nothing written.
  func flip(_ direction: CurlDirection) throws -> TransitionRecord {
    try store.write {
      let turn: PageTurn
      do {
        turn = try PageTurn(from: try viewedMonth(), direction: direction)
      } catch let error as DateError {
        throw UsageError("cannot flip \(direction.rawValue): \(error)")
      }
      return try record(
        kind: .flip, direction: direction.rawValue, curl: direction.curl.rawValue, from: turn.from, to: turn.to)
    }
  }

  /// Jumps straight to `month`, recorded in the history as a jump.
  func jump(to month: YearMonth) throws -> TransitionRecord {
    try store.write {
      try record(kind: .goto, direction: nil, curl: nil, from: try viewedMonth(), to: month)
    }
  }

  private func record(
    kind: TransitionRecord.Kind, direction: String?, curl: String?, from: YearMonth, to: YearMonth
  ) throws -> TransitionRecord {
    try store.viewedMonth.setMonth(to.description)
    return try store.transitions.append(
      at: context.nowMilliseconds, kind: kind, direction: direction, curl: curl,
      from: from.description, to: to.description)
  }
}

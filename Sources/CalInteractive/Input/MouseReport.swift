/// One mouse report in SGR form (mode 1006): what happened, where, with which button.
struct MouseReport: Equatable, Sendable {
  /// What the mouse did.
  enum Action: Equatable, Sendable {
    case press, drag, release, motion, wheelUp, wheelDown
  }

  /// What the mouse did.
  let action: Action
  /// The button: 0 left, 1 middle, 2 right (for the wheel, 0).
  let button: Int
  /// The cell, counted from 0 at the top left.
  let row: Int
  /// The cell's column, counted from 0.
  let column: Int
}

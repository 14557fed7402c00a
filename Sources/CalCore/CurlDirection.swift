/// The corner a page is turned from, and everything that follows from it.
///
/// | direction    | goes to        | curl   | from edge | mirrored |
/// |--------------|----------------|--------|-----------|----------|
/// | `up-left`    | next month     | curl   | bottom    | no       |
/// | `up-right`   | next month     | curl   | bottom    | yes      |
/// | `down-right` | previous month | uncurl | top       | no       |
/// | `down-left`  | previous month | uncurl | top       | yes      |
public enum CurlDirection: String, CaseIterable, Sendable {
  case upLeft = "up-left"
  case upRight = "up-right"
  case downRight = "down-right"
  case downLeft = "down-left"

  /// Whether the page lifts away (forward) or comes back down (backward).
  public enum Curl: String, Sendable {
    /// The page lifts and curls away, showing the next month.
    case curl
    /// The previous page comes down and flattens over the current one.
    case uncurl
  }

  /// The edge of the page the turn starts from.
  public enum Edge: String, Sendable {
    case top, bottom
  }

  /// The direction a swipe by `(dx, dy)` in screen coordinates (y grows downward) turns the page:
  /// up when `dy < 0` (right when `dx > 0`, else left); down otherwise (left when `dx < 0`, else right).
  public init(swipeDX dx: Double, dy: Double) {
    if dy < 0 {
      self = dx > 0 ? .upRight : .upLeft
    } else {
      self = dx < 0 ? .downLeft : .downRight
    }
  }

  /// +1 for the next month, -1 for the previous one.
  public var monthStep: Int {
    switch self {
    case .upLeft, .upRight: return 1
    case .downRight, .downLeft: return -1
    }
  }

  /// Curl for a forward turn, uncurl for a backward one.
  public var curl: Curl { monthStep > 0 ? .curl : .uncurl }

  /// Bottom for a forward turn, top for a backward one.
  public var edge: Edge { monthStep > 0 ? .bottom : .top }

  /// Whether this is a plain turn reflected left-to-right.
  public var isMirrored: Bool { self == .upRight || self == .downLeft }

  /// The same turn reflected left-to-right.
  public var mirrored: CurlDirection {
    switch self {
    case .upLeft: return .upRight
    case .upRight: return .upLeft
    case .downRight: return .downLeft
    case .downLeft: return .downRight
    }
  }

  /// `↖`, `↗`, `↘` or `↙`: the way the turned corner travels.
  public var arrow: String {
    switch self {
    case .upLeft: return "↖"
    case .upRight: return "↗"
    case .downRight: return "↘"
    case .downLeft: return "↙"
    }
  }
}

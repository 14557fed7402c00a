import CalCore

/// How a transition is printed: a history line, a flip's description, or a JSON object
/// `{"id", "at", "kind", "direction", "curl", "mirrored", "from", "to"}`.
enum TransitionPresenter {
  static func json(_ transition: TransitionRecord, context: CommandContext) -> JSONValue {
    let direction = transition.direction
    return .object([
      ("id", .integer(transition.id)),
      ("at", .string(context.localTimestamp(transition.at))),
      ("kind", .string(transition.kind.rawValue)),
      ("direction", .optional(direction?.rawValue)),
      ("curl", .optional(direction?.curl.rawValue)),
      ("mirrored", direction.map { .bool($0.isMirrored) } ?? .null),
      ("from", .string(transition.from.description)),
      ("to", .string(transition.to.description)),
    ])
  }

  /// `↖ up-left: curl from the bottom edge, not mirrored`
  static func describe(_ direction: CurlDirection) -> String {
    "\(direction.arrow) \(direction.rawValue): \(direction.curl.rawValue) from the \(direction.edge.rawValue) edge, "
      + (direction.isMirrored ? "mirrored" : "not mirrored")
  }

  /// `May 2024 → June 2024`, in the locale's month names.
  static func movement(from: YearMonth, to: YearMonth, locale: CalendarLocale) -> String {
    "\(locale.title(of: from)) → \(locale.title(of: to))"
  }

  /// `  7  2026-11-29T13:45:12+01:00  flip  ↖ up-left     curl    2024-05 → 2024-06`
  static func historyLine(_ transition: TransitionRecord, context: CommandContext, idWidth: Int) -> String {
    let id = String(transition.id)
    let direction = transition.direction
    let turn = direction.map { "\($0.arrow) \($0.rawValue)" } ?? ""
    return String(repeating: " ", count: max(0, idWidth - id.count)) + id + "  "
      + context.localTimestamp(transition.at) + "  "
      + DisplayWidth.padded(transition.kind.rawValue, to: 4) + "  "
      + DisplayWidth.padded(turn, to: 12) + "  "
      + DisplayWidth.padded(direction?.curl.rawValue ?? "", to: 6) + "  "
      + "\(transition.from) → \(transition.to)"
  }
}

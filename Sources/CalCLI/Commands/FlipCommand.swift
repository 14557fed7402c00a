import CalCore
import CalService

/// `cal flip DIRECTION` or `cal flip --swipe DX,DY`
struct FlipCommand: Command {
  static let spec = CommandSpec(
    name: "flip", abstract: "Turn the page from a corner.",
    discussion: """
      up-left and up-right curl the page away from the bottom edge to the next month; down-right and \
      down-left bring the previous month's page down from the top edge. up-right and down-left are \
      up-left and down-right mirrored. A swipe (dx, dy) in screen coordinates, y growing downward, turns \
      up when dy < 0 (up-right when dx > 0, else up-left) and down otherwise (down-left when dx < 0, \
      else down-right).
      """,
    arguments: [
      ArgumentSpec("direction", help: "up-left, up-right, down-right or down-left.", isOptional: true)
    ],
    options: [swipe, JSONOption.option, noAnimation] + PageOptions.all + [StoreOptions.option])

  static let swipe = OptionSpec("swipe", value: "dx,dy", help: "A swipe vector instead of a direction, such as -5,-5.")
  static let noAnimation = OptionSpec(
    "no-animation", help: "Do not animate the turn (nor does CAL_ANIMATION=off, nor piped output).")

  let direction: CurlDirection
  let json: Bool
  let animates: Bool
  let page: PageOptions
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    let named = arguments.positional(0)
    let swipe = arguments.value(Self.swipe)
    switch (named, swipe) {
    case (let name?, nil):
      direction = try Self.direction(named: name)
    case (nil, let vector?):
      direction = try Self.direction(swiping: vector)
    case (nil, nil):
      throw UsageError("Missing expected argument '<direction>' (or --swipe <dx,dy>)")
    case (_?, _?):
      throw UsageError("give a direction or --swipe, not both")
    }
    json = arguments.flag(JSONOption.option)
    animates = !arguments.flag(Self.noAnimation)
    page = try PageOptions(arguments)
    store = try StoreOptions(arguments)
  }

  static func direction(named name: String) throws(UsageError) -> CurlDirection {
    if let direction = CurlDirection(rawValue: name.lowercased()) { return direction }
    let names = CurlDirection.allCases.map(\.rawValue)
    let suggestion = EditDistance.closest(to: name.lowercased(), among: names).map { " (did you mean '\($0)'?)" } ?? ""
    throw UsageError(
      "unknown direction '\(name)'\(suggestion): use \(names.dropLast().concatenated(separator: ", ")) or \(names.last!)"
    )
  }

  /// `DX,DY`: two finite decimal numbers, either of them negative.
  static func direction(swiping vector: String) throws(UsageError) -> CurlDirection {
    let parts = vector.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingWhitespace() }
    guard parts.count == 2, let dx = decimal(parts[0]), let dy = decimal(parts[1]) else {
      throw UsageError("malformed swipe '\(vector)': expected two numbers DX,DY such as -5,-5 or 3.5,0")
    }
    return CurlDirection(swipeDX: dx, dy: dy)
  }

  private static func decimal(_ text: Substring) -> Double? {
    // Only plain decimals: Double's own parser would also take "nan", "inf" and hexadecimal.
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.".contains($0)) }),
      let value = Double(text), value.isFinite
    else { return nil }
    return value
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context, for: .write)
    if json {
      context.print(TransitionPresenter.json(try calendar.flip(direction), context: context).serialized)
      return
    }
    let style = page.style(context)
    // The new page is read before the turn is committed: a page that cannot be read leaves no turn behind.
    let (transition, newPage) = try calendar.flip(direction) { turn in
      try PageRenderer.render([turn.to], calendar: calendar, context: context, style: style)
    }
    // The turn is committed before it is drawn: an interrupted animation leaves it done, not half done.
    // A dumb terminal cannot move the cursor back up: each frame would follow the last, escapes shown as text.
    if animates && context.outputIsTerminal && context.environment["CAL_ANIMATION"] != "off"
      && context.environment["TERM"] != "dumb"
    {
      var plain = style
      plain.highlights = false
      let sheet = { (month: YearMonth) in
        MonthSheet(months: [month], today: context.today, markedDays: [], style: plain).lines()
      }
      let animation = CurlAnimation(
        oldPage: sheet(transition.from), newPage: sheet(transition.to), direction: direction)
      // Only a page that fits is turned in place; a taller one would scroll and leave frames behind.
      if let size = context.terminalSize, animation.height < size.rows, animation.width <= size.columns {
        Animator.play(animation) { frame in
          context.write(frame)
          context.output.flush()
        }
        // The page has turned: what happened is said over the last frame, then the page itself.
        context.write("\u{1B}[J")
      }
    }
    context.print(TransitionPresenter.describe(direction))
    context.print(TransitionPresenter.movement(from: transition.from, to: transition.to, locale: context.locale) + "\n")
    context.write(newPage)
    ViewedMonthNotice.write(transition.to, context: context)
  }
}

extension Substring {
  /// The text without spaces at either end.
  func trimmingWhitespace() -> Substring {
    guard let start = firstIndex(where: { !$0.isWhitespace }), let end = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return self[start...end]
  }
}

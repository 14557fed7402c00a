/// The frames of a page turn as text: a pure function of the two pages, the direction and the progress,
/// so that tests can look at any frame.
public struct CurlAnimation {
  /// Drawn where the back of the lifted page shows.
  public static let back = "░"

  /// The page before the turn, one string per line, without escape sequences.
  public let oldPage: [String]
  /// The page after the turn.
  public let newPage: [String]
  /// The turn.
  public let direction: CurlDirection

  /// The animation from `oldPage` to `newPage`.
  public init(oldPage: [String], newPage: [String], direction: CurlDirection) {
    self.oldPage = oldPage
    self.newPage = newPage
    self.direction = direction
  }

  /// The widest line of either page, in terminal columns.
  public var width: Int { (oldPage + newPage).map(DisplayWidth.of).max() ?? 0 }
  /// The taller page's number of lines.
  public var height: Int { max(oldPage.count, newPage.count) }

  /// The frame at `progress` from 0 (the old page) to 1 (the new page). Text is never mirrored: each cell
  /// shows the character that stands there on its page.
  public func frame(progress: Double) -> [String] {
    let width = self.width
    let curl = PageCurl(width: width, height: height, direction: direction)
    let rows = curl.compose(
      progress: progress, oldPage: Self.cells(oldPage, width: width, height: height),
      newPage: Self.cells(newPage, width: width, height: height), cellWidth: { $0.width }, back: (Self.back, 1),
      fold: (Self.crease(direction), 1), gap: (" ", 1))
    return rows.map { $0.map { $0.text }.concatenated() }
  }

  /// Drawn along the fold: a crease leaning the way the page is lifted.
  public static func crease(_ direction: CurlDirection) -> String {
    direction.isMirrored ? "╲" : "╱"
  }

  /// Each line cut into terminal cells: a wide character's second cell has width 0.
  private static func cells(_ lines: [String], width: Int, height: Int) -> [[(text: String, width: Int)]] {
    (0..<height).map { row in
      var cells: [(text: String, width: Int)] = []
      for character in row < lines.count ? lines[row] : "" {
        let text = String(character)
        switch DisplayWidth.of(text) {
        case 2: cells += [(text, 2), ("", 0)]
        case 0: if let last = cells.popLast() { cells.append((last.text + text, last.width)) }
        default: cells.append((text, 1))
        }
      }
      return cells + Array(repeating: (" ", 1), count: max(0, width - cells.count))
    }
  }
}

/// The shape of a page being turned, as a pure function of the direction and the progress, on a grid of
/// character cells.
///
/// A curl (up-left, up-right) lifts the page by the corner opposite the direction and carries that corner
/// toward the direction's corner: behind the fold the next page shows, and in front of it lies the flap, the
/// back of the lifted part, folded over the page. An uncurl (down-right, down-left) runs the curl of the
/// mirror-image direction backward: the other page comes down and flattens toward the direction's corner.
/// Mirrored directions are the plain ones reflected left to right, cell for cell.
public struct PageCurl: Sendable {
  /// What a cell of a frame shows.
  public enum Cell: Equatable, Sendable {
    /// The page being turned away from (the month before the turn).
    case oldPage
    /// The page being turned to.
    case newPage
    /// The back of the lifted page.
    case back
    /// The crease where the page folds.
    case fold
  }

  /// The width of the page in cells.
  public let width: Int
  /// The height of the page in cells.
  public let height: Int
  /// The turn.
  public let direction: CurlDirection

  /// Terminal cells are about twice as tall as wide; the geometry works in square units.
  static let cellAspect = 2.0

  /// A curl of a `width` × `height` page from `direction`'s corner; a negative size (a terminal that reports
  /// none) is no size.
  public init(width: Int, height: Int, direction: CurlDirection) {
    self.width = max(width, 0)
    self.height = max(height, 0)
    self.direction = direction
  }

  /// The frame at `progress` (0 to 1, clamped): rows of cells. Progress 0 is all old page, 1 all new page.
  public func frame(progress: Double) -> [[Cell]] {
    let progress = min(max(progress, 0), 1)
    // Every turn is drawn as an up-left curl (mirrored for the mirrored directions), run forward for a
    // curl and backward, with the pages' roles swapped, for an uncurl.
    let curlProgress = direction.curl == .curl ? progress : 1 - progress
    var rows = upLeftCurl(progress: curlProgress)
    if direction.curl == .uncurl {
      rows = rows.map { $0.map(Self.swappingPages) }
    }
    if direction == .upRight || direction == .downLeft {
      rows = rows.map { $0.reversed() }
    }
    return rows
  }

  /// How far along the lifting diagonal the fold lies, 0 (at the lifted corner) to 1 (at the target
  /// corner), in the up-left geometry; it grows with progress for a curl and shrinks for an uncurl.
  public func foldPosition(progress: Double) -> Double {
    let progress = min(max(progress, 0), 1)
    return direction.curl == .curl ? progress : 1 - progress
  }

  private static func swappingPages(_ cell: Cell) -> Cell {
    switch cell {
    case .oldPage: return .newPage
    case .newPage: return .oldPage
    case .back, .fold: return cell
    }
  }

  /// The bottom-right corner lifted and carried toward the top-left one, `progress` of the way.
  private func upLeftCurl(progress: Double) -> [[Cell]] {
    let pageWidth = Double(width)
    let pageHeight = Double(height) * Self.cellAspect
    // Unit vector from the lifted corner (bottom right) toward the target corner (top left).
    let length = (pageWidth * pageWidth + pageHeight * pageHeight).squareRoot()
    let (dx, dy) = (-pageWidth / length, -pageHeight / length)
    // The fold is the line across the page at this distance from the lifted corner.
    let fold = progress * length
    let crease = 0.6
    return (0..<height).map { row in
      (0..<width).map { column in
        let x = Double(column) + 0.5
        let y = (Double(row) + 0.5) * Self.cellAspect
        let distance = (x - pageWidth) * dx + (y - pageHeight) * dy
        if progress >= 1 { return .newPage }
        if progress <= 0 { return .oldPage }
        if abs(distance - fold) < crease { return .fold }
        if distance < fold { return .newPage }
        // The flap: this cell is covered when its reflection across the fold falls on the page.
        let reflected = 2 * (distance - fold)
        let mirrorX = x - reflected * dx
        let mirrorY = y - reflected * dy
        let onPage = mirrorX >= 0 && mirrorX <= pageWidth && mirrorY >= 0 && mirrorY <= pageHeight
        return onPage ? .back : .oldPage
      }
    }
  }
}

import CalCore

/// A page turn being played: the page as it was, and the curl between it and the page as it is now (drawn
/// afresh for every frame, so a key pressed during the turn shows at once), at the page's real size, driven
/// by the event loop's clock so that it never holds up the keyboard or the mouse.
struct TurnAnimation {
  /// How long a turn takes, as `cal flip` takes (half a second, here a little less: it is interactive).
  static let durationMilliseconds: Int64 = 450
  /// Time between frames: 40 a second.
  static let frameMilliseconds: Int64 = 25

  let direction: CurlDirection
  let oldPage: [[Cell]]
  /// When it started, on the monotonic clock.
  let start: Int64

  /// How far along it is at `now`, 0 to 1.
  func progress(at now: Int64) -> Double {
    min(1, max(0, Double(now - start) / Double(Self.durationMilliseconds)))
  }

  /// Milliseconds from `now` to the next frame: frames are due every `frameMilliseconds` from the start
  /// (so the time a frame takes to draw does not slow the next), and the last at the end.
  func frameWait(at now: Int64) -> Int64 {
    let elapsed = max(0, now - start)
    let next = min((elapsed / Self.frameMilliseconds + 1) * Self.frameMilliseconds, Self.durationMilliseconds)
    return max(0, next - elapsed)
  }

  /// Whether it has ended at `now`.
  func isFinished(at now: Int64) -> Bool {
    now - start >= Self.durationMilliseconds
  }

  /// The rows of the frame at `now`, over `newPage` (as many rows as the old page).
  func frame(at now: Int64, over newPage: [[Cell]], palette: Palette) -> [[Cell]] {
    let curl = PageCurl(width: oldPage.first?.count ?? 0, height: oldPage.count, direction: direction)
    return curl.compose(
      progress: progress(at: now), oldPage: oldPage, newPage: newPage, cellWidth: { $0.width },
      back: Cell(text: CurlAnimation.back, width: 1, style: palette.back),
      fold: Cell(text: CurlAnimation.crease(direction), width: 1, style: palette.fold), gap: .blank())
  }
}

import CalCLI
import CalCore
import Testing

@Suite("Page-curl frames")
struct CurlAnimationTests {
  let may = MonthSheet(
    months: [try! YearMonth(parsing: "2024-05")], today: try! CivilDate(parsing: "2000-01-01"), markedDays: [],
    style: .init(locale: .english)
  ).lines()
  let june = MonthSheet(
    months: [try! YearMonth(parsing: "2024-06")], today: try! CivilDate(parsing: "2000-01-01"), markedDays: [],
    style: .init(locale: .english)
  ).lines()

  @Test("the first frame is the old page and the last frame the new one, for every direction")
  func endpoints() {
    for direction in CurlDirection.allCases {
      let animation = CurlAnimation(oldPage: may, newPage: june, direction: direction)
      #expect(animation.frame(progress: 0) == may, "\(direction)")
      #expect(animation.frame(progress: 1) == june, "\(direction)")
    }
  }

  @Test("a curl uncovers the new page from the lifted corner: more of it at every step")
  func curlUncoversMonotonically() {
    for direction in [CurlDirection.upLeft, .upRight] {
      let curl = PageCurl(width: 22, height: 8, direction: direction)
      var previous = -1
      for step in 0...20 {
        let uncovered = curl.frame(progress: Double(step) / 20).joined().filter { $0 == .newPage }.count
        #expect(uncovered >= previous, "\(direction) step \(step)")
        previous = uncovered
      }
      #expect(previous == 22 * 8)
    }
  }

  @Test("up-left lifts the bottom-right corner first; up-right the bottom-left one")
  func liftedCorner() {
    let early = 0.15
    let upLeft = PageCurl(width: 22, height: 8, direction: .upLeft).frame(progress: early)
    #expect(upLeft[7][21] == .newPage)  // bottom right: uncovered first
    #expect(upLeft[0][0] == .oldPage)  // top left: the target corner, still flat
    let upRight = PageCurl(width: 22, height: 8, direction: .upRight).frame(progress: early)
    #expect(upRight[7][0] == .newPage)
    #expect(upRight[0][21] == .oldPage)
  }

  @Test("the curl edge moves monotonically toward the target corner")
  func foldMovesTowardTarget() {
    for direction in CurlDirection.allCases {
      let curl = PageCurl(width: 22, height: 8, direction: direction)
      let positions = (0...10).map { curl.foldPosition(progress: Double($0) / 10) }
      // In the up-left geometry a curl's fold runs from the lifted corner (0) to the target (1); an uncurl's
      // runs back, so the page flattens toward the direction's own corner.
      let sorted = direction.curl == .curl ? positions.sorted() : positions.sorted(by: >)
      #expect(positions == sorted, "\(direction)")
      // The fold cells themselves travel: their mean column moves the same way, frame by frame.
      let columns = (1...9).compactMap { step -> Double? in
        let cells = curl.frame(progress: Double(step) / 10).flatMap { row in
          row.enumerated().filter { $0.element == .fold }.map { Double($0.offset) }
        }
        return cells.isEmpty ? nil : cells.reduce(0, +) / Double(cells.count)
      }
      let towardLeft = direction == .upLeft || direction == .downLeft
      #expect(columns == (towardLeft ? columns.sorted(by: >) : columns.sorted()), "\(direction): \(columns)")
    }
  }

  @Test("an uncurl flattens from the opposite corner: down-right finishes at the bottom-right corner")
  func uncurlFlattens() {
    let late = PageCurl(width: 22, height: 8, direction: .downRight).frame(progress: 0.85)
    #expect(late[0][0] == .newPage)  // the opposite corner lies flat first
    #expect(late[7][21] != .newPage)  // the direction's corner is the last to come down
  }

  @Test("mirrored directions are mirror images in shape, and their text is never mirrored")
  func mirrorImages() {
    for (plain, mirrored) in [(CurlDirection.upLeft, CurlDirection.upRight), (.downRight, .downLeft)] {
      for step in 0...10 {
        let progress = Double(step) / 10
        let a = PageCurl(width: 22, height: 8, direction: plain).frame(progress: progress)
        let b = PageCurl(width: 22, height: 8, direction: mirrored).frame(progress: progress)
        #expect(a.map { Array($0.reversed()) } == b, "\(plain) at \(progress)")
      }
    }
    let middle = CurlAnimation(oldPage: may, newPage: june, direction: .upRight).frame(progress: 0.5)
    #expect(middle.contains { $0.contains("Su Mo") || $0.contains("May") || $0.contains("June") })
    #expect(!middle.contains { $0.contains("oM uS") })
  }

  @Test("the back of the page shows along the fold mid-turn")
  func backShows() {
    let middle = CurlAnimation(oldPage: may, newPage: june, direction: .upLeft).frame(progress: 0.5)
    #expect(middle.joined().contains(CurlAnimation.back))
    #expect(middle.joined().contains("╱"))
    #expect(middle.allSatisfy { $0.count == 22 })
  }

  @Test("compose keeps a wide character whole: where the fold splits it, a gap stands in its place")
  func composeWideCharacters() {
    // Cells as (text, width): every row of the old page is "日" pairs, the new page dots.
    let width = 8
    let old = Array(repeating: (0..<width).map { $0 % 2 == 0 ? ("日", 2) : ("", 0) }, count: 4)
    let new = Array(repeating: Array(repeating: (".", 1), count: width), count: 4)
    for step in 1..<10 {
      let frame = PageCurl(width: width, height: 4, direction: .upLeft).compose(
        progress: Double(step) / 10, oldPage: old, newPage: new, cellWidth: { $0.1 }, back: ("░", 1), fold: ("╱", 1),
        gap: (" ", 1))
      for row in frame {
        #expect(row.count == width)
        // Each half of a wide character has its other half beside it.
        for (column, cell) in row.enumerated() where cell.1 == 2 {
          #expect(column + 1 < width && row[column + 1].1 == 0, "step \(step)")
        }
        for (column, cell) in row.enumerated() where cell.1 == 0 {
          #expect(column > 0 && row[column - 1].1 == 2, "step \(step)")
        }
      }
    }
  }
}

import CalCore
import Testing

@Suite("Page-flip navigation")
struct CurlDirectionTests {
  private func expectRow(
    _ direction: CurlDirection, step: Int, curl: CurlDirection.Curl, edge: CurlDirection.Edge, mirrored: Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(direction.monthStep == step, sourceLocation: sourceLocation)
    #expect(direction.curl == curl, sourceLocation: sourceLocation)
    #expect(direction.edge == edge, sourceLocation: sourceLocation)
    #expect(direction.isMirrored == mirrored, sourceLocation: sourceLocation)
  }

  @Test("the four directions match the flip table")
  func flipTable() {
    expectRow(.upLeft, step: 1, curl: .curl, edge: .bottom, mirrored: false)
    expectRow(.upRight, step: 1, curl: .curl, edge: .bottom, mirrored: true)
    expectRow(.downRight, step: -1, curl: .uncurl, edge: .top, mirrored: false)
    expectRow(.downLeft, step: -1, curl: .uncurl, edge: .top, mirrored: true)
  }

  @Test("mirroring swaps left and right and keeps everything else")
  func mirroring() {
    #expect(CurlDirection.upLeft.mirrored == .upRight)
    #expect(CurlDirection.downRight.mirrored == .downLeft)
    for direction in CurlDirection.allCases {
      #expect(direction.mirrored.mirrored == direction)
      #expect(direction.mirrored.monthStep == direction.monthStep)
      #expect(direction.mirrored.edge == direction.edge)
      #expect(direction.mirrored.isMirrored != direction.isMirrored)
    }
  }

  private func expectSwipe(
    _ dx: Double, _ dy: Double, _ expected: CurlDirection, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(CurlDirection(swipeDX: dx, dy: dy) == expected, sourceLocation: sourceLocation)
  }

  @Test("a swipe vector picks the direction, with y growing downward")
  func swipeRule() {
    expectSwipe(-5, -5, .upLeft)
    expectSwipe(5, -5, .upRight)
    expectSwipe(0, -5, .upLeft)  // straight up: dx > 0 fails, so left
    expectSwipe(-5, 5, .downLeft)
    expectSwipe(5, 5, .downRight)
    expectSwipe(0, 5, .downRight)  // straight down: dx < 0 fails, so right
    expectSwipe(5, 0, .downRight)  // dy == 0 is not up
    expectSwipe(-5, 0, .downLeft)
    expectSwipe(0, 0, .downRight)  // no movement at all falls to the last rule
    expectSwipe(0.001, -0.001, .upRight)
  }

  private func expectTurn(
    _ start: String, _ direction: CurlDirection, _ expected: String?, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let turn = try? PageTurn(from: try YearMonth(parsing: start), direction: direction)
    #expect(turn?.to.description == expected, sourceLocation: sourceLocation)
  }

  @Test("a turn moves exactly one month, across year ends, never past the calendar's edges")
  func turns() throws {
    try expectTurn("2024-01", .upLeft, "2024-02")  // from January the next page is February
    try expectTurn("2024-12", .upRight, "2025-01")
    try expectTurn("2025-01", .downRight, "2024-12")
    try expectTurn("2024-03", .downLeft, "2024-02")
    try expectTurn("9999-12", .upLeft, nil)
    try expectTurn("9999-12", .upRight, nil)
    try expectTurn("0001-01", .downRight, nil)
    try expectTurn("0001-01", .downLeft, nil)
    try expectTurn("9999-12", .downLeft, "9999-11")
  }

  @Test("31 January turns to February, whatever the day")
  func thirtyFirstOfJanuary() throws {
    let day = try CivilDate(parsing: "2024-01-31")
    let turn = try PageTurn(from: day.yearMonth, direction: .upLeft)
    #expect(turn.to.description == "2024-02")
  }
}

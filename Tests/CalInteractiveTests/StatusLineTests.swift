import Testing

@testable import CalInteractive

@Suite("The status line")
struct StatusLineTests {
  @Test("the key hint keeps whole items and always ends with help and quit, at any width")
  func hint() {
    let cases: [(Int, String)] = [
      (80, "n/p or drag a corner: turn · a: add · e: edit · d: delete · ?: help · q: quit"),
      (60, "n/p or drag a corner: turn · a: add · ?: help · q: quit"),
      (40, "?: help · q: quit"),
    ]
    for (width, expected) in cases {
      #expect(PageSession.hint(width: width) == expected, "\(width) columns")
    }
  }

  @Test("an error longer than the line ends in an ellipsis at its edge")
  func longError() throws {
    let page = try PageFixture(rows: 12, columns: 40)
    try page.session.handle(.key(.character("g")))
    for character in "not-a-month-at-all" { try page.session.handle(.key(.character(character))) }
    try page.session.handle(.key(.enter))
    let status = page.screen()[11]
    #expect(status.hasPrefix("Error: ") && status.hasSuffix("…"), "\(status)")
  }
}

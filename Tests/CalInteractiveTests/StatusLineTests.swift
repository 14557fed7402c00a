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

  @Test("a long value in a message or an error is held by its ends, as an Error: line holds it")
  func longValues() throws {
    let page = try PageFixture(rows: 12, columns: 40)
    // Typed key by key: a thousand characters, not 100 KB, stand for any value too long to read.
    let long = "A" + String(repeating: "b", count: 1_000) + "Z"
    let shown =
      "A" + String(repeating: "b", count: 99) + "…(1002 characters in all)…" + String(repeating: "b", count: 39) + "Z"
    func type(_ key: Character, _ text: String) throws {
      try page.session.handle(.key(.character(key)))
      for character in text { try page.session.handle(.key(.character(character))) }
      try page.session.handle(.key(.enter))
    }
    try type("/", long)
    #expect(page.session.message?.text == "Nothing found for “\(shown)”")
    try type("g", long)
    #expect(
      page.session.message?.text.hasPrefix("Error: '\(shown)'") == true,
      "\(page.session.message?.text.prefix(300) ?? "")")
  }
}

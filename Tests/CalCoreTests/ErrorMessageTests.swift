import CalCore
import Testing

@Suite("Error messages cut down to their ends")
struct ErrorMessageTests {
  private func expectText(_ message: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(ErrorMessage.text(message) == expected, sourceLocation: sourceLocation)
  }

  @Test(
    "words of up to 200 characters stay whole; a longer one keeps its first 100 and last 40 characters and its quotes")
  func words() {
    let a200 = String(repeating: "a", count: 200)
    expectText("no calendar named 'x'", "no calendar named 'x'")
    expectText("'\(a200)' is not a day", "'\(a200)' is not a day")
    expectText("^[\u{1B}x", "^[^[x")
    let value =
      String(repeating: "é", count: 100) + String(repeating: "b", count: 61) + String(repeating: "🎉", count: 40)
    expectText(
      "unknown zone '\(value)': use a name",
      "unknown zone '" + String(repeating: "é", count: 100) + "…(201 characters in all)…"
        + String(repeating: "🎉", count: 40) + "': use a name")
    // The interactive page quotes titles with curly quotes: they stay outside the count too.
    let b201 = String(repeating: "b", count: 201)
    expectText(
      "Added “\(b201)” on 2024-05-12",
      "Added “" + String(repeating: "b", count: 100) + "…(201 characters in all)…" + String(repeating: "b", count: 40)
        + "” on 2024-05-12")
    // Controls are shown first, then counted: ESC is two characters, ^[.
    let escaped = String(repeating: "\u{1B}", count: 101)
    expectText(
      "(\(escaped)).",
      "(" + String(repeating: "^[", count: 50) + "…(202 characters in all)…" + String(repeating: "^[", count: 20) + ")."
    )
  }

  @Test("a long message of short words keeps its first 1200 and last 600 characters")
  func message() {
    let words = String(repeating: "ab ", count: 1000)
    let text = ErrorMessage.text("x '\(words)' y")
    #expect(text.count == 1800 + "…(1206 characters left out)…".count)
    #expect(text.hasPrefix("x 'ab ab") && text.hasSuffix("ab ab ' y") && text.contains("…(1206 characters left out)…"))
  }
}

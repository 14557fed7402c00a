import Testing

@testable import CalInteractive

@Suite("The screen")
struct ScreenTests {
  @Test("the first frame is drawn whole; the next only where it changed; an unchanged one writes nothing")
  func differences() {
    var writer = ScreenWriter()
    var canvas = Canvas(rows: 3, columns: 10)
    canvas.put("May 2024", row: 0, column: 1)
    let first = String(decoding: writer.bytes(for: canvas, cursor: nil), as: UTF8.self)
    #expect(first.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J") && first.contains("May 2024"))
    canvas.put("June", row: 0, column: 1)
    let second = String(decoding: writer.bytes(for: canvas, cursor: nil), as: UTF8.self)
    #expect(second == "\u{1B}[1;2H\u{1B}[0mJune")
    #expect(writer.bytes(for: canvas, cursor: nil).isEmpty)
    writer.invalidate()
    #expect(String(decoding: writer.bytes(for: canvas, cursor: nil), as: UTF8.self).contains("\u{1B}[2J"))
  }

  @Test("text is put by display width: wide characters take two cells, a cut one leaves a space, controls show")
  func canvas() {
    var canvas = Canvas(rows: 1, columns: 8)
    #expect(canvas.put("日本語", row: 0, column: 0, width: 5) == 4)
    #expect(canvas.text(ofRow: 0) == "日本    ")
    canvas.put("x", row: 0, column: 1)  // over the second half of 日
    #expect(canvas.text(ofRow: 0) == " x本    ")
    canvas.put("a\u{1B}[2Jb", row: 0, column: 0)
    #expect(canvas.text(ofRow: 0) == "a^[[2Jb ")
    canvas.put("e\u{301}", row: 0, column: 7)
    #expect(canvas[0, 7].text == "e\u{301}")
  }

  @Test("the line editor edits, pastes one line, and scrolls to keep the cursor in view")
  func lineEditor() {
    var editor = LineEditor("lunch")
    #expect(editor.handle(.character("!")) == .editing)
    _ = editor.handle(.home)
    _ = editor.handle(.delete)
    editor.insert("L\nx")
    #expect(editor.text == "L xunch!")
    _ = editor.handle(.control("u"))
    #expect(editor.text == "unch!")
    #expect(editor.handle(.enter) == .submitted)
    #expect(LineEditor("  two words  ").answer == "two words")
    let long = LineEditor(String(repeating: "a", count: 30))
    #expect(long.view(width: 10) == (String(repeating: "a", count: 9), 9))
  }
}

import Testing

@testable import CalInteractive

@Suite("Input decoding")
struct InputDecoderTests {
  /// Decodes `bytes` fed in pieces of `chunk` bytes (0: all at once), then a timeout.
  private func decode(_ bytes: [UInt8], chunk: Int = 0) -> [InputEvent] {
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    if chunk == 0 {
      events += decoder.decode(bytes)
    } else {
      for start in stride(from: 0, to: bytes.count, by: chunk) {
        events += decoder.decode(Array(bytes[start..<min(start + chunk, bytes.count)]))
      }
    }
    return events + decoder.timeout()
  }

  private func check(
    _ text: String, _ expected: [InputEvent], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let bytes = Array(text.utf8)
    for chunk in [0, 1, 2, 3] {
      #expect(decode(bytes, chunk: chunk) == expected, "in pieces of \(chunk)", sourceLocation: sourceLocation)
    }
  }

  @Test("keys, sequences, mouse reports and pastes, whole or cut anywhere between reads")
  func table() {
    check("q", [.key(.character("q"))])
    check("ü€😀", [.key(.character("ü")), .key(.character("€")), .key(.character("😀"))])
    check("\r\t\u{7F}", [.key(.enter), .key(.tab), .key(.backspace)])
    check("\u{03}\u{1A}", [.key(.control("c")), .key(.control("z"))])
    check("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D", [.key(.up), .key(.down), .key(.right), .key(.left)])
    check("\u{1B}OA\u{1B}[1;5C", [.key(.up), .key(.right)])  // application mode, and Ctrl with an arrow
    check("\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[Z", [.key(.pageUp), .key(.pageDown), .key(.delete), .key(.backTab)])
    check("\u{1B}[24~", [.key(.function(12))])
    check("\u{1B}", [.key(.escape)])  // alone: Escape once nothing follows
    check(
      "\u{1B}[<0;10;5M\u{1B}[<32;12;5M\u{1B}[<0;20;3m",
      [
        .mouse(MouseReport(action: .press, button: 0, row: 4, column: 9)),
        .mouse(MouseReport(action: .drag, button: 0, row: 4, column: 11)),
        .mouse(MouseReport(action: .release, button: 0, row: 2, column: 19)),
      ])
    check(
      "\u{1B}[<64;1;1M\u{1B}[<65;1;1M\u{1B}[<35;3;3M",
      [
        .mouse(MouseReport(action: .wheelUp, button: 0, row: 0, column: 0)),
        .mouse(MouseReport(action: .wheelDown, button: 0, row: 0, column: 0)),
        .mouse(MouseReport(action: .motion, button: 3, row: 2, column: 2)),
      ])
    check("\u{1B}[200~qd\u{1B}[Ax\u{1B}[201~n", [.paste("qd\u{1B}[Ax"), .key(.character("n"))])
    // A paste whose end never comes ends at the timeout, with all it holds; past the limit, the rest of a
    // paste is dropped, never read as keys.
    check("\u{1B}[200~ab\u{1B}[20", [.paste("ab\u{1B}[20")])
    let long = String(repeating: "x", count: InputDecoder.pasteLimit)
    check("\u{1B}[200~" + long + "dy\rq\u{1B}[201~n", [.paste(long), .key(.character("n"))])
    check("\u{1B}[M !!a", [.key(.character("a"))])  // an old-style mouse report is skipped whole
    check("\u{1B}[?1;2c", [.key(.unknown)])
  }
}

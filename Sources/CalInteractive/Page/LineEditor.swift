import CalCore

/// A one-line text field for the prompts: typing, pasting, moving and deleting by character or word, and
/// a view of the text scrolled so that the cursor is always in sight.
struct LineEditor {
  /// What pressing a key did.
  enum Outcome: Equatable {
    case editing, submitted, cancelled
  }

  private(set) var characters: [Character]
  /// The cursor, as a position between characters.
  private(set) var cursor: Int

  /// A field holding `text`, the cursor at its end.
  init(_ text: String = "") {
    characters = Array(text)
    cursor = characters.count
  }

  /// The text typed.
  var text: String { String(characters) }

  /// The text without the spaces at either end: what a prompt takes.
  var answer: String {
    String(characters.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }

  /// Applies `key`.
  mutating func handle(_ key: Key) -> Outcome {
    switch key {
    case .enter: return .submitted
    case .escape, .control("c"), .control("g"): return .cancelled
    case .character(let character): insert(String(character))
    case .backspace, .control("h"):
      if cursor > 0 {
        characters.remove(at: cursor - 1)
        cursor -= 1
      }
    case .delete, .control("d"):
      if cursor < characters.count { characters.remove(at: cursor) }
    case .left, .control("b"): cursor = max(0, cursor - 1)
    case .right, .control("f"): cursor = min(characters.count, cursor + 1)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = characters.count
    case .control("u"):
      characters.removeFirst(cursor)
      cursor = 0
    case .control("k"): characters.removeLast(characters.count - cursor)
    case .control("w"):
      var start = cursor
      while start > 0 && characters[start - 1] == " " { start -= 1 }
      while start > 0 && characters[start - 1] != " " { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
    default: break
    }
    return .editing
  }

  /// Inserts `text` at the cursor, each line break as a space and without other control characters (a
  /// paste of several lines becomes one line).
  mutating func insert(_ text: String) {
    let clean = text.map { $0.isNewline || $0 == "\t" ? " " : $0 }.filter { character in
      !character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
    characters.insert(contentsOf: clean, at: cursor)
    cursor += clean.count
  }

  /// The part of the text to show in `width` columns and where the cursor stands in it.
  func view(width: Int) -> (text: String, cursor: Int) {
    guard width > 1 else { return ("", 0) }
    // Scroll so the cursor stays in the field, keeping as much text before it as fits.
    var start = cursor
    var used = 0
    while start > 0 {
      let next = DisplayWidth.of(characters[start - 1])
      if used + next > width - 1 { break }
      used += next
      start -= 1
    }
    var shown = ""
    var total = 0
    for character in characters[start...] {
      let next = DisplayWidth.of(character)
      if total + next > width { break }
      shown.append(character)
      total += next
    }
    return (shown, used)
  }
}

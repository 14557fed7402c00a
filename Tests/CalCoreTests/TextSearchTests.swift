import CalCore
import Testing

/// The byte comparison must answer exactly as the Character one it stands for.
@Suite("Text search ignoring case")
struct TextSearchTests {
  /// What a search means: lowercased, compared as Characters.
  private func reference(_ needle: String, _ text: String) -> Bool {
    text.lowercased().contains(needle.lowercased())
  }

  private func expectSame(_ needle: String, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let search = TextSearch(needle)
    let expected = reference(needle, text)
    #expect(search.matches(text) == expected, "\(needle) in \(text)", sourceLocation: sourceLocation)
    var bytes = text
    let fromBytes = bytes.withUTF8 { search.matches(utf8: $0) }
    #expect(fromBytes == expected, "\(needle) in \(text) as bytes", sourceLocation: sourceLocation)
  }

  @Test("ASCII, case, Unicode case, canonical equivalence and CRLF answer as Characters do")
  func sameAsCharacters() {
    let texts = [
      "Dentist", "dentist at 10", "", "DENTIST", "a\r\nb", "a\nb", "a\rb", "Müller", "MÜLLER", "mu\u{308}ller",
      "café", "cafe\u{301}", "e\u{301}", "İstanbul", "ß", "STRASSE", "🎉 party", "x\u{0}y", "tab\there", "[a]",
      "Zz", "@@", "ab",
    ]
    let needles = [
      "dentist", "DENT", "Tist", "", "a", "b", "\n", "\r", "\r\n", "a\r", "ü", "Ü", "u", "ller", "é", "e", "cafe",
      "i", "ss", "ß", "🎉", "\u{0}", "\t", "[", "z", "@", "ab", "abc", "STRASSE",
    ]
    for needle in needles {
      for text in texts { expectSame(needle, text) }
    }
  }

  @Test("bytes that are not UTF-8 read as String reads them")
  func invalidUTF8() {
    let search = TextSearch("\u{FFFD}")
    let bytes: [UInt8] = [0x61, 0xFF, 0x62]
    #expect(bytes.withUnsafeBufferPointer { search.matches(utf8: $0) })
    #expect(bytes.withUnsafeBufferPointer { TextSearch("AB").matches(utf8: $0) } == false)
    #expect(bytes.withUnsafeBufferPointer { TextSearch("A").matches(utf8: $0) })
  }
}

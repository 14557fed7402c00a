import CalCore
import Foundation
import Testing

@Suite("Display width")
struct DisplayWidthTests {
  /// Titles as people write them, with the columns a terminal gives them (wcwidth 0.2.13 agrees on each).
  static let titles: [(text: String, width: Int)] = [
    ("dentist", 7),
    ("会議 with 田中さん", 18),  // CJK ideographs and kana: two columns each
    ("周年纪念日", 10),
    ("ミーティング", 12),
    ("ＡＢＣ１２３", 12),  // full-width Latin and digits
    ("ﾐｰﾃｨﾝｸﾞ", 7),  // half-width katakana: one column each
    ("🎂 birthday", 11),
    ("☕ break", 8),  // U+2615: emoji presentation, wide
    ("🎉🎉", 4),
    ("👩‍👩‍👧‍👦 family", 9),  // one ZWJ sequence, one emoji
    ("👨‍👩‍👧", 2),
    ("🧑🏽‍💻", 2),  // skin tone and ZWJ
    ("🤷🏽‍♀️", 2),
    ("👍🏽", 2),
    ("🇩🇪 trip", 7),  // a flag: two regional indicators
    ("🇩🇪🇫🇷", 4),
    ("1️⃣ first", 8),  // keycap: digit, VS16, U+20E3
    ("#️⃣", 2),
    ("❤️ love", 7),  // U+2764 is text by default; VS16 makes it a wide emoji
    ("✈️", 2),
    ("🏳️‍🌈", 2),
    ("☺\u{FE0E}", 1),  // text presentation stays narrow
    ("⌚\u{FE0E}", 2),  // a wide emoji stays wide, as terminals draw it
    ("🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", 2),  // England: a tag sequence
    ("e\u{301}", 1),  // e + COMBINING ACUTE ACCENT
    ("Café", 4),
    ("회의", 4),  // Hangul syllables
    ("\u{1100}\u{1161}\u{11A8}", 2),  // the same syllable in jamo: the medial and final join the leading
    ("ประชุม", 5),  // Thai: U+0E38 is a combining mark
    ("กำหนด", 5),  // U+0E33 SARA AM takes a column
    ("اجتماع", 6),  // Arabic letters
    ("مُحَمَّد", 4),  // with harakat, which take none
    ("😀\u{200B}", 2),  // ZERO WIDTH SPACE
    ("a\u{AD}b", 2),  // SOFT HYPHEN
  ]

  private func check(
    _ text: String, _ expected: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      DisplayWidth.of(text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })",
      sourceLocation: sourceLocation)
    // Cluster by cluster gives the same.
    #expect(text.reduce(0) { $0 + DisplayWidth.of($1) } == expected, sourceLocation: sourceLocation)
  }

  @Test("titles in many scripts, with emoji sequences counted once")
  func titles() {
    for (text, width) in Self.titles { check(text, width) }
  }

  @Test("single scalars: wide, narrow, and the ones that take no column")
  func scalars() {
    let cases: [(UInt32, Int)] = [
      (0x41, 1), (0x0, 0), (0x1B, 0), (0x7F, 0), (0x85, 0),  // controls: callers sanitize them
      (0x301, 0), (0x20DD, 0),  // Mn, Me
      (0x200B, 0), (0x200D, 0), (0xFE0F, 0), (0xE0100, 0), (0x2060, 0), (0xFEFF, 0),  // ignorables
      (0x1160, 0), (0x11A8, 0), (0xD7B0, 0), (0xD7CB, 0),  // Hangul medial vowels and finals
      (0x1100, 2), (0x115F, 2),  // Hangul leading consonants, the filler too
      (0x4E00, 2), (0x3400, 2), (0x20000, 2), (0x3FFFD, 2), (0xFF01, 2), (0x3000, 2),
      (0x1F600, 2), (0x1F300, 2), (0x1F9FF, 2), (0x1FAF8, 2), (0x2614, 2), (0x26A1, 2), (0x231A, 2),
      (0x2600, 1), (0x2764, 1), (0xA9, 1), (0x1F1E6, 1),  // emoji that are text by default, regional indicator
      (0x1FAFF, 2),  // reserved for emoji: wide when it comes
      (0x903, 1),  // Devanagari visarga, a spacing mark
      (0xE000, 1), (0xFFFD, 1), (0x10FFFF, 1),
    ]
    for (value, width) in cases {
      let scalar = Unicode.Scalar(value)!
      #expect(DisplayWidth.of(scalar) == width, "U+\(String(value, radix: 16, uppercase: true))")
    }
  }

  @Test("cutting to a width keeps whole clusters and never exceeds the width")
  func truncation() {
    let cases: [(String, Int, String)] = [
      ("dentist", 10, "dentist"),
      ("dentist", 7, "dentist"),
      ("dentist", 6, "denti…"),
      ("dentist", 1, "…"),
      ("dentist", 0, ""),
      ("会議会議", 5, "会議…"),
      ("会議会議", 4, "会…"),  // 会議 would be 4 + 1: cut one more, a column short
      ("👩‍👩‍👧‍👦👩‍👩‍👧‍👦", 3, "👩‍👩‍👧‍👦…"),
      ("👩‍👩‍👧‍👦👩‍👩‍👧‍👦", 2, "…"),
      ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),  // an accent stays with its letter
      ("🇩🇪🇫🇷🇮🇹", 5, "🇩🇪🇫🇷…"),
      ("\u{1100}\u{1161}\u{11A8}\u{1100}\u{1161}", 3, "\u{1100}\u{1161}\u{11A8}…"),
    ]
    for (text, width, expected) in cases {
      let result = DisplayWidth.truncated(text, toWidth: width)
      #expect(result == expected, "\(text) to \(width)")
      #expect(DisplayWidth.of(result) <= max(0, width))
    }
    #expect(DisplayWidth.truncated("dentist", toWidth: 5, ellipsis: "...") == "de...")
    #expect(DisplayWidth.truncated("dentist", toWidth: 2, ellipsis: "...") == "de")  // no room for the ellipsis
    #expect(DisplayWidth.truncated("dentist", toWidth: 4, ellipsis: "") == "dent")
  }

  @Test("padding and centring count columns, not characters")
  func padding() {
    #expect(DisplayWidth.padded("会議", to: 6) == "会議  ")
    #expect(DisplayWidth.padded("👩‍👩‍👧‍👦", to: 3) == "👩‍👩‍👧‍👦 ")
    #expect(DisplayWidth.padded("too long", to: 3) == "too long")
    #expect(DisplayWidth.centred("May 2024", in: 20) == "      May 2024")
    #expect(DisplayWidth.centred("2024年5月", in: 20) == "     2024年5月")  // 9 columns
  }

  @Test(
    "every assigned code point and the titles agree with Python's wcwidth",
    .enabled(
      if: PythonOracle.wcwidth != nil,
      "needs python3 with wcwidth 0.2.x (pip install wcwidth==0.2.13, or Debian's python3-wcwidth is too old)"))
  func agreesWithWcwidth() throws {
    let python = try #require(PythonOracle.wcwidth)
    // Runs of assigned code points with the same width and category: "first last width category".
    let script = """
      import sys, unicodedata, wcwidth
      run = None
      def flush():
          if run: print("%X %X %d %s" % tuple(run))
      for cp in range(0x110000):
          if 0xD800 <= cp <= 0xDFFF: continue
          category = unicodedata.category(chr(cp))
          if category == "Cn": continue
          width = max(0, wcwidth.wcwidth(chr(cp), unicode_version="15.0.0"))
          if run and run[1] == cp - 1 and run[2] == width and run[3] == category:
              run[1] = cp
          else:
              flush()
              run = [cp, cp, width, category]
      flush()
      print("titles")
      for text in sys.argv[1:]:
          print(wcwidth.wcswidth(text, unicode_version="15.0.0"))
      """
    let output = try PythonOracle.run(python, script, arguments: Self.titles.map(\.text))
    let sections = output.components(separatedBy: "titles\n")
    try #require(sections.count == 2)
    var compared = 0
    var differences: [String] = []
    for line in sections[0].split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count == 4, let first = UInt32(fields[0], radix: 16), let last = UInt32(fields[1], radix: 16),
        let theirs = Int(fields[2])
      else { continue }
      for value in first...last {
        guard let scalar = Unicode.Scalar(value), !Self.knowinglyDifferent(scalar, category: fields[3]) else {
          continue
        }
        compared += 1
        let ours = DisplayWidth.of(scalar)
        if ours != theirs && differences.count < 20 {
          differences.append("U+\(String(value, radix: 16, uppercase: true)) \(fields[3]): \(ours), wcwidth \(theirs)")
        }
      }
    }
    #expect(compared > 250_000)
    #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    let theirs = sections[1].split(separator: "\n").compactMap { Int($0) }
    #expect(theirs.count == Self.titles.count)
    for ((text, _), width) in zip(Self.titles, theirs) {
      #expect(DisplayWidth.of(text) == width, "\(text)")
    }
  }

  /// Where `cal` differs from wcwidth 0.2.x on purpose: a spacing mark (Mc, as in Devanagari) takes a column
  /// on its own (glibc, xterm and VTE draw it so; wcwidth 0.2.9 and later count it zero); a skin-tone
  /// modifier alone is a wide swatch (after an emoji it adds nothing, as in wcwidth).
  static func knowinglyDifferent(_ scalar: Unicode.Scalar, category: Substring) -> Bool {
    category == "Mc" || (0x1F3FB...0x1F3FF).contains(scalar.value)
  }
}

import CalCore
import Testing

@Suite("iCalendar reading")
struct ICSParserTests {
  @Test("CRLF, LF and stray CR line ends, folds with a space or a tab, a BOM and names in any case")
  func lines() throws {
    let text =
      "\u{FEFF}begin:vcalendar\r\nBEGIN:VEVENT\nSUMMARY:a long\r\n  title\rDESCRIPTION:x\r\n\ty\r\nEND:VEVENT\r\nEND:VCALENDAR"
    let calendar = try #require(try ICSParser.parse(Array(text.utf8)).first)
    #expect(calendar.name == "VCALENDAR")
    let event = try #require(calendar.components.first)
    #expect(event.property("summary")?.text == "a long title")
    #expect(event.property("DESCRIPTION")?.text == "xy")
    #expect(event.property("SUMMARY")?.line == 3)
  }

  @Test("parameters: quoted values with colons and semicolons, several values, a fold inside a parameter")
  func parameters() throws {
    let text =
      "BEGIN:VEVENT\r\nDTSTART;TZID=\"Pacific Time (US & Canada), Tijuana\";VAL\r\n UE=DATE-TIME:20040101T100000\r\nATTENDEE;MEMBER=\"mailto:a@x\",\"mailto:b@x\";CN=\"A; B\":mailto:c@x\r\nEND:VEVENT\r\n"
    let event = try #require(try ICSParser.parse(Array(text.utf8)).first)
    let start = try #require(event.property("DTSTART"))
    #expect(start.parameter("tzid") == "Pacific Time (US & Canada), Tijuana")
    #expect(start.parameter("VALUE") == "DATE-TIME")
    #expect(start.value == "20040101T100000")
    let attendee = try #require(event.property("ATTENDEE"))
    #expect(attendee.parameter("MEMBER") == "mailto:a@x,mailto:b@x")
    #expect(attendee.parameter("CN") == "A; B")
    #expect(attendee.value == "mailto:c@x")
  }

  @Test("TEXT escapes: \\, \\; \\n \\N \\\\, and unknown ones kept")
  func escapes() {
    #expect(ICSText.unescaped("a\\, b\\; c\\nd\\Ne\\\\f\\\"g") == "a, b; c\nd\ne\\f\\\"g")
    // Byte by byte, around characters of several bytes; a backslash at the end stays.
    #expect(ICSText.unescaped("Zoë\\, 日本\\;\\ü x\\") == "Zoë, 日本;\\ü x\\")
    #expect(ICSText.escaped("a, b; c\nd\\e") == "a\\, b\\; c\\nd\\\\e")
  }

  @Test("malformed structure is refused with its line")
  func structure() {
    #expect(throws: ICSError(line: 1, "BEGIN:VCALENDAR is never closed (the file may be cut short)")) {
      try ICSParser.parse(Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VEVENT\r\n".utf8))
    }
    #expect(throws: ICSError(line: 3, "END:VCALENDAR closes BEGIN:VEVENT of line 2")) {
      try ICSParser.parse(Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\n".utf8))
    }
    #expect(throws: ICSError(line: 2, "the file is not UTF-8 text (and names no other charset)")) {
      try ICSParser.parse([UInt8]("BEGIN:VEVENT\nSUMMARY:caf".utf8) + [0xE9] + [UInt8]("\nEND:VEVENT\n".utf8))
    }
  }

  @Test("UTF-8 at its edges: every form of character read, each malformed sequence refused with its line")
  func utf8Edges() throws {
    // U+0080, U+07FF, U+0800, U+D7FF, U+E000, U+FFFF, U+10000, U+10FFFF, each behind eight bytes of ASCII
    // and at a line's end, where the check passes whole words of ASCII and where a piece may cut a character.
    let valid: [[UInt8]] = [
      [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF],
      [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
    ]
    let summary = valid.flatMap { Array("abcdefgh".utf8) + $0 }
    let read = try ICSParser.parse([UInt8]("BEGIN:VEVENT\nSUMMARY:".utf8) + summary + [UInt8]("\nEND:VEVENT\n".utf8))
    #expect(read.first?.property("SUMMARY")?.text == String(decoding: summary, as: UTF8.self))
    // A stray continuation byte, overlong forms, surrogates, beyond U+10FFFF, a lead byte that is never one, a
    // character cut by the end of its line or by the next lead byte.
    let malformed: [[UInt8]] = [
      [0x80], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x9F, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xED, 0xA0, 0x80],
      [0xED, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xE2, 0x82], [0xC3, 0xC3, 0xA9],
    ]
    for bytes in malformed {
      #expect(throws: ICSError(line: 3, "the file is not UTF-8 text (and names no other charset)"), "\(bytes)") {
        try ICSParser.parse(
          [UInt8]("BEGIN:VEVENT\nSUMMARY:".utf8) + summary + [UInt8]("\nX-A:abcdefgh".utf8) + bytes
            + [UInt8]("\nEND:VEVENT\n".utf8))
      }
    }
  }

  @Test("a file that names a Latin-1 charset is decoded")
  func latin1() throws {
    let bytes = [UInt8]("BEGIN:VEVENT\nSUMMARY;CHARSET=ISO-8859-1:caf".utf8) + [0xE9] + [UInt8]("\nEND:VEVENT\n".utf8)
    #expect(try ICSParser.parse(bytes).first?.property("SUMMARY")?.text == "café")
  }

  @Test("dates, date-times and durations")
  func values() throws {
    #expect(ICSDateTime("20240512")?.secondOfDay == nil)
    #expect(ICSDateTime("20240512T143000Z")?.isUTC == true)
    #expect(ICSDateTime("20240512T143000")?.secondOfDay == 52_200)
    #expect(ICSDateTime("20240230") == nil)
    #expect(ICSDuration.seconds("PT1H30M") == 5400)
    #expect(ICSDuration.seconds("-PT15M") == -900)
    #expect(ICSDuration.seconds("P1W") == 604_800)
    #expect(ICSDuration.seconds("P1DT2H") == 93_600)
    #expect(ICSDuration.seconds("PT1W") == nil)
    #expect(ICSDuration.text(seconds: 5400) == "PT1H30M")
  }
}

extension ICSParserTests {
  private func nested(_ depth: Int) -> [UInt8] {
    Array(
      (String(repeating: "BEGIN:X\r\n", count: depth) + String(repeating: "END:X\r\n", count: depth)).utf8)
  }

  @Test("components nested deeper than the limit are refused at the first one too deep")
  func nesting() throws {
    #expect(ICSParser.maximumDepth == 64)
    #expect(throws: ICSError(line: 65, "BEGIN:X is nested 65 components deep: at most 64 are read")) {
      try ICSParser.parse(nested(60_000))
    }
    var component = try #require(try ICSParser.parse(nested(64)).first)
    var depth = 1
    while let inner = component.components.first {
      component = inner
      depth += 1
    }
    #expect(depth == 64)
  }
}

extension ICSParserTests {
  private func summary(charset: String, _ bytes: [UInt8]) throws -> String? {
    let file = [UInt8]("BEGIN:VEVENT\r\nSUMMARY;CHARSET=\(charset):".utf8) + bytes + [UInt8]("\r\nEND:VEVENT\r\n".utf8)
    return try ICSParser.parse(file).first?.property("SUMMARY")?.text
  }

  @Test("Windows-1252 is decoded as Windows-1252: 0x80 to 0x9F are its punctuation, not C1 controls")
  func windows1252() throws {
    // “Price” €5 – café, as Outlook on Windows writes it.
    let bytes: [UInt8] = [
      0x93, 0x50, 0x72, 0x69, 0x63, 0x65, 0x94, 0x20, 0x80, 0x35, 0x20, 0x96, 0x20, 0x63, 0x61, 0x66, 0xE9,
    ]
    #expect(try summary(charset: "Windows-1252", bytes) == "\u{201C}Price\u{201D} \u{20AC}5 \u{2013} caf\u{E9}")
    #expect(
      try summary(charset: "windows-1252", Array(0x80...0x9F))
        == "\u{20AC}\u{81}\u{201A}\u{192}\u{201E}\u{2026}\u{2020}\u{2021}\u{2C6}\u{2030}\u{160}\u{2039}\u{152}\u{8D}\u{17D}\u{8F}"
        + "\u{90}\u{2018}\u{2019}\u{201C}\u{201D}\u{2022}\u{2013}\u{2014}\u{2DC}\u{2122}\u{161}\u{203A}\u{153}\u{9D}\u{17E}\u{178}"
    )
    // ISO-8859-1 stays ISO-8859-1: the same byte is the C1 control of its number.
    #expect(try summary(charset: "ISO-8859-1", [0x93, 0x41, 0xE9]) == "\u{93}A\u{E9}")
    #expect(try summary(charset: "LATIN1", [0x80, 0xFF]) == "\u{80}\u{FF}")
  }
}

import CalCore
import Testing

@testable import CalCLI

@Suite("JSON text written straight into bytes")
struct JSONTextTests {
  private func expectString(
    _ text: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(JSONValue.string(text).serialized == expected, sourceLocation: sourceLocation)
  }

  @Test("strings keep their text and escape quotes, backslashes, every control, C1 controls, U+2028 and U+2029")
  func strings() {
    expectString("dentist", #""dentist""#)
    expectString("", #""""#)
    expectString("a \"b\" \\c", #""a \"b\" \\c""#)
    expectString("\n\r\t\u{08}\u{0C}", #""\n\r\t\b\f""#)
    expectString("\u{00}\u{01}\u{1B}\u{1F}\u{7F}", #""\u0000\u0001\u001b\u001f\u007f""#)
    expectString("x\u{80}y\u{85}z\u{9F}", #""x\u0080y\u0085z\u009f""#)
    expectString("\u{2028}\u{2029}", #""\u2028\u2029""#)
    // Neighbours of those sequences are written as they are.
    expectString("\u{A0}é\u{2027}\u{202A}€…", "\"\u{A0}é\u{2027}\u{202A}€…\"")
    expectString("Müller 🎉 日本\u{85}", "\"Müller 🎉 日本\\u0085\"")
  }

  @Test("timestamps are written as the zone's RFC 3339 text, years beyond 9999 held to its last second")
  func timestamps() throws {
    let berlin = try ZoneInfo(name: "CET", posix: "CET-1CEST,M3.5.0,M10.5.0/3")
    for milliseconds: Int64 in [
      1_715_517_000_999, -1, 0, 253_402_300_799_000, 262_042_250_340_000, -62_135_596_800_000, .max, .min,
    ] {
      var buffer = TextBuffer(capacity: 16)
      buffer.append(jsonTimestamp: milliseconds, zone: berlin)
      #expect(buffer.text == "\"\(berlin.iso8601(atUnixMilliseconds: milliseconds))\"", "\(milliseconds)")
    }
  }
}

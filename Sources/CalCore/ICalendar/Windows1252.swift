/// The Windows-1252 code page, in which Outlook and other Windows programs write text that is not UTF-8. It
/// is Latin-1 except for 0x80 to 0x9F, which hold punctuation and letters where Latin-1 has C1 controls.
enum Windows1252 {
  /// The characters of 0x80 to 0x9F. The five bytes the code page leaves undefined (0x81, 0x8D, 0x8F, 0x90 and
  /// 0x9D) are the C1 controls of the same number, as the WHATWG Encoding Standard decodes them.
  static let characters: [Unicode.Scalar] = [
    "\u{20AC}", "\u{81}", "\u{201A}", "\u{192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
    "\u{2C6}", "\u{2030}", "\u{160}", "\u{2039}", "\u{152}", "\u{8D}", "\u{17D}", "\u{8F}",
    "\u{90}", "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
    "\u{2DC}", "\u{2122}", "\u{161}", "\u{203A}", "\u{153}", "\u{9D}", "\u{17E}", "\u{178}",
  ]

  /// `bytes` as Windows-1252 text; every byte is a character.
  static func decode(_ bytes: some Sequence<UInt8>) -> String {
    var scalars = String.UnicodeScalarView()
    for byte in bytes {
      scalars.append((0x80...0x9F).contains(byte) ? characters[Int(byte) - 0x80] : Unicode.Scalar(byte))
    }
    return String(scalars)
  }
}

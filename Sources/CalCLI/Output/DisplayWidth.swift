/// How many terminal columns text takes: two for East Asian wide and full-width characters, none for
/// combining marks and joiners, one for the rest. Measured here rather than with `wcwidth`, so that it does
/// not depend on `LC_CTYPE`.
enum DisplayWidth {
  static func of(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + of($1) }
  }

  static func of(_ scalar: Unicode.Scalar) -> Int {
    switch scalar.value {
    case 0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x0610...0x061A, 0x064B...0x065F, 0x0E31, 0x0E34...0x0E3A,
      0x0E47...0x0E4E, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x200B...0x200F, 0x20D0...0x20FF, 0xFE00...0xFE0F,
      0xFE20...0xFE2F:
      return 0
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x2E80...0x303E, 0x3041...0x33FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
      0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
      0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }

  /// `text` followed by spaces up to `width` columns.
  static func padded(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - of(text)))
  }

  /// `text` after enough spaces to centre it in `width` columns, rounding to the left as cal(1) does.
  static func centred(_ text: String, in width: Int) -> String {
    String(repeating: " ", count: max(0, (width - of(text)) / 2)) + text
  }
}

/// Makes text from users safe to print: nothing in a title or note can move the cursor, change colours or
/// retitle the terminal.
public enum TerminalText {
  /// `text` with every control character shown as visible text: C0 controls and DEL in caret notation
  /// (`^[` for ESC, `^J` for a line feed), C1 controls and bidirectional overrides as `<U+XXXX>`.
  public static func sanitized(_ text: String) -> String {
    // Every unsafe character starts with one of these bytes in UTF-8 (C1 controls with C2, the
    // bidirectional controls with E2, the Arabic letter mark with D8); most text has none of them at all.
    let suspicious =
      text.utf8.withContiguousStorageIfAvailable { bytes in
        for byte in bytes where byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 {
          return true
        }
        return false
      } ?? true
    guard suspicious, text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x00...0x1F: result += "^" + String(UnicodeScalar(UInt8(scalar.value) + 0x40))
      case 0x7F: result += "^?"
      case _ where isUnsafe(scalar):
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The lines of `text` (split at LF, CRLF, CR and the Unicode line and paragraph separators), each
  /// sanitized: a note of several lines prints as several lines, with no control character among them.
  public static func sanitizedLines(_ text: String) -> [String] {
    var lines: [String] = []
    var line = String.UnicodeScalarView()
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      if scalar == "\n" && previousWasCR {
        previousWasCR = false
        continue
      }
      previousWasCR = scalar == "\r"
      if scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" {
        lines.append(sanitized(String(line)))
        line = String.UnicodeScalarView()
      } else {
        line.append(scalar)
      }
    }
    lines.append(sanitized(String(line)))
    return lines
  }

  private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    // Controls, and the bidirectional formatting characters that can make text read other than it is
    // (embeddings and overrides, isolates, and the invisible marks).
    case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
}

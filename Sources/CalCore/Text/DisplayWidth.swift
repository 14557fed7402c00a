/// How many terminal columns text takes, as Unicode 15 and wcwidth count them: two for East Asian wide and
/// full-width characters and for emoji, none for combining marks, joiners, variation selectors and other
/// ignorables, one for the rest. A grapheme cluster that is one emoji (a ZWJ sequence, a flag, a keycap, an
/// emoji with a skin tone or with VARIATION SELECTOR-16) counts once. Measured from tables generated from the
/// Unicode Character Database (`Scripts/generate-display-width`), so it does not depend on `LC_CTYPE` or on
/// the C library's idea of Unicode.
public enum DisplayWidth {
  /// The columns `text` takes.
  public static func of(_ text: String) -> Int {
    var width = 0
    var plain = true
    for byte in text.utf8 {
      guard byte < 0x80 else {
        plain = false
        break
      }
      if byte >= 0x20 && byte != 0x7F { width += 1 }
    }
    if plain { return width }
    // Summing scalars is the same as summing clusters, except in emoji joined with ZWJ or coloured with a
    // skin tone, which only a grapheme cluster can tell apart from a row of emoji.
    var needsClusters = false
    width = 0
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      if scalar.value == 0x200D || (0x1F3FB...0x1F3FF).contains(scalar.value) {
        needsClusters = true
        break
      }
      width += columns(scalar, after: previous)
      previous = scalar
    }
    guard needsClusters else { return width }
    return text.reduce(0) { $0 + of($1) }
  }

  /// The columns one grapheme cluster takes: an emoji sequence as wide as its widest part, other clusters
  /// (a letter with its marks, a Hangul syllable in jamo) the sum of their scalars.
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    var sum = 0
    var widest = 0
    var previous: Unicode.Scalar?
    for scalar in scalars {
      let width = columns(scalar, after: previous)
      sum += width
      // VARIATION SELECTOR-16 widens the emoji before it: that emoji is 2.
      widest = max(widest, width == 1 && scalar.value == 0xFE0F ? 2 : width)
      previous = scalar
    }
    return isPictographic(first) ? widest : sum
  }

  /// The columns one scalar takes on its own: 0, 1 or 2.
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }
    if value < 0xA0 { return 0 }
    if value < 0x300 { return value == 0xAD ? 0 : 1 }
    guard let entry = entry(containing: value, in: widthRanges, stride: 3) else { return 1 }
    return Int(widthRanges[entry + 2])
  }

  /// `text` followed by spaces up to `width` columns.
  public static func padded(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - of(text)))
  }

  /// `text` broken at spaces into lines of at most `width` columns (a word wider than that stays whole, on a
  /// line of its own).
  public static func wrapped(_ text: String, toWidth width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    var used = 0
    for word in text.split(separator: " ") {
      let wordWidth = of(String(word))
      if !line.isEmpty && used + 1 + wordWidth > width {
        lines.append(line)
        line = ""
        used = 0
      }
      used += (line.isEmpty ? 0 : 1) + wordWidth
      line += (line.isEmpty ? "" : " ") + word
    }
    return lines + [line]
  }

  /// `text` after enough spaces to centre it in `width` columns, rounding to the left as cal(1) does.
  public static func centred(_ text: String, in width: Int) -> String {
    String(repeating: " ", count: max(0, (width - of(text)) / 2)) + text
  }

  /// `text` cut to at most `width` columns, ending in `ellipsis` when something was cut. Whole grapheme
  /// clusters only: an emoji sequence, a letter with its accents or a wide character that would cross the
  /// limit is left out, so the result may be a column short (pad it). When even the ellipsis does not fit,
  /// the clusters that fit, without it.
  public static func truncated(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String {
    guard width > 0 else { return "" }
    if of(text) <= width { return text }
    let ellipsisWidth = of(ellipsis)
    let budget = ellipsisWidth <= width ? width - ellipsisWidth : width
    var used = 0
    var end = text.startIndex
    for index in text.indices {
      let columns = of(text[index])
      if used + columns > budget { break }
      used += columns
      end = text.index(after: index)
    }
    return String(text[..<end]) + (ellipsisWidth <= width ? ellipsis : "")
  }

  /// A scalar's columns in running text: VARIATION SELECTOR-16 after a character that it turns into a wide
  /// emoji adds the column that emoji lacks.
  private static func columns(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> Int {
    if scalar.value == 0xFE0F, let previous, entry(containing: previous.value, in: emojiStyleRanges, stride: 2) != nil {
      return 1
    }
    return of(scalar)
  }

  /// Whether a cluster starting with `scalar` is one emoji (Extended_Pictographic). A flag's two regional
  /// indicators are one column each, so their sum is right for it.
  private static func isPictographic(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0xA9 && entry(containing: scalar.value, in: pictographicRanges, stride: 2) != nil
  }

  /// The index of the entry of `table` (runs of `stride` numbers, the first two a range's bounds, sorted)
  /// whose range holds `value`.
  private static func entry(containing value: UInt32, in table: [UInt32], stride: Int) -> Int? {
    var low = 0
    var high = table.count / stride
    while low < high {
      let middle = (low + high) / 2
      let index = middle * stride
      if value < table[index] {
        high = middle
      } else if value > table[index + 1] {
        low = middle + 1
      } else {
        return index
      }
    }
    return nil
  }
}

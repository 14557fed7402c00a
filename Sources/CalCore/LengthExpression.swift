/// How long something lasts, as people write it: `45m`, `1h`, `1h30m`, `1h30`, `1.5h`, `90` (minutes), `2d`.
public enum LengthExpression {
  /// The forms of a length, for messages and help.
  public static let forms = "45m, 1h, 1h30m, 1h30, 1.5h, 90 (minutes) or 2d"

  /// The largest number one part of a length may have: far more than any event needs, and small enough that
  /// no sum of parts can overflow.
  static let largestNumber = 100_000

  /// Minutes in `text`: a number alone is minutes; otherwise numbers with units d, h and m, each unit once
  /// (`1d2h30m`), where a number after the hours is minutes (`1h30`); or one decimal number with a unit
  /// (`1.5h`, `0.5d`) that comes to whole minutes.
  public static func minutes(_ text: String) throws(TimeError) -> Int {
    let lowered = text.lowercased()
    guard !lowered.hasPrefix("-") else { throw .negativeLength(text) }
    let total: Int
    if !lowered.isEmpty, lowered.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
      guard let whole = Int(lowered), whole <= largestNumber else { throw .lengthTooLong(text) }
      total = whole
    } else if lowered.contains(".") {
      total = try decimal(Substring(lowered), text: text)
    } else {
      total = try parts(lowered, text: text)
    }
    guard total > 0 else { throw .negativeLength(text) }
    return total
  }

  /// The minutes of a word after `cal add`'s start time when it is a length in hours or minutes with its unit
  /// (`1h`, `45m`, `1h30`, `1.5h`); `nil` for any other word, a bare number or days among them (`3d printing`
  /// is a title). A word shaped like such a length that is not one (`0h`, `99999999h`) is refused, as `25:00`
  /// is, rather than taken silently as the title's first word.
  public static func leading(_ word: String) throws(TimeError) -> Int? {
    let lower = word.lowercased()
    guard lower.contains(where: { $0 == "h" || $0 == "m" }), !lower.contains("d") else { return nil }
    do {
      return try minutes(lower)
    } catch {
      guard hasHoursOrMinutesShape(lower.utf8[...]) else { return nil }
      throw error
    }
  }

  /// Whether `bytes` are digits and units as a length in hours or minutes is written (`45m`, `1h`, `1h30m`,
  /// `1h30`, `1.5h`), whatever the numbers.
  private static func hasHoursOrMinutesShape(_ bytes: Substring.UTF8View) -> Bool {
    var rest = bytes
    func digits() -> Bool {
      let count = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
      rest = rest.dropFirst(count)
      return count > 0
    }
    guard digits() else { return false }
    if rest.elementsEqual("m".utf8) { return true }
    if rest.first == UInt8(ascii: ".") {
      rest.removeFirst()
      guard digits() else { return false }
    }
    guard rest.first == UInt8(ascii: "h") else { return false }
    rest.removeFirst()
    return rest.isEmpty || (digits() && (rest.isEmpty || rest.elementsEqual("m".utf8)))
  }

  /// The whole days a length that `minutes(_:)` reads gives with the unit d (`2d`: 2, `1.5d`: 1, `48h`: 0),
  /// which are days on the clock rather than 1,440 minutes each.
  public static func days(_ text: String) -> Int {
    let lowered = text.lowercased()
    guard let unit = lowered.firstIndex(of: "d") else { return 0 }
    let number = lowered[..<unit].reversed().prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
    guard let value = Double(String(number.reversed())), value.isFinite, value >= 0, value <= Double(largestNumber)
    else { return 0 }
    return Int(value.rounded(.down))
  }

  private static let scales: [Character: Int] = ["d": 1440, "h": 60, "m": 1]

  /// `1d2h30m`, `1h30`.
  private static func parts(_ lowered: String, text: String) throws(TimeError) -> Int {
    var total = 0
    var number = ""
    var units = Set<Character>()
    for character in lowered {
      if character.isASCII && character.isNumber {
        number.append(character)
        continue
      }
      guard let scale = scales[character], !number.isEmpty, units.insert(character).inserted else {
        throw .malformedLength(text)
      }
      // Digits alone: a number too large for Int is too long too.
      guard let value = Int(number), value <= largestNumber else { throw .lengthTooLong(text) }
      total += value * scale
      number = ""
    }
    if !number.isEmpty {
      // Minutes after the hours, as in 1h30.
      guard units.contains("h"), !units.contains("m"), let value = Int(number), value < 60 else {
        throw .malformedLength(text)
      }
      total += value
    }
    guard !units.isEmpty else { throw .malformedLength(text) }
    return total
  }

  /// `1.5h`: whole minutes only, so `1.01h` (60.6 minutes) is refused.
  private static func decimal(_ lowered: Substring, text: String) throws(TimeError) -> Int {
    guard let unit = lowered.last, let scale = scales[unit] else { throw .malformedLength(text) }
    let number = lowered.dropLast().split(separator: ".", omittingEmptySubsequences: false)
    guard number.count == 2, let whole = parseDigits(number[0], minimumCount: 1),
      let fraction = parseDigits(number[1], minimumCount: 1, maximumCount: 6)
    else { throw .malformedLength(text) }
    guard whole <= largestNumber else { throw .lengthTooLong(text) }
    var tenths = 1
    for _ in 0..<number[1].count { tenths *= 10 }
    let scaled = (whole * tenths + fraction) * scale
    guard scaled % tenths == 0 else { throw .notWholeMinutes(text) }
    return scaled / tenths
  }
}

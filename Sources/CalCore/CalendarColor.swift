/// A calendar's colour: one of the eight terminal colours by name, or an RGB colour (`#3366cc`, as CalDAV
/// servers give it), drawn with the nearest of the 256 colours terminals have.
public struct CalendarColor: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The colour names, in the order of their SGR codes (30 to 37).
  public static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

  /// `blue` or `#3366cc`: lower case, RGB colours with six digits and no alpha.
  public let description: String

  /// Reads `blue`, `#36c`, `#3366CC` or `#3366CCFF` (Apple's calendar-color, whose alpha is dropped); `nil`
  /// for anything else.
  public init?(_ text: String) {
    let lowered = text.lowercased()
    if Self.names.contains(lowered) {
      description = lowered
      return
    }
    var digits = Array(lowered.utf8)
    guard digits.first == UInt8(ascii: "#") else { return nil }
    digits.removeFirst()
    guard [3, 6, 8].contains(digits.count), digits.allSatisfy({ Self.hexValue($0) != nil }) else { return nil }
    if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
    description = "#" + String(decoding: digits.prefix(6), as: UTF8.self)
  }

  /// The SGR parameters that draw text in this colour: `34` for blue, `38;5;68` for `#3366cc`.
  public var sgr: String {
    if let index = Self.names.firstIndex(of: description) { return String(30 + index) }
    let bytes = Array(description.utf8.dropFirst())
    let channel = { (index: Int) in Self.hexValue(bytes[index])! * 16 + Self.hexValue(bytes[index + 1])! }
    let (red, green, blue) = (channel(0), channel(2), channel(4))
    // The 6x6x6 cube (16-231) or the grey ramp (232-255), whichever comes nearer.
    let levels = [0, 95, 135, 175, 215, 255]
    let nearest = { (value: Int) in levels.indices.min { abs(levels[$0] - value) < abs(levels[$1] - value) }! }
    let (r, g, b) = (nearest(red), nearest(green), nearest(blue))
    let cube = 16 + 36 * r + 6 * g + b
    let cubeDistance = Self.distance((red, green, blue), (levels[r], levels[g], levels[b]))
    let grey = min(23, max(0, ((red + green + blue) / 3 - 8 + 5) / 10))
    let greyLevel = 8 + 10 * grey
    let greyDistance = Self.distance((red, green, blue), (greyLevel, greyLevel, greyLevel))
    return "38;5;\(greyDistance < cubeDistance ? 232 + grey : cube)"
  }

  /// The nearest of the eight terminal colours (0 black ... 7 white, in SGR order), for a screen that keeps
  /// to the terminal's own palette.
  public var basicIndex: Int {
    if let index = Self.names.firstIndex(of: description) { return index }
    let bytes = Array(description.utf8.dropFirst())
    let channel = { (index: Int) in Self.hexValue(bytes[index])! * 16 + Self.hexValue(bytes[index + 1])! }
    let rgb = (channel(0), channel(2), channel(4))
    // Each basic colour as its channels at full strength or off.
    return (0..<8).min {
      Self.distance(rgb, Self.basic($0)) < Self.distance(rgb, Self.basic($1))
    }!
  }

  private static func basic(_ index: Int) -> (Int, Int, Int) {
    (index & 1 == 0 ? 0 : 205, index & 2 == 0 ? 0 : 205, index & 4 == 0 ? 0 : 205)
  }

  private static func distance(_ one: (Int, Int, Int), _ other: (Int, Int, Int)) -> Int {
    let (dr, dg, db) = (one.0 - other.0, one.1 - other.1, one.2 - other.2)
    return dr * dr + dg * dg + db * db
  }

  private static func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
    default: nil
    }
  }
}

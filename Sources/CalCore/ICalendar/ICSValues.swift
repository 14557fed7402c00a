/// A DATE or DATE-TIME value: a day, and for DATE-TIME a time of day and whether it is UTC.
public struct ICSDateTime: Equatable, Sendable {
  /// The day.
  public let date: CivilDate
  /// Seconds after midnight; `nil` for a DATE.
  public let secondOfDay: Int?
  /// Whether the value ended in `Z`.
  public let isUTC: Bool

  /// Parses `20240512`, `20240512T143000` or `20240512T143000Z`.
  public init?(_ text: String) {
    let value = text.trimmingSpaces()
    let utf8 = Array(value.utf8)
    guard utf8.count >= 8, let year = Self.number(utf8[0..<4]), let month = Self.number(utf8[4..<6]),
      let day = Self.number(utf8[6..<8]), let date = try? CivilDate(year: year, month: month, day: day)
    else { return nil }
    self.date = date
    if utf8.count == 8 {
      (secondOfDay, isUTC) = (nil, false)
      return
    }
    guard utf8.count >= 15, utf8[8] == UInt8(ascii: "T"), let hour = Self.number(utf8[9..<11]),
      let minute = Self.number(utf8[11..<13]), let second = Self.number(utf8[13..<15]), hour < 24, minute < 60,
      second < 61
    else { return nil }
    let rest = utf8[15...]
    guard rest.isEmpty || rest.elementsEqual([UInt8(ascii: "Z")]) || rest.elementsEqual([UInt8(ascii: "z")]) else {
      return nil
    }
    secondOfDay = hour * 3600 + minute * 60 + min(second, 59)
    isUTC = !rest.isEmpty
  }

  /// Seconds since 1970-01-01 00:00 on the clock the value is written in.
  public var wallSeconds: Int64 { Int64(date.daysSince1970) * 86_400 + Int64(secondOfDay ?? 0) }

  private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for byte in bytes {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }
}

/// DURATION values: `P1D`, `PT1H30M`, `-PT15M`, `P2W`, `P1DT2H`.
public enum ICSDuration {
  /// The longest duration an event may have: the calendar's whole span, from 1 January 1 to 31 December 9999.
  public static let maximumSeconds = Int64(EventLength.maximumMinutes) * 60

  /// The duration in seconds, or `nil` when `text` is not a duration or is longer than ``maximumSeconds``
  /// either way.
  public static func seconds(_ text: String) -> Int64? {
    guard case .seconds(let seconds) = parse(text) else { return nil }
    return seconds
  }

  /// The value of `property` (such as DURATION) in seconds.
  ///
  /// - Throws: `ICSError` at the property's line when the value is not a duration, or is longer than the
  ///   calendar: such a length is not an event, and no instant can be computed from it.
  public static func seconds(of property: ICSProperty) throws(ICSError) -> Int64 {
    switch parse(property.value) {
    case .seconds(let seconds): return seconds
    case .malformed: throw ICSError(line: property.line, "\(property.name) '\(property.value)' is not a duration")
    case .tooLong:
      throw ICSError(
        line: property.line,
        "\(property.name) '\(property.value)' is longer than the calendar (the years 1 to 9999): not an event")
    }
  }

  private enum Parsed {
    case seconds(Int64)
    case malformed
    case tooLong
  }

  private static func parse(_ text: String) -> Parsed {
    var scalars = Substring(text.trimmingSpaces().uppercased())
    var sign: Int64 = 1
    if scalars.first == "+" || scalars.first == "-" {
      sign = scalars.first == "-" ? -1 : 1
      scalars = scalars.dropFirst()
    }
    guard scalars.first == "P" else { return .malformed }
    scalars = scalars.dropFirst()
    var total: Int64 = 0
    var number = ""
    var inTime = false
    var sawUnit = false
    for character in scalars {
      if character == "T" {
        inTime = true
        continue
      }
      if character.isASCII && character.isNumber {
        number.append(character)
        continue
      }
      let scale: Int64
      switch (character, inTime) {
      case ("W", false): scale = 604_800
      case ("D", false): scale = 86_400
      case ("H", true): scale = 3600
      case ("M", true): scale = 60
      case ("S", true): scale = 1
      default: return .malformed
      }
      guard !number.isEmpty else { return .malformed }
      // Only digits are left: a number beyond Int64, or a product or sum beyond it, is longer than any calendar.
      guard let value = Int64(number) else { return .tooLong }
      let (part, productOverflow) = value.multipliedReportingOverflow(by: scale)
      let (sum, sumOverflow) = total.addingReportingOverflow(part)
      guard !productOverflow, !sumOverflow else { return .tooLong }
      total = sum
      number = ""
      sawUnit = true
    }
    guard number.isEmpty, sawUnit else { return .malformed }
    guard total <= maximumSeconds else { return .tooLong }
    return .seconds(sign * total)
  }

  /// Seconds as a DURATION, such as `PT1H30M` or `P2D`.
  public static func text(seconds: Int64) -> String {
    if seconds % 86_400 == 0 && seconds > 0 { return "P\(seconds / 86_400)D" }
    var text = "PT"
    let (hours, rest) = seconds.quotientAndRemainder(dividingBy: 3600)
    if hours > 0 { text += "\(hours)H" }
    if rest / 60 > 0 { text += "\(rest / 60)M" }
    if rest % 60 > 0 || text == "PT" { text += "\(rest % 60)S" }
    return text
  }
}

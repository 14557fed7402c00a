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
    var value = text.trimmingSpaces()
    guard let parsed = value.withUTF8({ Self.parse($0) }) else { return nil }
    (date, secondOfDay, isUTC) = parsed
  }

  private static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> (CivilDate, Int?, Bool)? {
    guard utf8.count >= 8, let year = number(utf8, 0..<4), let month = number(utf8, 4..<6),
      let day = number(utf8, 6..<8), let date = try? CivilDate(year: year, month: month, day: day)
    else { return nil }
    if utf8.count == 8 { return (date, nil, false) }
    guard utf8.count == 15 || (utf8.count == 16 && utf8[15] | 0x20 == UInt8(ascii: "z")),
      utf8[8] == UInt8(ascii: "T"), let hour = number(utf8, 9..<11), let minute = number(utf8, 11..<13),
      let second = number(utf8, 13..<15), hour < 24, minute < 60, second < 61
    else { return nil }
    return (date, hour * 3600 + minute * 60 + min(second, 59), utf8.count == 16)
  }

  /// Seconds since 1970-01-01 00:00 on the clock the value is written in.
  public var wallSeconds: Int64 { Int64(date.daysSince1970) * 86_400 + Int64(secondOfDay ?? 0) }

  private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    var value = 0
    for index in range {
      let byte = bytes[index]
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }
}

/// DURATION values: `P1D`, `PT1H30M`, `-PT15M`, `P2W`, `P1DT2H`. Weeks and days are nominal (RFC 5545
/// §3.3.6: a day is the same wall time the next day, whatever a clock change does in between), hours,
/// minutes and seconds exact, so a duration has two parts.
public enum ICSDuration {
  /// The longest duration an event may have: the calendar's whole span, from 1 January 1 to 31 December 9999.
  public static let maximumSeconds = Int64(EventLength.maximumMinutes) * 60

  /// The duration in seconds, a day taken as 86,400, or `nil` when `text` is not a duration or is longer
  /// than ``maximumSeconds`` either way.
  public static func seconds(_ text: String) -> Int64? {
    guard case .parts(let days, let seconds) = parse(text) else { return nil }
    return days * 86_400 + seconds
  }

  /// The value of `property` (such as DURATION) in seconds, a day taken as 86,400.
  ///
  /// - Throws: `ICSError` at the property's line when the value is not a duration, or is longer than the
  ///   calendar: such a length is not an event, and no instant can be computed from it.
  public static func seconds(of property: ICSProperty) throws(ICSError) -> Int64 {
    let (days, seconds) = try parts(of: property)
    return days * 86_400 + seconds
  }

  /// The value of `property` as nominal days (weeks included) and exact seconds, both of its sign.
  ///
  /// - Throws: as ``seconds(of:)``.
  public static func parts(of property: ICSProperty) throws(ICSError) -> (days: Int64, seconds: Int64) {
    switch parse(property.value) {
    case .parts(let days, let seconds): return (days, seconds)
    case .malformed: throw ICSError(line: property.line, "\(property.name) '\(property.value)' is not a duration")
    case .tooLong:
      throw ICSError(
        line: property.line,
        "\(property.name) '\(property.value)' is longer than the calendar (the years 1 to 9999): not an event")
    }
  }

  private enum Parsed {
    case parts(days: Int64, seconds: Int64)
    case malformed
    case tooLong
  }

  private static func parse(_ text: String) -> Parsed {
    // Read from the contiguous bytes: through the generic view, "PT1H" cost more than the rest of its line.
    var trimmed = text.trimmingSpaces()
    return trimmed.withUTF8 { parse($0) }
  }

  private static func parse(_ all: UnsafeBufferPointer<UInt8>) -> Parsed {
    var bytes = all[...]
    var sign: Int64 = 1
    if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
      sign = first == UInt8(ascii: "-") ? -1 : 1
      bytes = bytes.dropFirst()
    }
    guard let p = bytes.first, p | 0x20 == UInt8(ascii: "p") else { return .malformed }
    bytes = bytes.dropFirst()
    var days: Int64 = 0
    var seconds: Int64 = 0
    var number: Int64?
    var overflow = false
    var inTime = false
    var sawUnit = false
    for byte in bytes {
      if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        // Only digits are left: a number beyond Int64 is longer than any calendar.
        let (times, timesOverflow) = (number ?? 0).multipliedReportingOverflow(by: 10)
        let (sum, sumOverflow) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
        overflow = overflow || timesOverflow || sumOverflow
        number = sum
        continue
      }
      let unit = byte & ~0x20  // upper case
      if unit == UInt8(ascii: "T") && number == nil && !inTime {
        inTime = true
        continue
      }
      let scale: Int64
      switch (unit, inTime) {
      case (UInt8(ascii: "W"), false): scale = 7
      case (UInt8(ascii: "D"), false): scale = 1
      case (UInt8(ascii: "H"), true): scale = 3600
      case (UInt8(ascii: "M"), true): scale = 60
      case (UInt8(ascii: "S"), true): scale = 1
      default: return .malformed
      }
      guard let value = number else { return .malformed }
      guard !overflow else { return .tooLong }
      let (part, productOverflow) = value.multipliedReportingOverflow(by: scale)
      let (sum, sumOverflow) = (inTime ? seconds : days).addingReportingOverflow(part)
      guard !productOverflow, !sumOverflow else { return .tooLong }
      if inTime { seconds = sum } else { days = sum }
      number = nil
      sawUnit = true
    }
    guard number == nil, sawUnit else { return .malformed }
    guard days <= maximumSeconds / 86_400, seconds <= maximumSeconds - days * 86_400 else { return .tooLong }
    return .parts(days: sign * days, seconds: sign * seconds)
  }

  /// Exact seconds as a DURATION, such as `PT1H30M` or `PT24H`.
  public static func text(seconds: Int64) -> String {
    text(days: 0, seconds: seconds)
  }

  /// Nominal days and exact seconds as a DURATION: `P2D`, `P1DT2H`, `PT45M`.
  public static func text(days: Int64, seconds: Int64) -> String {
    var text = "P"
    if days > 0 { text += "\(days)D" }
    guard seconds > 0 || days == 0 else { return text }
    text += "T"
    let (hours, rest) = seconds.quotientAndRemainder(dividingBy: 3600)
    if hours > 0 { text += "\(hours)H" }
    if rest / 60 > 0 { text += "\(rest / 60)M" }
    if rest % 60 > 0 || text.hasSuffix("T") { text += "\(rest % 60)S" }
    return text
  }
}

/// A wall-clock time of day, to the minute: `14:30`.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Minutes after midnight, 0...1439.
  public let minutes: Int

  /// A time from minutes after midnight.
  public init?(minutes: Int) {
    guard (0..<1440).contains(minutes) else { return nil }
    self.minutes = minutes
  }

  /// Parses `HH:MM` (or `H:MM`).
  public init(parsing text: String) throws(TimeError) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let hour = parseDigits(parts[0], minimumCount: 1, maximumCount: 2),
      let minute = parseDigits(parts[1], minimumCount: 2, maximumCount: 2)
    else { throw .malformedTime(text) }
    guard hour < 24 else { throw .hourOutOfRange(text) }
    guard minute < 60 else { throw .minuteOutOfRange(text) }
    minutes = hour * 60 + minute
  }

  /// `HH:MM`.
  public var description: String { pad(minutes / 60, 2) + ":" + pad(minutes % 60, 2) }

  /// Earlier times sort first.
  public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minutes < rhs.minutes }
}

/// How long a timed event lasts: `45m`, `1h30m`, `2h`, `1d`.
public enum EventLength {
  /// The longest an event can last: the calendar's whole span, from 1 January 1 to 31 December 9999.
  public static let maximumMinutes = Gregorian.dayCount * 1440

  /// Minutes in `text`, a sequence of numbers with units d, h and m.
  public static func minutes(parsing text: String) throws(TimeError) -> Int {
    guard !text.hasPrefix("-") else { throw .negativeLength(text) }
    var total = 0
    var number = ""
    var units = Set<Character>()
    for character in text.lowercased() {
      if character.isASCII && character.isNumber {
        number.append(character)
        continue
      }
      let scale: Int
      switch character {
      case "d": scale = 1440
      case "h": scale = 60
      case "m": scale = 1
      default: throw .malformedLength(text)
      }
      guard let value = Int(number), value <= 100_000, units.insert(character).inserted else {
        throw .malformedLength(text)
      }
      total += value * scale
      number = ""
    }
    guard number.isEmpty, !units.isEmpty else { throw .malformedLength(text) }
    guard total > 0 else { throw .negativeLength(text) }
    return total
  }

  /// The days and the rest in minutes (`nil` when none) of `text`, as a schedule keeps them: `2d` is two days
  /// on the clock, `1d2h` a day and 120 minutes.
  public static func parts(parsing text: String) throws(TimeError) -> (days: Int, minutes: Int?) {
    let total = try minutes(parsing: text)
    let (days, rest) = total.quotientAndRemainder(dividingBy: 1440)
    return (days, rest > 0 ? rest : nil)
  }

  /// `1h30m`, `45m`, `2d`.
  public static func description(minutes: Int) -> String {
    let (days, rest) = minutes.quotientAndRemainder(dividingBy: 1440)
    let (hours, mins) = rest.quotientAndRemainder(dividingBy: 60)
    let text = (days > 0 ? "\(days)d" : "") + (hours > 0 ? "\(hours)h" : "") + (mins > 0 ? "\(mins)m" : "")
    return text.isEmpty ? "0m" : text
  }
}

/// A time or a length that cannot be used.
public enum TimeError: Error, Equatable, Sendable, CustomStringConvertible {
  case malformedTime(String)
  case hourOutOfRange(String)
  case minuteOutOfRange(String)
  case malformedLength(String)
  case negativeLength(String)

  /// One line for the user.
  public var description: String {
    switch self {
    case .malformedTime(let text): return "'\(text)' is not a time: expected HH:MM, such as 14:30"
    case .hourOutOfRange(let text): return "'\(text)' is not a time: hours are 00 to 23"
    case .minuteOutOfRange(let text): return "'\(text)' is not a time: minutes are 00 to 59"
    case .malformedLength(let text):
      return "'\(text)' is not a length: expected a number with d, h or m, such as 45m, 1h30m or 2d"
    case .negativeLength(let text): return "'\(text)' is not a length: it must be longer than zero"
    }
  }
}

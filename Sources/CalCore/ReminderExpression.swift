/// What a user may type for a reminder (`--remind`): a length before the start, or a signed offset from the
/// start or the end, or a date and time.
///
/// `15m`, `1h30m`, `1d` (before the start; `-15m` says the same), `+10m` (after the start), `start` or `0`
/// (at the start), `end`, `end-5m`, `end+1h`, and `2024-05-12T08:00` or `2024-05-12 08:00` (on the user's
/// clock).
public enum ReminderExpression {
  /// The forms, for error messages and help.
  public static let forms =
    "15m, 1h30m or 1d before the start, +10m after it, start, end, end-5m, end+1h, or a date and time such as 2024-05-12T08:00"

  /// The reminder `text` describes.
  ///
  /// - Parameter localZone: the user's zone, on whose clock a date and time is read.
  public static func reminder(_ text: String, localZone: ZoneInfo) throws(ReminderError) -> Reminder {
    let word = text.trimmingSpaces().lowercased()
    switch word {
    case "start", "0": return Reminder(.start(offsetSeconds: 0))
    case "end": return Reminder(.end(offsetSeconds: 0))
    default: break
    }
    if let instant = try dateTime(word, text: text, localZone: localZone) {
      return Reminder(.at(unixSeconds: instant))
    }
    var rest = Substring(word)
    var fromEnd = false
    if rest.hasPrefix("end") {
      fromEnd = true
      rest = rest.dropFirst(3)
      guard rest.first == "-" || rest.first == "+" else { throw .malformed(text) }
    }
    var sign: Int64 = -1
    if let first = rest.first, first == "-" || first == "+" {
      sign = first == "+" ? 1 : -1
      rest = rest.dropFirst()
    }
    let offset = sign * (try seconds(String(rest), text: text))
    return Reminder(fromEnd ? .end(offsetSeconds: offset) : .start(offsetSeconds: offset))
  }

  /// The one place a reminder's length is read: `45m`, `1h30m`, `2d`.
  static func seconds(_ length: String, text: String) throws(ReminderError) -> Int64 {
    do {
      return Int64(try EventLength.minutes(parsing: length)) * 60
    } catch {
      throw .malformed(text)
    }
  }

  /// `2024-05-12T08:00` or `2024-05-12 08:00` as an instant on `localZone`'s clock; `nil` when `word` is not
  /// written as a date and time.
  private static func dateTime(_ word: String, text: String, localZone: ZoneInfo) throws(ReminderError) -> Int64? {
    let parts = word.split(whereSeparator: { $0 == "t" || $0 == " " })
    guard parts.count == 2, parts[0].contains("-"), parts[1].contains(":") else { return nil }
    let day: CivilDate
    let time: TimeOfDay
    do {
      day = try CivilDate(parsing: String(parts[0]))
      time = try TimeOfDay(parsing: String(parts[1]))
    } catch {
      throw .invalidDateTime(text, String(describing: error))
    }
    return localZone.utc(fromLocal: Int64(day.daysSince1970) * 86_400 + Int64(time.minutes) * 60)
  }
}

/// A reminder that cannot be read.
public enum ReminderError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text is not one of the forms.
  case malformed(String)
  /// The text is a date and time, but not a valid one.
  case invalidDateTime(String, String)

  /// One line for the user.
  public var description: String {
    switch self {
    case .malformed(let text): return "'\(text)' is not a reminder: expected \(ReminderExpression.forms)"
    case .invalidDateTime(let text, let reason): return "'\(text)' is not a reminder time: \(reason)"
    }
  }
}

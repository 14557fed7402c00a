/// What a user may type for a reminder (`--remind`): a length before the start, a signed offset from the
/// start or the end, or a day and a time, in the grammar of `LengthExpression`, `DayExpression` and
/// `TimeExpression`.
///
/// `15m`, `1h30m`, `90`, `1d` (before the start; `-15m` says the same), `+10m` (after the start), `start` or
/// `0` (at the start), `end`, `end-5m`, `end+1h`, and a day and a time on the user's clock: `2024-05-12T08:00`,
/// `2024-05-12 08:00`, `tomorrow 8am`, `fri noon`.
public enum ReminderExpression {
  /// The forms, for error messages and help.
  public static let forms =
    "15m, 1h30m, 90 or 1d before the start, +10m after it, start, end, end-5m, end+1h, "
    + "or a day and a time such as 2024-05-12T08:00 or tomorrow 8am"

  /// The reminder `text` describes.
  ///
  /// - Parameters:
  ///   - today: the user's date, for days such as `tomorrow`.
  ///   - locale: the locale, for the names of days and months.
  ///   - localZone: the user's zone, on whose clock a day and a time are read.
  public static func reminder(
    _ text: String, today: CivilDate, locale: CalendarLocale = .english, localZone: ZoneInfo
  ) throws(ReminderError) -> Reminder {
    let word = text.trimmingSpaces().lowercased()
    switch word {
    case "start", "0": return Reminder(.start(offsetSeconds: 0))
    case "end": return Reminder(.end(offsetSeconds: 0))
    default: break
    }
    if let instant = try instant(word, text: text, today: today, locale: locale, localZone: localZone) {
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

  /// The one place a reminder's length is read, by the grammar of lengths: `45m`, `1h30`, `90`, `2d`.
  static func seconds(_ length: String, text: String) throws(ReminderError) -> Int64 {
    do {
      return Int64(try LengthExpression.minutes(length)) * 60
    } catch .lengthTooLong {
      throw .tooFar(text)
    } catch {
      throw .malformed(text)
    }
  }

  /// A day and a time as an instant on `localZone`'s clock: `2024-05-12T08:00`, or words whose last one or
  /// two are a time and whose others a day (`tomorrow 8am`, `2024-05-12 8 pm`); `nil` when `word` is not
  /// written so.
  private static func instant(
    _ word: String, text: String, today: CivilDate, locale: CalendarLocale, localZone: ZoneInfo
  ) throws(ReminderError) -> Int64? {
    var splits: [(day: String, time: String)] = []
    let words = word.split(separator: " ")
    if words.count == 1, let separator = word.firstIndex(of: "t"), word.first?.isNumber == true {
      // ISO 8601's form: the date, a T, the time; anything wrong in it is named.
      let day = String(word[..<separator])
      let time = String(word[word.index(after: separator)...])
      do {
        let date = try DayExpression.day(day, today: today, locale: locale)
        return wall(date, try TimeExpression.time(time), in: localZone)
      } catch let error as DateError {
        throw .invalidDateTime(text, error.description)
      } catch {
        throw .invalidDateTime(text, String(describing: error))
      }
    }
    for count in [1, 2] where words.count > count {
      splits.append(
        (words.dropLast(count).concatenated(separator: " "), words.suffix(count).concatenated(separator: " ")))
    }
    for (day, time) in splits {
      guard let date = try? DayExpression.day(day, today: today, locale: locale),
        let clock = try? TimeExpression.time(time)
      else { continue }
      return wall(date, clock, in: localZone)
    }
    return nil
  }

  /// `day` at `time` on `zone`'s clock, in Unix seconds.
  private static func wall(_ day: CivilDate, _ time: TimeOfDay, in zone: ZoneInfo) -> Int64 {
    zone.utc(fromLocal: Int64(day.daysSince1970) * 86_400 + Int64(time.minutes) * 60)
  }
}

/// A reminder that cannot be read.
public enum ReminderError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text is not one of the forms.
  case malformed(String)
  /// The text is a date and time, but not a valid one.
  case invalidDateTime(String, String)
  /// The text is written as a reminder, but a number in it is past the largest a length may have.
  case tooFar(String)

  /// One line for the user.
  public var description: String {
    switch self {
    case .malformed(let text): return "'\(text)' is not a reminder: expected \(ReminderExpression.forms)"
    case .invalidDateTime(let text, let reason): return "'\(text)' is not a reminder time: \(reason)"
    case .tooFar(let text):
      return "'\(text)' is not a reminder: a number in it is more than \(LengthExpression.largestNumber)"
    }
  }
}

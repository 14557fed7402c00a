/// How times of day are written for people to read: `14:30` on the 24-hour clock, `2:30pm` on the 12-hour
/// clock. Only text for people: JSON, iCalendar and `--format`'s `{start}` and `{end}` stay ISO 8601.
public enum ClockStyle: String, CaseIterable, Sendable {
  /// `09:30`, `14:30`, `00:15`: hours 00 to 23, in two digits.
  case twentyFourHour = "24h"
  /// `9:30am`, `2:30pm`, `12:15am`, `12:00pm`: hours 1 to 12 and am or pm, as ``TimeExpression`` reads them.
  case twelveHour = "12h"

  /// The clock of a locale's time format (`nl_langinfo(T_FMT)`): 12-hour when it writes the hour as 1 to 12
  /// (`%I`, `%l`), am or pm (`%p`, `%P`) or the whole 12-hour time (`%r`), as en_US's `%r` does; 24-hour for
  /// en_GB's and de_DE's `%T`, C's `%H:%M:%S` and anything else.
  public init(timeFormat format: String) {
    let bytes = Array(format.utf8)
    var index = 0
    while index + 1 < bytes.count {
      guard bytes[index] == UInt8(ascii: "%") else {
        index += 1
        continue
      }
      // A flag, a width or a modifier may stand between the % and the conversion (%-I, %_l, %OI, %Ep).
      var conversion = index + 1
      while conversion < bytes.count, "-_0^#EO123456789".utf8.contains(bytes[conversion]) { conversion += 1 }
      guard conversion < bytes.count else { break }
      if "IlpPr".utf8.contains(bytes[conversion]) {
        self = .twelveHour
        return
      }
      index = conversion + 1
    }
    self = .twentyFourHour
  }

  /// `minutes` after midnight, 0 to 1440, written on this clock: `14:30` or `2:30pm`. 1440 is the day's end,
  /// `24:00` or `12:00am` (the next midnight, as an end is read).
  public func text(minutes: Int) -> String {
    let minutes = min(max(minutes, 0), 1440)
    let (hour, minute) = minutes.quotientAndRemainder(dividingBy: 60)
    switch self {
    case .twentyFourHour:
      return pad(hour, 2) + ":" + pad(minute, 2)
    case .twelveHour:
      let dial = hour % 12 == 0 ? 12 : hour % 12
      return String(dial) + ":" + pad(minute, 2) + (hour % 24 < 12 ? "am" : "pm")
    }
  }

  /// The widest a time of day is written: `14:30`, `12:30pm`.
  public var widestTime: Int {
    switch self {
    case .twentyFourHour: return 5
    case .twelveHour: return 7
    }
  }

  /// The width of a column of times as listings write them, from a start to an end: `14:30-15:15`,
  /// `12:30pm-12:45pm`.
  public var rangeWidth: Int { widestTime * 2 + 1 }

  /// `text` (a time or a span of times, as listings write them) with a space before a start whose hour is one
  /// digit (` 9:30am`), so that the hours of a column line up; any other text as it is. 24-hour times always
  /// have two digits.
  public static func hourAligned(_ text: String) -> String {
    let bytes = text.utf8
    guard bytes.count >= 2, bytes[bytes.index(after: bytes.startIndex)] == UInt8(ascii: ":") else { return text }
    return " " + text
  }
}

extension TimeOfDay {
  /// The time written on `clock`: `14:30`, or `2:30pm`.
  public func description(on clock: ClockStyle) -> String {
    clock.text(minutes: minutes)
  }
}

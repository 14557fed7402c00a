import CalCore
import Glibc

extension CalMain {
  /// The current instant in Unix milliseconds.
  static func nowMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }

  /// Milliseconds on the monotonic clock.
  static func monotonicMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }

  /// `CAL_TEST_NOW`, for tests and documentation examples only: the instant to take for now, as Unix
  /// milliseconds or as `YYYY-MM-DDTHH:MM[:SS]` with `Z` or an offset such as `+02:00`; or `@FILE`, a file
  /// that holds such an instant and is read anew each time the clock is read, so that a test moves the clock
  /// of a running `cal remind --watch` by writing to it. No clock when unset (the real clock then); a problem
  /// to report when set to something that is not an instant within the years 1 to 9999, rather than a
  /// silent fall back to the real clock.
  static func pinnedClock() -> (clock: (now: () -> Int64, file: String?)?, problem: String?) {
    guard let text = getenv("CAL_TEST_NOW").map({ String(cString: $0) }), !text.isEmpty else { return (nil, nil) }
    guard text.hasPrefix("@") else {
      guard let instant = instant(text) else {
        return (
          nil,
          "CAL_TEST_NOW: '\(text)' is not an instant within the years 1 to 9999: write Unix milliseconds or "
            + "2024-05-12T10:00:00+02:00"
        )
      }
      return (({ instant }, nil), nil)
    }
    let file = String(text.dropFirst())
    return (({ readFile(file).flatMap { instant(String(decoding: $0, as: UTF8.self)) } ?? 0 }, file), nil)
  }

  /// An instant as `CAL_TEST_NOW` gives it, in Unix milliseconds; `nil` when it cannot be read or lies
  /// outside the years 1 to 9999 on UTC's clock.
  static func instant(_ text: String) -> Int64? {
    var text = text
    while text.last?.isWhitespace == true { text.removeLast() }
    let milliseconds: Int64
    let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
      guard let value = Int64(text) else { return nil }
      milliseconds = value
    } else {
      guard let seconds = dateTimeSeconds(text) else { return nil }
      milliseconds = seconds * 1000
    }
    guard CivilDate(daysSince1970: Int(milliseconds.floorDivided(by: 86_400_000))) != nil else { return nil }
    return milliseconds
  }

  /// `YYYY-MM-DDTHH:MM[:SS]` with `Z` or an offset of less than a day, in seconds since 1970 UTC.
  private static func dateTimeSeconds(_ text: String) -> Int64? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 17, bytes[10] == UInt8(ascii: "T"), let date = try? CivilDate(parsing: String(text.prefix(10)))
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      guard bytes[range].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
      return Int(String(decoding: bytes[range], as: UTF8.self))
    }
    guard bytes[13] == UInt8(ascii: ":"), let hour = number(11..<13), let minute = number(14..<16), hour < 24,
      minute < 60
    else { return nil }
    var index = 16
    var second = 0
    if bytes.count > 19, bytes[16] == UInt8(ascii: ":"), let value = number(17..<19), value < 60 {
      second = value
      index = 19
    }
    var offset = 0
    let zone = bytes[index...]
    if zone.elementsEqual("Z".utf8) {
      offset = 0
    } else if zone.count == 6, let sign = zone.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
      bytes[index + 3] == UInt8(ascii: ":"), let hours = number((index + 1)..<(index + 3)),
      let minutes = number((index + 4)..<(index + 6)), hours < 24, minutes < 60
    {
      offset = (sign == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
    } else {
      return nil
    }
    return Int64(date.daysSince1970) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
  }
}

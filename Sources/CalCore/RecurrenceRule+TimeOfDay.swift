extension RecurrenceRule {
  /// The parts that set the time of day of each occurrence, in the order of their fields: hour, minute, second.
  private static let timeParts = ["BYHOUR", "BYMINUTE", "BYSECOND"]

  /// The RRULE text `text` without BYHOUR, BYMINUTE and BYSECOND, when each holds one value, DTSTART's own hour,
  /// minute or second (of `secondOfDay`), as Lotus Notes and some Exchange servers write them: RFC 5545 gives
  /// every occurrence after DTSTART the time they make, which is then DTSTART's, the one start time an event
  /// has in `cal`.
  ///
  /// - Parameter secondOfDay: DTSTART's time on its own clock; `nil` for an all-day event.
  /// - Throws: `RecurrenceError.unsupported` naming the part and why, when it makes another time than
  ///   DTSTART's or several, or gives an all-day event a time.
  public static func withoutStartTime(_ text: String, secondOfDay: Int?) throws(RecurrenceError) -> String {
    let parts = text.split(separator: ";")
    var kept: [Substring] = []
    for part in parts {
      let name = part.prefix { $0 != "=" }.uppercased()
      guard let field = timeParts.firstIndex(of: name) else {
        kept.append(part)
        continue
      }
      guard let secondOfDay else { throw .unsupported("\(part) (an all-day event has no time of day)") }
      let value = part.drop { $0 != "=" }.dropFirst()
      guard !value.contains(",") else { throw .unsupported("\(part) (\(severalTimes))") }
      let own = [secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60][field]
      guard Int(value) == own else { throw .unsupported("\(part) (a time other than DTSTART's: \(oneStartTime))") }
    }
    return kept.count == parts.count ? text : kept.concatenated(separator: ";")
  }

  /// Why a rule that sets a time of day is not kept.
  static let oneStartTime = "an event in cal has one start time"
  /// Why a rule that makes several times a day is not kept.
  static let severalTimes = "several times a day: \(oneStartTime)"
}

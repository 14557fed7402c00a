extension RecurrenceRule {
  /// The UNTIL of the RRULE text `text` as the last day of a series on its own clock, or `nil` when the text
  /// has none. A DATE is that day. A DATE-TIME is an instant (UTC, as RFC 5545 asks of a series with a time
  /// zone, also when a product forgot the `Z`; on the event's clock when it has none), and the last day is the
  /// last one whose occurrence starts by then: the day before, when the time is before the start time.
  ///
  /// - Parameters:
  ///   - startTime: the series' start time; `nil` for all-day events, which take UNTIL's day.
  ///   - zone: the zone the series' times are on; `nil` when UNTIL is read on the event's clock as it is.
  /// - Throws: `RecurrenceError.malformed` when UNTIL is not a DATE or a DATE-TIME.
  public static func untilDay(in text: String, startTime: TimeOfDay?, zone: ZoneInfo?) throws(RecurrenceError)
    -> CivilDate?
  {
    guard let part = text.split(separator: ";").first(where: { $0.uppercased().hasPrefix("UNTIL=") }) else {
      return nil
    }
    let value = String(part.dropFirst(6))
    guard let until = ICSDateTime(value) else { throw .malformed("UNTIL=\(value) is not a date") }
    guard until.secondOfDay != nil, let startTime else { return until.date }
    guard let local = (zone ?? .utc).wallClock(atUTC: until.wallSeconds) else { return until.date }
    return local.secondOfDay / 60 >= startTime.minutes ? local.date : (local.date.adding(days: -1) ?? local.date)
  }
}

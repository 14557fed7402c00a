/// A RECURRENCE-ID (RFC 5545 §3.8.4.4): which occurrence of a series an edited occurrence replaces, as the
/// series names it, on the series' clock: a day (`VALUE=DATE:20240527`), or a day and time in UTC
/// (`20240527T180000Z`), in a zone (`TZID=Europe/Berlin:20240527T200000`) or floating (`20240527T200000`).
public struct RecurrenceID: Hashable, Sendable, CustomStringConvertible {
  /// The day.
  public var day: CivilDate
  /// The time, to the minute; `nil` for a DATE.
  public var time: TimeOfDay?
  /// The zone of the time: `UTC`, a zone name, or `nil` for a floating time (and for a DATE).
  public var timeZone: String?

  /// A RECURRENCE-ID from its parts; a DATE has no zone.
  public init(day: CivilDate, time: TimeOfDay? = nil, timeZone: String? = nil) {
    self.day = day
    self.time = time
    self.timeZone = time == nil ? nil : timeZone
  }

  /// Parses the form ``description`` writes.
  public init?(parsing text: String) {
    var zone: String?
    var value = Substring(text)
    if value.hasPrefix("VALUE=DATE:") {
      value = value.dropFirst("VALUE=DATE:".count)
      guard value.utf8.count == 8 else { return nil }
    } else if value.hasPrefix("TZID=") {
      // A zone name may hold a colon; the value after the last one never does.
      guard let colon = value.lastIndex(of: ":") else { return nil }
      zone = String(value[value.index(value.startIndex, offsetBy: 5)..<colon])
      value = value[value.index(after: colon)...]
      guard !(zone ?? "").isEmpty, value.utf8.count == 15 else { return nil }
    } else if value.utf8.count != 15 && value.utf8.count != 16 {
      return nil
    }
    guard let parsed = ICSDateTime(String(value)) else { return nil }
    if parsed.isUTC { zone = "UTC" }
    guard let second = parsed.secondOfDay else {
      self.init(day: parsed.date)
      return
    }
    guard second % 60 == 0 else { return nil }
    self.init(day: parsed.date, time: TimeOfDay(minutes: second / 60), timeZone: zone)
  }

  /// The value without its parameter: `20240527`, `20240527T180000Z`, `20240527T200000`.
  public var value: String {
    let date = pad(day.year, 4) + pad(day.month, 2) + pad(day.day, 2)
    guard let time else { return date }
    return date + "T" + pad(time.minutes / 60, 2) + pad(time.minutes % 60, 2) + "00" + (timeZone == "UTC" ? "Z" : "")
  }

  /// The RECURRENCE-ID's parameter and value as a content line has them after the name and its `;`, such
  /// as `TZID=Europe/Berlin:20240527T200000`: how it is stored.
  public var description: String {
    guard time != nil else { return "VALUE=DATE:" + value }
    switch timeZone {
    case nil, "UTC"?: return value
    case let zone?: return "TZID=" + zone + ":" + value
    }
  }

  /// The same occurrence as a schedule names a day and time: what the writer writes dates from.
  public var schedule: EventSchedule {
    EventSchedule(startDay: day, startTime: time, timeZone: timeZone)
  }
}

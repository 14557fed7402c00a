/// An event to write: its UID, texts and schedule, with its exceptions, extra dates and edited occurrences.
public struct ExportedEvent: Sendable {
  /// The UID, the same in every export.
  public var uid: String
  /// SUMMARY.
  public var title: String
  /// DESCRIPTION.
  public var note: String?
  /// LOCATION.
  public var location: String?
  /// DTSTART, DTEND or DURATION, and RRULE.
  public var schedule: EventSchedule
  /// Removed occurrences (EXDATE).
  public var exceptions: [CivilDate]
  /// Extra occurrences (RDATE), each with its own day, time and zone.
  public var additions: [EventSchedule]
  /// Edited occurrences, by the day of the occurrence they replace.
  public var overrides: [(day: CivilDate, event: ExportedEvent)]
  /// When it was added (CREATED), Unix milliseconds.
  public var created: Int64
  /// When it last changed (LAST-MODIFIED), Unix milliseconds.
  public var modified: Int64

  /// An event to export.
  public init(
    uid: String, title: String, note: String?, location: String?, schedule: EventSchedule, exceptions: [CivilDate] = [],
    additions: [EventSchedule] = [], overrides: [(day: CivilDate, event: ExportedEvent)] = [], created: Int64,
    modified: Int64
  ) {
    self.uid = uid
    self.title = title
    self.note = note
    self.location = location
    self.schedule = schedule
    self.exceptions = exceptions
    self.additions = additions
    self.overrides = overrides
    self.created = created
    self.modified = modified
  }
}

/// Writes valid RFC 5545: CRLF line ends, lines folded at 75 octets without splitting a UTF-8 character,
/// text escaped, all-day events as DATE, timed ones with their TZID and the VTIMEZONE it needs,
/// repeats as RRULE, EXDATE, RDATE and RECURRENCE-ID overrides.
public struct ICSWriter {
  /// The product, for PRODID.
  public let product: String
  /// The time of the export (DTSTAMP), Unix milliseconds.
  public let now: Int64
  /// The zones the events use, by name.
  public let zones: [String: ZoneInfo]
  /// DTSTAMP, the same for every event.
  private let stamp: String

  /// A writer.
  public init(product: String, now: Int64, zones: [String: ZoneInfo]) {
    self.product = product
    self.now = now
    self.zones = zones
    self.stamp = Self.utc(now)
  }

  /// The whole VCALENDAR.
  public func calendar(_ events: [ExportedEvent]) -> String {
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(product)", "CALSCALE:GREGORIAN"]
    let used = Set(
      events.flatMap {
        [$0.schedule.timeZone] + $0.overrides.map(\.event.schedule.timeZone) + $0.additions.map(\.timeZone)
      }.compactMap { $0 })
    for name in used.sorted() where name != "UTC" {
      if let zone = zones[name] { lines += timeZone(name, zone) }
    }
    for event in events {
      lines += vevent(event, recurrenceDay: nil, series: nil)
      for (day, override) in event.overrides {
        var occurrence = override
        occurrence.uid = event.uid  // an edited occurrence shares its series' UID
        lines += vevent(occurrence, recurrenceDay: day, series: event.schedule)
      }
    }
    lines.append("END:VCALENDAR")
    var text = ""
    text.reserveCapacity(lines.count * 48)
    for line in lines { Self.fold(line, into: &text) }
    return text
  }

  private func vevent(_ event: ExportedEvent, recurrenceDay: CivilDate?, series: EventSchedule?) -> [String] {
    let schedule = event.schedule
    var lines = ["BEGIN:VEVENT", "UID:\(ICSText.escaped(event.uid))", "DTSTAMP:" + stamp]
    lines.append("CREATED:\(utc(event.created))")
    lines.append("LAST-MODIFIED:\(utc(event.modified))")
    if let recurrenceDay, let series {
      lines.append(dateProperty("RECURRENCE-ID", recurrenceDay, schedule: series))
    }
    lines.append(dateProperty("DTSTART", schedule.startDay, schedule: schedule))
    if schedule.isAllDay {
      let end = (schedule.endDay ?? schedule.startDay).adding(days: 1) ?? schedule.startDay
      lines.append("DTEND;VALUE=DATE:\(basic(end))")
    } else if let minutes = schedule.lengthMinutes {
      lines.append("DURATION:\(ICSDuration.text(seconds: Int64(minutes) * 60))")
    }
    lines.append("SUMMARY:\(ICSText.escaped(event.title))")
    if let note = event.note { lines.append("DESCRIPTION:\(ICSText.escaped(note))") }
    if let location = event.location { lines.append("LOCATION:\(ICSText.escaped(location))") }
    if let rule = schedule.rule, recurrenceDay == nil { lines.append("RRULE:" + ruleText(rule, schedule: schedule)) }
    if !event.exceptions.isEmpty {
      lines.append(dateListProperty("EXDATE", event.exceptions, schedule: schedule))
    }
    for addition in event.additions {
      lines.append(dateProperty("RDATE", addition.startDay, schedule: addition))
    }
    lines.append("END:VEVENT")
    return lines
  }

  /// The RRULE's text, its UNTIL of DTSTART's value type (RFC 5545 §3.3.10): a DATE for an all-day event; for a
  /// timed one the instant the UNTIL day's occurrence would start, which is at or after the last occurrence and
  /// before the next. In UTC for a zoned start (as the RFC requires), floating for a floating one.
  private func ruleText(_ rule: RecurrenceRule, schedule: EventSchedule) -> String {
    guard let until = rule.until, let time = schedule.startTime else { return rule.description }
    let wall = Int64(until.daysSince1970) * 86_400 + Int64(time.minutes) * 60
    let value: String
    switch schedule.timeZone {
    case nil: value = wallClock(until, time)
    case "UTC"?: value = utc(wall * 1000)
    // A zone the caller did not load: read the wall clock as UTC rather than write a DATE that readers reject.
    case let name?: value = utc((zones[name]?.utc(fromLocal: wall) ?? wall) * 1000)
    }
    return rule.description.split(separator: ";").map { $0.hasPrefix("UNTIL=") ? "UNTIL=" + value : String($0) }
      .joined(separator: ";")
  }

  /// `DTSTART;VALUE=DATE:20240512`, `DTSTART;TZID=Europe/Berlin:20240512T143000`, `...Z` or floating.
  private func dateProperty(_ name: String, _ day: CivilDate, schedule: EventSchedule) -> String {
    dateListProperty(name, [day], schedule: schedule)
  }

  private func dateListProperty(_ name: String, _ days: [CivilDate], schedule: EventSchedule) -> String {
    guard let time = schedule.startTime else {
      return "\(name);VALUE=DATE:" + days.map(basic).joined(separator: ",")
    }
    let stamps = days.map { wallClock($0, time) }
    switch schedule.timeZone {
    case "UTC"?: return "\(name):" + stamps.map { $0 + "Z" }.joined(separator: ",")
    case let zone?: return "\(name);TZID=\(zone):" + stamps.joined(separator: ",")
    case nil: return "\(name):" + stamps.joined(separator: ",")
    }
  }

  /// `20240512T143000`: a day and time as the clock reads, without zone.
  private func wallClock(_ day: CivilDate, _ time: TimeOfDay) -> String {
    basic(day) + "T" + pad(time.minutes / 60, 2) + pad(time.minutes % 60, 2) + "00"
  }

  private func basic(_ day: CivilDate) -> String { Self.basic(day) }

  private static func basic(_ day: CivilDate) -> String {
    pad(day.year, 4) + pad(day.month, 2) + pad(day.day, 2)
  }

  private func utc(_ milliseconds: Int64) -> String { Self.utc(milliseconds) }

  private static func utc(_ milliseconds: Int64) -> String {
    guard let moment = LocalDateTime(unixMilliseconds: milliseconds, utcOffsetSeconds: 0) else {
      return "19700101T000000Z"
    }
    let second = moment.secondOfDay
    return basic(moment.date) + "T" + pad(second / 3600, 2) + pad(second / 60 % 60, 2) + pad(second % 60, 2) + "Z"
  }

  /// A VTIMEZONE from the zone's current rule: STANDARD and DAYLIGHT with yearly RRULEs, or one STANDARD.
  func timeZone(_ name: String, _ zone: ZoneInfo) -> [String] {
    var lines = ["BEGIN:VTIMEZONE", "TZID:\(name)"]
    let rule = zone.rule
    if let rule, let daylight = rule.daylightOffset, let start = rule.start, let end = rule.end,
      let daylightLines = observance("DAYLIGHT", from: rule.standardOffset, to: daylight, change: start),
      let standardLines = observance("STANDARD", from: daylight, to: rule.standardOffset, change: end)
    {
      lines += daylightLines + standardLines
    } else {
      let offset = zone.offset(atUTC: now / 1000)
      lines += [
        "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:\(Self.offset(offset))",
        "TZOFFSETTO:\(Self.offset(offset))", "END:STANDARD",
      ]
    }
    lines.append("END:VTIMEZONE")
    return lines
  }

  /// A STANDARD or DAYLIGHT observance for a POSIX `Mm.w.d` change; `nil` for other kinds of rule.
  private func observance(_ kind: String, from: Int, to: Int, change: PosixRule.TransitionDate) -> [String]? {
    guard case .monthWeekDay(let month, let week, let weekday) = change.day,
      let first = change.localSeconds(inYear: 1970)
    else { return nil }
    let day = CivilDate(daysSince1970: Int(first / 86_400)) ?? CivilDate(validYear: 1970, month: month, day: 1)
    let clock = Int(first % 86_400)
    return [
      "BEGIN:\(kind)",
      "DTSTART:\(basic(day))T\(pad(clock / 3600, 2))\(pad(clock / 60 % 60, 2))\(pad(clock % 60, 2))",
      "TZOFFSETFROM:\(Self.offset(from))", "TZOFFSETTO:\(Self.offset(to))",
      "RRULE:FREQ=YEARLY;BYMONTH=\(month);BYDAY=\(week == 5 ? -1 : week)\(RecurrenceRule.weekdayCodes[weekday])",
      "END:\(kind)",
    ]
  }

  /// `+0100`, `-0530`.
  static func offset(_ seconds: Int) -> String {
    let magnitude = abs(seconds)
    return (seconds < 0 ? "-" : "+") + pad(magnitude / 3600, 2) + pad(magnitude / 60 % 60, 2)
      + (magnitude % 60 == 0 ? "" : pad(magnitude % 60, 2))
  }

  /// Appends one content line to `text`, folded at 75 octets (continuation lines start with a space) and
  /// ended with CRLF.
  static func fold(_ line: String, into text: inout String) {
    if line.utf8.count <= 75 {
      text += line
      text += "\r\n"
      return
    }
    var result = ""
    var count = 0
    for character in line {
      let size = character.utf8.count
      if count + size > 75 {
        result += "\r\n "
        count = 1
      }
      result.append(character)
      count += size
    }
    text += result
    text += "\r\n"
  }
}

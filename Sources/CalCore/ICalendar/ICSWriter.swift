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
  /// Its alarms (VALARM).
  public var alarms: [ICSAlarm]
  /// When it was added (CREATED), Unix milliseconds.
  public var created: Int64
  /// When it last changed (LAST-MODIFIED), Unix milliseconds.
  public var modified: Int64

  /// An event to export.
  public init(
    uid: String, title: String, note: String?, location: String?, schedule: EventSchedule, exceptions: [CivilDate] = [],
    additions: [EventSchedule] = [], overrides: [(day: CivilDate, event: ExportedEvent)] = [],
    alarms: [ICSAlarm] = [], created: Int64, modified: Int64
  ) {
    self.uid = uid
    self.title = title
    self.note = note
    self.location = location
    self.schedule = schedule
    self.exceptions = exceptions
    self.additions = additions
    self.overrides = overrides
    self.alarms = alarms
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
    for (name, span) in Self.zoneSpans(events).sorted(by: { $0.key < $1.key }) where name != "UTC" {
      if let zone = zones[name] { lines += timeZone(name, zone, from: span.first, through: span.last) }
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
    for alarm in event.alarms { lines += alarm.lines(description: event.title) }
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

  /// `20240512T143000Z`: an instant (Unix milliseconds) in UTC, as DTSTAMP and absolute alarms write it.
  static func utc(_ milliseconds: Int64) -> String {
    guard let moment = LocalDateTime(unixMilliseconds: milliseconds, utcOffsetSeconds: 0) else {
      return "19700101T000000Z"
    }
    let second = moment.secondOfDay
    return basic(moment.date) + "T" + pad(second / 3600, 2) + pad(second / 60 % 60, 2) + pad(second % 60, 2) + "Z"
  }

  /// For each zone the events name, the days their occurrences cover: from the first day through the last,
  /// `nil` for a series without end.
  static func zoneSpans(_ events: [ExportedEvent]) -> [String: (first: CivilDate, last: CivilDate?)] {
    var spans: [String: (first: CivilDate, last: CivilDate?)] = [:]
    func add(_ schedule: EventSchedule) {
      guard let name = schedule.timeZone else { return }
      let last = schedule.lastDay()
      guard let known = spans[name] else {
        spans[name] = (schedule.startDay, last)
        return
      }
      let later = known.last.flatMap { known in last.map { max(known, $0) } }
      spans[name] = (min(known.first, schedule.startDay), later)
    }
    for event in events {
      add(event.schedule)
      event.overrides.forEach { add($0.event.schedule) }
      event.additions.forEach(add)
    }
    return spans
  }

  /// A VTIMEZONE that gives the offset of every instant from `first` through `last` (`nil`: without end) as
  /// the zone's history has it: the observance in force at the start, then each change, consecutive years
  /// that change alike collapsed into a yearly RRULE, the rest as RDATEs; for a series without end, the
  /// rule for the future without UNTIL.
  func timeZone(_ name: String, _ zone: ZoneInfo, from first: CivilDate, through last: CivilDate?) -> [String] {
    // A day's margin either side: a day on the zone's clock is within a day of the same day on UTC's.
    let (before, changes) = zone.changes(
      from: Int64(first.daysSince1970 - 1) * 86_400, through: last.map { Int64($0.daysSince1970 + 2) * 86_400 })
    var observances: [(onset: Int64, lines: [String])] = []
    if let before {
      // In force since before any record: from 1601, where Outlook starts its zones, or earlier events' year.
      let year = min(1601, max(1, first.year - 1))
      observances.append((.min, observance("STANDARD", onset: pad(year, 4) + "0101T000000", from: before, to: before)))
    }
    var singles: [[ZoneInfo.Change]] = []
    for run in Self.yearlyRuns(changes) {
      guard run.changes.count > 1, let head = run.changes.first, let tail = run.changes.last else {
        if let index = singles.firstIndex(where: { Self.alike($0[0], run.changes[0]) }) {
          singles[index] += run.changes
        } else {
          singles.append(run.changes)
        }
        continue
      }
      let forever =
        last == nil && tail.followsRule && !changes.contains { $0.instant > tail.instant && Self.alike($0, tail) }
      let until = forever ? "" : ";UNTIL=" + utc(tail.instant * 1000)
      var lines = observance(
        head.isDaylight ? "DAYLIGHT" : "STANDARD", onset: wallClock(head.localOnset), from: head.from, to: head.to)
      lines.insert("RRULE:FREQ=YEARLY;BYMONTH=\(run.month);\(run.day)\(until)", at: lines.count - 1)
      observances.append((head.localOnset, lines))
    }
    for group in singles {
      let head = group[0]
      var lines = observance(
        head.isDaylight ? "DAYLIGHT" : "STANDARD", onset: wallClock(head.localOnset), from: head.from, to: head.to)
      if group.count > 1 {
        lines.insert(
          "RDATE:" + group.dropFirst().map { wallClock($0.localOnset) }.joined(separator: ","), at: lines.count - 1)
      }
      observances.append((head.localOnset, lines))
    }
    return ["BEGIN:VTIMEZONE", "TZID:\(name)"] + observances.sorted { $0.onset < $1.onset }.flatMap(\.lines)
      + ["END:VTIMEZONE"]
  }

  /// Changes of the same kind between the same offsets.
  private static func alike(_ one: ZoneInfo.Change, _ other: ZoneInfo.Change) -> Bool {
    one.isDaylight == other.isDaylight && one.from == other.from && one.to == other.to
  }

  /// `changes` in runs of consecutive years that change alike: the same month, time of day and a BYDAY
  /// (`BYDAY=-1SU`, `BYDAY=2SU`) or BYMONTHDAY that every year of the run fits.
  private static func yearlyRuns(_ changes: [ZoneInfo.Change]) -> [(
    changes: [ZoneInfo.Change], month: Int, day: String
  )] {
    struct Run {
      var changes: [ZoneInfo.Change]
      var year: Int
      var month: Int
      var second: Int
      var days: [String]
    }
    var open: [Run] = []
    var closed: [Run] = []
    for change in changes {
      guard let onset = LocalDateTime(unixMilliseconds: change.localOnset * 1000, utcOffsetSeconds: 0) else { continue }
      let (date, secondOfDay) = (onset.date, onset.secondOfDay)
      let code = RecurrenceRule.weekdayCodes[date.weekday.rawValue]
      var days = date.day + 7 > date.yearMonth.numberOfDays ? ["BYDAY=-1" + code] : []
      if date.day <= 28 { days.append("BYDAY=\((date.day - 1) / 7 + 1)" + code) }
      days.append("BYMONTHDAY=\(date.day)")
      if let index = open.firstIndex(where: {
        alike($0.changes[0], change) && $0.year + 1 == date.year && $0.month == date.month && $0.second == secondOfDay
          && $0.days.contains(where: days.contains)
      }) {
        open[index].changes.append(change)
        open[index].year = date.year
        open[index].days.removeAll { !days.contains($0) }
        continue
      }
      // A change of the same kind that does not continue a run ends it.
      if let index = open.firstIndex(where: { alike($0.changes[0], change) }) { closed.append(open.remove(at: index)) }
      open.append(Run(changes: [change], year: date.year, month: date.month, second: secondOfDay, days: days))
    }
    return (closed + open).sorted { $0.changes[0].instant < $1.changes[0].instant }.map {
      ($0.changes, $0.month, $0.days[0])
    }
  }

  /// A STANDARD or DAYLIGHT observance starting at `onset` (on the clock of the offset before).
  private func observance(_ kind: String, onset: String, from: Int, to: Int) -> [String] {
    [
      "BEGIN:\(kind)", "DTSTART:\(onset)", "TZOFFSETFROM:\(Self.offset(from))", "TZOFFSETTO:\(Self.offset(to))",
      "END:\(kind)",
    ]
  }

  /// `19701025T030000`: seconds since 1970 on some clock, as that clock reads.
  private func wallClock(_ seconds: Int64) -> String {
    String(utc(seconds * 1000).dropLast())
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

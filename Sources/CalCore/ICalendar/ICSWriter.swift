/// An event to write: its UID, texts and schedule, with its exceptions, extra dates and edited occurrences.
public struct ExportedEvent: Sendable {
  /// The UID, the same in every export.
  public var uid: String
  /// For an edited occurrence of a series kept elsewhere: written as its UID and RECURRENCE-ID instead of
  /// ``uid``.
  public var seriesLink: SeriesLink?
  /// SUMMARY.
  public var title: String
  /// Whether the event came without a SUMMARY and is written without one.
  public var omitsSummary: Bool
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
  /// Content lines kept from its source, written as they came (see ``EventFields/keptLines``).
  public var keptLines: String?

  /// An event to export.
  public init(
    uid: String, title: String, note: String?, location: String?, schedule: EventSchedule, exceptions: [CivilDate] = [],
    additions: [EventSchedule] = [], overrides: [(day: CivilDate, event: ExportedEvent)] = [],
    alarms: [ICSAlarm] = [], created: Int64, modified: Int64, omitsSummary: Bool = false,
    seriesLink: SeriesLink? = nil, keptLines: String? = nil
  ) {
    self.uid = uid
    self.seriesLink = seriesLink
    self.title = title
    self.omitsSummary = omitsSummary
    self.note = note
    self.location = location
    self.schedule = schedule
    self.exceptions = exceptions
    self.additions = additions
    self.overrides = overrides
    self.alarms = alarms
    self.created = created
    self.modified = modified
    self.keptLines = keptLines
  }
}

/// Writes valid RFC 5545: CRLF line ends, lines folded at 75 octets without splitting a UTF-8 character,
/// text escaped, all-day events as DATE, timed ones with their TZID and the VTIMEZONE it needs,
/// repeats as RRULE, EXDATE, RDATE and RECURRENCE-ID overrides.
///
/// A calendar is written in pieces into a byte buffer (``header(timeZones:into:)``, ``event(_:into:)`` for
/// each event, ``footer(into:)``), so that an export of any size can be handed to a file as it goes.
public struct ICSWriter {
  /// The product, for PRODID.
  public let product: String
  /// The time of the export (DTSTAMP), Unix milliseconds.
  public let now: Int64
  /// The zones the events use, by name.
  public let zones: [String: ZoneInfo]
  /// DTSTAMP, the same for every event, as its content line.
  let stampLine: [UInt8]
  /// Each zone of ``zones`` as its TZID parameter's value.
  let zoneParameters: [String: String]
  /// Values made for the event before.
  private let memo = ICSWriterMemo()

  /// A writer.
  public init(product: String, now: Int64, zones: [String: ZoneInfo]) {
    self.product = product
    self.now = now
    self.zones = zones
    self.stampLine = Array("DTSTAMP:\(Self.utc(now))\r\n".utf8)
    self.zoneParameters = Dictionary(uniqueKeysWithValues: zones.keys.map { ($0, Self.parameterValue($0)) })
  }

  /// The whole VCALENDAR.
  public func calendar(_ events: [ExportedEvent]) -> String {
    var bytes: [UInt8] = []
    header(timeZones: Self.zoneSpans(events), into: &bytes)
    for event in events { self.event(event, into: &bytes) }
    footer(into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// BEGIN:VCALENDAR and its properties, and a VTIMEZONE for each zone of `spans` (but UTC) that
  /// ``zones`` holds, giving its offsets over the span's days.
  public func header(timeZones spans: [String: (first: CivilDate, last: CivilDate?)], into output: inout [UInt8]) {
    for line in ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:\(product)", "CALSCALE:GREGORIAN"] {
      Self.fold(line, into: &output)
    }
    for (name, span) in spans.sorted(by: { $0.key < $1.key }) where name != "UTC" {
      guard let zone = zones[name] else { continue }
      for line in timeZone(name, zone, from: span.first, through: span.last) { Self.fold(line, into: &output) }
    }
  }

  /// One event: its VEVENT, and one for each of its edited occurrences.
  public func event(_ event: ExportedEvent, into output: inout [UInt8]) {
    if let link = event.seriesLink {
      var occurrence = event
      occurrence.uid = link.uid
      vevent(occurrence, recurrenceID: link.recurrenceID.schedule, into: &output)
      return
    }
    vevent(event, recurrenceID: nil, into: &output)
    for (day, override) in event.overrides {
      var occurrence = override
      occurrence.uid = event.uid  // an edited occurrence shares its series' UID
      // The RECURRENCE-ID names the occurrence on the series' clock.
      var replaced = event.schedule
      replaced.startDay = day
      vevent(occurrence, recurrenceID: replaced, into: &output)
    }
  }

  /// END:VCALENDAR.
  public func footer(into output: inout [UInt8]) {
    Self.fold("END:VCALENDAR", into: &output)
  }

  /// One VEVENT; with `recurrenceID`, an edited occurrence, RECURRENCE-ID naming the start of the occurrence
  /// it replaces.
  private func vevent(_ event: ExportedEvent, recurrenceID: EventSchedule?, into output: inout [UInt8]) {
    let schedule = event.schedule
    Self.fold("BEGIN:VEVENT", into: &output)
    Self.textLine("UID:", event.uid, into: &output)
    output += stampLine
    let created = memo.instant(event.created, Self.utcWords)
    Self.line("CREATED:", into: &output) { Self.append(created, to: &$0) }
    // Most events were never changed: the instant's words made once.
    let modified = event.modified == event.created ? created : memo.instant(event.modified, Self.utcWords)
    Self.line("LAST-MODIFIED:", into: &output) { Self.append(modified, to: &$0) }
    if let recurrenceID {
      dateListProperty("RECURRENCE-ID", CollectionOfOne(recurrenceID.startDay), schedule: recurrenceID, into: &output)
    }
    dateListProperty("DTSTART", CollectionOfOne(schedule.startDay), schedule: schedule, into: &output)
    if schedule.isAllDay {
      let last = schedule.endDay ?? schedule.startDay
      if let end = last.adding(days: 1) {
        Self.line("DTEND;VALUE=DATE:", into: &output) { Self.appendBasic(end, to: &$0) }
      } else {
        // DTEND is the day after the last, and 9999-12-31 has none that a DATE can hold: the length in days
        // says the same (RFC 5545 §3.8.2.5), where a DTEND of the last day itself would lose that day.
        let days = max(last.daysSince1970 - schedule.startDay.daysSince1970 + 1, 1)
        Self.fold("DURATION:" + ICSDuration.text(days: Int64(days), seconds: 0), into: &output)
      }
    } else if schedule.hasLength {
      let duration = memo.duration(days: schedule.boundedLengthDays, minutes: schedule.boundedLengthMinutes) {
        Self.duration(of: schedule)
      }
      Self.line("DURATION:", into: &output) { Self.append(duration, to: &$0) }
    }
    if !event.omitsSummary { Self.textLine("SUMMARY:", event.title, into: &output) }
    if let note = event.note { Self.textLine("DESCRIPTION:", note, into: &output) }
    if let location = event.location { Self.textLine("LOCATION:", location, into: &output) }
    if let rule = schedule.rule, recurrenceID == nil {
      Self.fold("RRULE:" + ruleText(rule, schedule: schedule), into: &output)
    }
    if !event.exceptions.isEmpty {
      dateListProperty("EXDATE", event.exceptions, schedule: schedule, into: &output)
    }
    for addition in event.additions {
      // An extra date with a length of its own is a PERIOD (RFC 5545 §3.8.5.2).
      let ownLength =
        addition.startTime != nil && addition.hasLength
        && (addition.lengthDays, addition.lengthMinutes) != (schedule.lengthDays, schedule.lengthMinutes)
      dateListProperty(
        "RDATE", CollectionOfOne(addition.startDay), schedule: addition,
        period: ownLength ? Self.duration(of: addition) : nil,
        into: &output)
    }
    for alarm in event.alarms {
      for line in alarm.lines(description: event.title) { Self.fold(line, into: &output) }
    }
    if let kept = event.keptLines {
      for line in kept.split(separator: "\n", omittingEmptySubsequences: true) {
        Self.fold(String(line), into: &output)
      }
    }
    Self.fold("END:VEVENT", into: &output)
  }

  /// A timed schedule's length as a DURATION: its nominal days, then its exact minutes.
  private static func duration(of schedule: EventSchedule) -> String {
    // Bounded as occurrences bound it, so that no stored length can overflow the seconds.
    ICSDuration.text(
      days: Int64(schedule.boundedLengthDays),
      seconds: Int64(schedule.boundedLengthMinutes) * 60)
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
      .concatenated(separator: ";")
  }

  /// `DTSTART;VALUE=DATE:20240512`, `DTSTART;TZID=Europe/Berlin:20240512T143000`, `...Z` or floating; with
  /// `period`, `RDATE;VALUE=PERIOD;...:20240512T143000/PT2H`.
  private func dateListProperty(
    _ name: String, _ days: some Collection<CivilDate>, schedule: EventSchedule, period: String? = nil,
    into output: inout [UInt8]
  ) {
    Self.appendDates(
      name, days, time: schedule.startTime, zone: schedule.timeZone, zoneParameters: zoneParameters, period: period,
      into: &output)
  }

  /// `NAME;VALUE=DATE:20240512`, `NAME;TZID=Europe/Berlin:20240512T143000`, `NAME:20240512T143000Z` or
  /// floating, as one content line (unfolded, without its end).
  static func dateLine(_ name: String, day: CivilDate, time: TimeOfDay?, zone: String?) -> String {
    var bytes: [UInt8] = []
    appendDates(name, CollectionOfOne(day), time: time, zone: zone, zoneParameters: [:], period: nil, into: &bytes)
    bytes.removeLast(2)
    // Unfolded: a long zone name's line is folded where it is written.
    return String(decoding: bytes, as: UTF8.self).replacingAll("\r\n ", with: "")
  }

  /// Appends the content line of `name` with `days`, as ``dateListProperty(_:_:schedule:period:into:)``
  /// writes it, folded: at `time` on the clock of `zone` (its TZID parameter from `zoneParameters`, or made),
  /// or dates.
  static func appendDates(
    _ name: String, _ days: some Collection<CivilDate>, time: TimeOfDay?, zone: String?,
    zoneParameters: [String: String], period: String?, into output: inout [UInt8]
  ) {
    let start = output.count
    Self.append(name, to: &output)
    guard let time else {
      Self.append(";VALUE=DATE:", to: &output)
      for (index, day) in days.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        Self.appendBasic(day, to: &output)
      }
      Self.endLine(&output, from: start)
      return
    }
    if period != nil { Self.append(";VALUE=PERIOD", to: &output) }
    var isUTC = false
    switch zone {
    case "UTC"?: isUTC = true
    case let zone?:
      Self.append(";TZID=", to: &output)
      Self.append(zoneParameters[zone] ?? Self.parameterValue(zone), to: &output)
    case nil: break
    }
    output.append(UInt8(ascii: ":"))
    for (index, day) in days.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      Self.appendWallClock(day, time, to: &output)
      if isUTC { output.append(UInt8(ascii: "Z")) }
      if let period {
        output.append(UInt8(ascii: "/"))
        Self.append(period, to: &output)
      }
    }
    Self.endLine(&output, from: start)
  }

  /// A parameter value, quoted when it holds a character that would end it (`:`, `;` or `,`). RFC 5545 lets
  /// no parameter value hold a control character (but a tab) or a double quote, quoted or not: control
  /// characters are left out (a zone name from a file edited by hand) and a double quote becomes a single one.
  static func parameterValue(_ value: String) -> String {
    var value = value
    if value.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F || $0 == UInt8(ascii: "\"") }) {
      value = String(
        String.UnicodeScalarView(
          value.unicodeScalars.lazy.filter { ($0.value >= 0x20 || $0 == "\t") && $0.value != 0x7F }.map {
            $0 == "\"" ? "'" : $0
          }))
    }
    return value.utf8.contains { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ",") }
      ? "\"" + value + "\"" : value
  }

  /// `20240512T143000`: a day and time as the clock reads, without zone.
  private func wallClock(_ day: CivilDate, _ time: TimeOfDay) -> String {
    var bytes: [UInt8] = []
    Self.appendWallClock(day, time, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func appendWallClock(_ day: CivilDate, _ time: TimeOfDay, to bytes: inout [UInt8]) {
    appendBasic(day, to: &bytes)
    bytes.append(UInt8(ascii: "T"))
    appendTwoDigits(time.minutes / 60, to: &bytes)
    appendTwoDigits(time.minutes % 60, to: &bytes)
    bytes.append(UInt8(ascii: "0"))
    bytes.append(UInt8(ascii: "0"))
  }

  /// `20240512`.
  private static func appendBasic(_ day: CivilDate, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: basicWord(day)) { bytes.append(contentsOf: $0) }
  }

  /// `20240512` in one word, its bytes in the order they are written.
  private static func basicWord(_ day: CivilDate) -> UInt64 {
    // Years are 1 to 9999: four digits.
    let (year, month, day) = (
      UInt64(truncatingIfNeeded: day.year), UInt64(truncatingIfNeeded: day.month), UInt64(truncatingIfNeeded: day.day)
    )
    let digits =
      year / 1000 % 10 | (year / 100 % 10) << 8 | (year / 10 % 10) << 16 | (year % 10) << 24 | (month / 10) << 32
      | (month % 10) << 40 | (day / 10) << 48 | (day % 10) << 56
    return (digits | 0x3030_3030_3030_3030).littleEndian
  }

  /// `value` (0 to 99) as two digits.
  private static func appendTwoDigits(_ value: Int, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 10))
    bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10))
  }

  private func basic(_ day: CivilDate) -> String {
    var bytes: [UInt8] = []
    Self.appendBasic(day, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private func utc(_ milliseconds: Int64) -> String { Self.utc(milliseconds) }

  /// `20240512T143000Z`: an instant (Unix milliseconds) in UTC.
  static func utc(_ milliseconds: Int64) -> String {
    var bytes: [UInt8] = []
    appendUTC(milliseconds, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func appendUTC(_ milliseconds: Int64, to bytes: inout [UInt8]) {
    append(utcWords(milliseconds), to: &bytes)
  }

  /// `20240512T143000Z` as two words, the bytes in the order they are written: the date as ``appendBasic(_:to:)``
  /// makes it, then `T143000Z`. An instant no date holds is the start of 1970.
  private static func utcWords(_ milliseconds: Int64) -> (UInt64, UInt64) {
    guard let moment = LocalDateTime(unixMilliseconds: milliseconds, utcOffsetSeconds: 0) else {
      return utcWords(0)
    }
    let second = UInt64(truncatingIfNeeded: moment.secondOfDay)
    let (hour, minute, rest) = (second / 3600, second / 60 % 60, second % 60)
    let digits =
      (hour / 10) << 8 | (hour % 10) << 16 | (minute / 10) << 24 | (minute % 10) << 32 | (rest / 10) << 40
      | (rest % 10) << 48
    return (basicWord(moment.date), (digits | 0x5A30_3030_3030_3054).littleEndian)
  }

  /// Appends the bytes of `words`.
  private static func append(_ words: (UInt64, UInt64), to bytes: inout [UInt8]) {
    withUnsafeBytes(of: words) { bytes.append(contentsOf: $0) }
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
      if let link = event.seriesLink { add(link.recurrenceID.schedule) }
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
          "RDATE:" + group.dropFirst().map { wallClock($0.localOnset) }.concatenated(separator: ","),
          at: lines.count - 1)
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
      // A zone file may name changes at any instant at all: those the calendar cannot show are passed over,
      // those whose onset on the clock lies beyond Int64 too. The rest have a `localOnset` that can be read.
      let (local, beyond) = change.instant.addingReportingOverflow(Int64(change.from))
      let (milliseconds, overflow) = local.multipliedReportingOverflow(by: 1000)
      guard !beyond, !overflow, let onset = LocalDateTime(unixMilliseconds: milliseconds, utcOffsetSeconds: 0) else {
        continue
      }
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

  /// Appends the content line that `head` starts and `value` writes on to `output`, folded.
  private static func line(_ head: String, into output: inout [UInt8], _ value: (inout [UInt8]) -> Void) {
    let start = output.count
    append(head, to: &output)
    value(&output)
    endLine(&output, from: start)
  }

  /// Appends `head` and `text` escaped as TEXT as one content line, folded.
  static func textLine(_ head: String, _ text: String, into output: inout [UInt8]) {
    line(head, into: &output) { ICSText.appendEscaped(text, to: &$0) }
  }

  /// Appends the bytes of `text` to `output`: from where the string keeps them, which costs less than the
  /// generic copy from its UTF-8 view.
  @inline(__always)
  static func append(_ text: String, to output: inout [UInt8]) {
    var text = text
    text.withUTF8 { output.append(contentsOf: $0) }
  }

  /// Appends one content line to `output`, folded at 75 octets and ended with CRLF.
  static func fold(_ line: String, into output: inout [UInt8]) {
    let start = output.count
    append(line, to: &output)
    endLine(&output, from: start)
  }

  /// Ends the content line that starts at `start` in `output`: folds it at 75 octets (continuation lines
  /// start with a space, and no UTF-8 character is split) and ends it with CRLF.
  static func endLine(_ output: inout [UInt8], from start: Int) {
    if output.count - start > 75 {
      let line = Array(output[start...])
      output.removeSubrange(start...)
      var count = 0
      var index = 0
      while index < line.count {
        // A character's bytes: its lead byte and the continuation bytes (10xxxxxx) after it.
        var next = index + 1
        while next < line.count && line[next] & 0xC0 == 0x80 { next += 1 }
        if count + (next - index) > 75 {
          output.append(0x0D)
          output.append(0x0A)
          output.append(0x20)
          count = 1
        }
        output += line[index..<next]
        count += next - index
        index = next
      }
    }
    output.append(0x0D)
    output.append(0x0A)
  }
}

/// How one VEVENT becomes an event.
extension ICSImporter {
  /// The state of one VCALENDAR: its zones and X-WR-TIMEZONE.
  struct Context {
    /// The most text an event's extra dates may hold in all, each a copy of the event's title, note and
    /// location.
    static let maximumCopiedTextBytes = 64 << 20
    /// The most dates an event's EXDATEs, or its RDATEs, may give: a line may list hundreds of thousands, and
    /// a file of them made an event of gigabytes. A daily series has 36,500 occurrences in a century.
    static let maximumListedDates = 100_000

    var resolver: ICSZoneResolver
    var calendarZone: String?
    /// Whether the calendar's X-WR-TIMEZONE has been read (only the first counts).
    var hasCalendarZone = false
    /// A hash of what the calendar's events are read with (its time zones, its X-WR-TIMEZONE, and the
    /// version of this reading), which an event's ``ImportedEvent/sourceHash`` includes.
    private(set) var fingerprint = ICSImporter.readingVersion

    /// A context with the time-zone definitions and X-WR-TIMEZONE that `settings` found (late in the file),
    /// for a calendar at `line`.
    init(
      loadZone: @escaping (String) throws(ZoneError) -> ZoneInfo, settings: ICSScan.Settings, line: Int,
      notes: inout ImportNotes
    ) {
      resolver = ICSZoneResolver(loadZone: loadZone, definitions: [:])
      for component in settings.timeZones { define(component, notes: &notes) }
      if let zone = settings.calendarZone { setCalendarZone(zone, calendarLine: line, notes: &notes) }
    }

    /// Adds a VTIMEZONE of the calendar, noting observances whose offsets cannot be read.
    mutating func define(_ component: ICSComponent, notes: inout ImportNotes) {
      // Outlook escapes the comma in the TZID property but quotes it in parameters: know it both ways.
      if let tzid = component.property(.tzid) {
        resolver.define(tzid.value.trimmingSpaces(), component)
        resolver.define(tzid.text.trimmingSpaces(), component)
      }
      mix(component)
      for observance in component.components {
        for property in observance.properties
        where property.name.hasPrefix("TZOFFSET") && ICSZoneResolver.offset(property.value) == nil {
          notes.skip(
            property.name, line: property.line, "'\(property.value)' is not a UTC offset; the observance is left out")
        }
      }
    }

    /// Takes the calendar's X-WR-TIMEZONE, the first one only; one that names no known zone is ignored.
    mutating func setCalendarZone(_ property: ICSProperty, calendarLine: Int, notes: inout ImportNotes) {
      guard !hasCalendarZone else { return }
      hasCalendarZone = true
      let name = property.text.trimmingSpaces()
      mix(name)
      if resolver.resolve(name) == nil {
        notes.approximate(line: calendarLine, "unknown X-WR-TIMEZONE \(name), ignored")
      } else {
        calendarZone = name
      }
    }

    /// Adds `component` (every name and value in it) to ``fingerprint``.
    private mutating func mix(_ component: ICSComponent) {
      mix(component.name)
      for property in component.properties {
        mix(property.name)
        for (name, value) in property.parameters.sorted(by: { $0.key < $1.key }) { mix(name + "=" + value) }
        mix(property.value)
      }
      for nested in component.components { mix(nested) }
    }

    private mutating func mix(_ text: String) {
      for byte in text.utf8 { fingerprint = (fingerprint ^ UInt64(byte)) &* 0x100_0000_01b3 }
      fingerprint = (fingerprint ^ 0xFF) &* 0x100_0000_01b3
    }

    /// A start or end: the day and minute on the event's clock, the zone name, and the instant.
    struct Moment {
      var date: CivilDate
      var minute: Int?
      var zoneName: String?
      var instant: Int64?
    }

    /// Reads a DTSTART, DTEND, EXDATE, RDATE or RECURRENCE-ID value.
    mutating func moment(_ text: String, parameters property: ICSProperty, notes: inout ImportNotes) throws(ICSError)
      -> Moment
    {
      guard let value = ICSDateTime(text) else {
        throw ICSError(line: property.line, "\(property.name) '\(text)' is not a date or a date-time")
      }
      let tzid = property.parameter("TZID")
      // A bare date with a TZID (and no VALUE=DATE) is that day's midnight in the zone, as icalendar reads it.
      // A value with a time is a date-time even under VALUE=DATE, as products that write that mean it.
      let dateOnly =
        value.secondOfDay == nil && (property.parameter("VALUE")?.asciiUppercased() == "DATE" || tzid == nil)
      guard !dateOnly else { return Moment(date: value.date, minute: nil, zoneName: nil, instant: nil) }
      let second = value.secondOfDay ?? 0
      var zoneName: String?
      var zone: ZoneInfo?
      if value.isUTC && tzid == nil {
        zoneName = "UTC"
        zone = .utc
      } else if let tzid {
        // A TZID wins over a stray Z.
        switch resolver.resolve(tzid, near: value.wallSeconds) {
        case .named(let name, let info):
          (zoneName, zone) = (name, info)
          if resolver.isInferred(tzid) {
            notes.approximate(line: property.line, "time zone '\(tzid)' has no VTIMEZONE; read as \(name)")
          }
        case .custom(let info):
          // Convert through the file's definition and keep the event in UTC.
          let instant = info.utc(fromLocal: value.wallSeconds)
          notes.approximate(line: property.line, "time zone '\(tzid)' kept as UTC")
          return try moment(atUTC: instant, in: "UTC", zone: .utc, text, property)
        case nil:
          notes.approximate(line: property.line, "unknown time zone '\(tzid)' read as your own clock")
        }
      } else if let calendarZone, case .named(let name, let info) = resolver.resolve(calendarZone) {
        // Google's X-WR-TIMEZONE: floating times are on the calendar's clock.
        (zoneName, zone) = (name, info)
      }
      if value.isUTC && tzid == nil, let calendarZone, case .named(let name, let info) = resolver.resolve(calendarZone)
      {
        // ... and so are UTC times, so that a series keeps its wall time across daylight-saving changes.
        return try moment(atUTC: value.wallSeconds - Int64(second % 60), in: name, zone: info, text, property)
      }
      let instant = zone.map { $0.utc(fromLocal: value.wallSeconds) }
      return Moment(date: value.date, minute: second / 60, zoneName: zoneName, instant: instant)
    }

    /// The moment of `instant` on the clock of `zone`, which the event is kept on.
    ///
    /// - Throws: `ICSError` at `property`'s line when that clock reads a day outside the years 1 to 9999.
    private func moment(atUTC instant: Int64, in name: String, zone: ZoneInfo, _ text: String, _ property: ICSProperty)
      throws(ICSError) -> Moment
    {
      guard let local = zone.wallClock(atUTC: instant) else {
        throw ICSError(
          line: property.line, "\(property.name) '\(text)' is outside the years 1 to 9999 on the clock of \(name)")
      }
      return Moment(date: local.date, minute: local.secondOfDay / 60, zoneName: name, instant: instant)
    }

    /// A RECURRENCE-ID as it is kept, to the minute. It names an occurrence as the series does: a value
    /// without TZID stays as written (UTC or floating, whatever X-WR-TIMEZONE says); a TZID is resolved as
    /// a start's is (a zone the file defines its own way becomes the same instant in UTC; one cal does not
    /// know, floating).
    mutating func recurrenceID(_ property: ICSProperty, notes: inout ImportNotes) throws(ICSError) -> RecurrenceID {
      if property.parameter("TZID") == nil, let value = ICSDateTime(property.value) {
        guard let second = value.secondOfDay else { return RecurrenceID(day: value.date) }
        return RecurrenceID(day: value.date, time: TimeOfDay(minutes: second / 60), timeZone: value.isUTC ? "UTC" : nil)
      }
      let moment = try moment(property.value, parameters: property, notes: &notes)
      guard let minute = moment.minute else { return RecurrenceID(day: moment.date) }
      return RecurrenceID(day: moment.date, time: TimeOfDay(minutes: minute), timeZone: moment.zoneName)
    }

    /// The day, on the series' clock, of a RECURRENCE-ID, EXDATE or RDATE value.
    mutating func occurrenceDay(_ property: ICSProperty, of schedule: EventSchedule, notes: inout ImportNotes)
      throws(ICSError) -> CivilDate
    {
      guard let day = try days(property, of: schedule, notes: &notes).first else {
        throw ICSError(line: property.line, "\(property.name) has no value")
      }
      return day
    }

    mutating func days(_ property: ICSProperty, of schedule: EventSchedule, notes: inout ImportNotes)
      throws(ICSError) -> [CivilDate]
    {
      var days: [CivilDate] = []
      for item in property.value.split(separator: ",") {
        let text = String(item.split(separator: "/").first ?? item)  // a PERIOD's start
        // An all-day series names its occurrences by the date as written, whatever time or zone follows.
        if schedule.isAllDay, let value = ICSDateTime(text) {
          days.append(value.date)
          continue
        }
        let moment = try moment(text, parameters: property, notes: &notes)
        guard let instant = moment.instant, let zoneName = schedule.timeZone,
          case .named(_, let zone)? = resolver.resolve(zoneName)
        else {
          days.append(moment.date)
          continue
        }
        days.append(zone.wallClock(atUTC: instant)?.date ?? moment.date)
      }
      return days
    }

    /// One VEVENT as an event; `nil` (and a skip) when `cal` cannot represent it.
    mutating func event(
      _ component: ICSComponent, uid: String, notes: inout ImportNotes, singleOccurrence: Bool = false
    ) throws(ICSError) -> ImportedEvent? {
      guard let startProperty = component.property(.dtstart) else {
        throw ICSError(line: component.line, "an event without DTSTART")
      }
      var start = try moment(startProperty.value, parameters: startProperty, notes: &notes)
      if start.minute != nil && start.zoneName == nil, let end = component.property(.dtend),
        end.parameter("TZID") != nil,
        let moment = try? moment(end.value, parameters: end, notes: &notes), let name = moment.zoneName,
        case .named(_, let zone)? = resolver.resolve(name)
      {
        // A floating start with a zoned end: both on the end's clock, as recurring-ical-events reads it.
        start.zoneName = name
        start.instant = zone.utc(fromLocal: Int64(start.date.daysSince1970) * 86_400 + Int64(start.minute!) * 60)
      }
      var schedule = EventSchedule(startDay: start.date)
      if let minute = start.minute {
        schedule.startTime = TimeOfDay(minutes: minute)
        schedule.timeZone = start.zoneName
        let startInstant = start.instant ?? Int64(start.date.daysSince1970) * 86_400 + Int64(minute) * 60
        if let end = component.property(.dtend) {
          let moment = try moment(end.value, parameters: end, notes: &notes)
          let endInstant =
            moment.instant ?? moment.minute.map { Int64(moment.date.daysSince1970) * 86_400 + Int64($0) * 60 }
          if let endInstant, endInstant > startInstant {
            schedule.lengthMinutes = Int((endInstant - startInstant + 59) / 60)
          }
        } else if let duration = component.property(.duration) {
          (schedule.lengthDays, schedule.lengthMinutes) = Self.length(try ICSDuration.parts(of: duration))
        }
      } else {
        var lastDay = start.date
        if let end = component.property(.dtend), let value = ICSDateTime(end.value) {
          lastDay = value.secondOfDay == nil ? (value.date.adding(days: -1) ?? value.date) : value.date
        } else if let duration = component.property(.duration) {
          let seconds = try ICSDuration.seconds(of: duration)
          lastDay = start.date.adding(days: max(1, Int(seconds / 86_400)) - 1) ?? start.date
        }
        if lastDay > start.date { schedule.endDay = lastDay }
      }
      if let rruleProperty = component.property(.rrule), !singleOccurrence {
        // Some products write spaces after the commas; the parts themselves have none.
        let text = rruleProperty.value.replacingAll(" ", with: "")
        if text != rruleProperty.value {
          notes.approximate(line: rruleProperty.line, "RRULE written with spaces, read without them")
        }
        var rule: RecurrenceRule
        do {
          let secondOfDay = ICSDateTime(startProperty.value)?.secondOfDay
          rule = try RecurrenceRule(parsing: RecurrenceRule.withoutStartTime(text, secondOfDay: secondOfDay))
        } catch {
          notes.skip("VEVENT", line: component.line, "\(error.description) (\(text))")
          return nil
        }
        rule.until = try until(text, rule: rule, schedule: schedule, line: rruleProperty.line)
        schedule.rule = rule
        if component.properties(.rrule).count > 1 {
          notes.approximate(line: component.line, "only the first of several RRULEs is kept")
        }
      }
      var event = ImportedEvent(
        uid: uid, title: component.property(.summary).map { Self.text($0, notes: &notes) } ?? "",
        note: component.property(.description).map { Self.text($0, notes: &notes) }?.nonEmpty,
        location: component.property(.location).map { Self.text($0, notes: &notes) }?.nonEmpty,
        schedule: schedule, line: component.line)
      if event.title.isBlank {
        event.title = EventFields.placeholderTitle
        event.summaryMissing = true
      }
      event.alarms = ICSAlarm.alarms(of: component, notes: &notes)
      event.keptLines = Self.keptLines(of: component, notes: &notes)
      // An edited occurrence is that one occurrence: its own RRULE, EXDATE and RDATE mean nothing.
      if singleOccurrence { return event }
      for property in component.properties(.exdate) {
        event.exceptions += try days(property, of: schedule, notes: &notes)
        guard event.exceptions.count <= Self.maximumListedDates else {
          notes.skip("VEVENT", line: component.line, "more than \(Self.maximumListedDates) dates excluded (EXDATE)")
          return nil
        }
      }
      for property in component.properties(.rdate) {
        for item in property.value.split(separator: ",") {
          guard event.additions.count < Self.maximumListedDates else {
            notes.skip("VEVENT", line: component.line, "more than \(Self.maximumListedDates) extra dates (RDATE)")
            return nil
          }
          // A PERIOD (RFC 5545 §3.8.5.2) brings its own end or length.
          let parts = item.split(separator: "/", maxSplits: 1)
          let moment = try moment(String(parts.first ?? item), parameters: property, notes: &notes)
          var extra = EventSchedule(
            startDay: moment.date, lengthMinutes: schedule.lengthMinutes, lengthDays: schedule.lengthDays)
          if let minute = moment.minute, schedule.startTime != nil {
            extra.startTime = TimeOfDay(minutes: minute)
            extra.timeZone = moment.zoneName
          } else {
            extra.startTime = schedule.startTime
            extra.timeZone = schedule.timeZone
            extra.endDay = schedule.endDay.flatMap {
              $0.adding(days: moment.date.daysSince1970 - schedule.startDay.daysSince1970)
            }
          }
          if extra.startTime == nil {
            (extra.lengthDays, extra.lengthMinutes) = (0, nil)
          } else if parts.count == 2 {
            (extra.lengthDays, extra.lengthMinutes) = try periodLength(
              String(parts[1]), from: moment, property, notes: &notes)
          }
          event.additions.append(extra)
        }
      }
      // Each extra date is stored with the event's texts: a long description on thousands of dates would
      // make a calendar thousands of times the file (a few megabytes of file, gigabytes of calendar).
      let texts = event.title.utf8.count + (event.note?.utf8.count ?? 0) + (event.location?.utf8.count ?? 0)
      let (copied, overflow) = texts.multipliedReportingOverflow(by: event.additions.count)
      if overflow || copied > Self.maximumCopiedTextBytes {
        notes.skip(
          "VEVENT", line: component.line,
          "its \(event.additions.count) extra dates (RDATE) would each hold a copy of its \(texts) bytes of text, "
            + "more than \(Self.maximumCopiedTextBytes >> 20) MiB in all")
        return nil
      }
      // Before extra dates make a series of their own: those are few (the text cap above), a rule's are not.
      if let problem = event.schedule.overlapProblem {
        notes.skip("VEVENT", line: component.line, problem)
        return nil
      }
      if !event.additions.isEmpty && schedule.rule == nil {
        // RDATEs without a rule: the start is an occurrence too, and the event is a series of its own dates.
        event.schedule.rule = RecurrenceRule(frequency: .yearly, count: 1)
      }
      return event
    }

    /// The nominal days and exact minutes of a duration, as a schedule keeps them: none for a duration that
    /// is not positive, seconds rounded up to a minute.
    static func length(_ duration: (days: Int64, seconds: Int64)) -> (days: Int, minutes: Int?) {
      guard duration.days >= 0, duration.seconds >= 0 else { return (0, nil) }
      return (Int(duration.days), duration.seconds > 0 ? Int((duration.seconds + 59) / 60) : nil)
    }

    /// The length an RDATE period gives its occurrence: a duration (`PT2H`), or an end (`19970102T070000Z`)
    /// read as the start is, its distance from `start` exact.
    private mutating func periodLength(
      _ text: String, from start: Moment, _ property: ICSProperty, notes: inout ImportNotes
    ) throws(ICSError) -> (days: Int, minutes: Int?) {
      let first = text.utf8.first ?? 0
      if first | 0x20 == UInt8(ascii: "p") || first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
        return Self.length(
          try ICSDuration.parts(of: ICSProperty(name: property.name, value: text, line: property.line)))
      }
      let end = try moment(text, parameters: property, notes: &notes)
      func instant(_ moment: Moment) -> Int64 {
        moment.instant ?? Int64(moment.date.daysSince1970) * 86_400 + Int64(moment.minute ?? 0) * 60
      }
      let seconds = instant(end) - instant(start)
      return seconds > 0 ? (0, Int((seconds + 59) / 60)) : (0, nil)
    }

    /// A TEXT value unescaped, without the NUL characters SQLite's text functions stop at (and that RFC 5545
    /// does not allow).
    static func text(_ property: ICSProperty, notes: inout ImportNotes) -> String {
      let text = property.text
      guard text.containsByte(0) else { return text }
      notes.approximate(line: property.line, "NUL characters in \(property.name) were left out")
      return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\0" }))
    }

    /// UNTIL on the event's own clock (see ``RecurrenceRule/untilDay(in:startTime:zone:)``), its zone resolved
    /// as the file names it.
    private mutating func until(_ text: String, rule: RecurrenceRule, schedule: EventSchedule, line: Int)
      throws(ICSError) -> CivilDate?
    {
      var zone: ZoneInfo?
      if let name = schedule.timeZone, case .named(_, let named)? = resolver.resolve(name) { zone = named }
      do {
        return try RecurrenceRule.untilDay(in: text, startTime: schedule.startTime, zone: zone) ?? rule.until
      } catch {
        guard case .malformed(let detail) = error else { throw ICSError(line: line, error.description) }
        throw ICSError(line: line, detail)
      }
    }
  }
}

extension String {
  /// `nil` for the empty string.
  var nonEmpty: String? { isEmpty ? nil : self }
}

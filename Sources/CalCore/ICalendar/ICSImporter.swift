/// An event read from an iCalendar file, in `cal`'s terms.
public struct ImportedEvent: Equatable, Sendable {
  /// The UID (a stable synthetic one when the file gives none, so a second import finds it again).
  public var uid: String
  /// SUMMARY (or "(no title)").
  public var title: String
  /// DESCRIPTION.
  public var note: String?
  /// LOCATION.
  public var location: String?
  /// When it happens; for a series, with its rule.
  public var schedule: EventSchedule
  /// Occurrence days removed from the series (EXDATE, and cancelled occurrences).
  public var exceptions: [CivilDate] = []
  /// Extra occurrences (RDATE), each with its own day and, for a timed event, its own time and zone.
  public var additions: [EventSchedule] = []
  /// Occurrences changed on their own (RECURRENCE-ID), by the day of the occurrence they replace.
  public var overrides: [(day: CivilDate, event: ImportedEvent)] = []
  /// Its DISPLAY and AUDIO alarms (VALARM).
  public var alarms: [ICSAlarm] = []
  /// The line of its BEGIN:VEVENT.
  public var line: Int

  /// Equal in every field, overrides included.
  public static func == (lhs: ImportedEvent, rhs: ImportedEvent) -> Bool {
    lhs.uid == rhs.uid && lhs.title == rhs.title && lhs.note == rhs.note && lhs.location == rhs.location
      && lhs.schedule == rhs.schedule && lhs.exceptions == rhs.exceptions && lhs.additions == rhs.additions
      && lhs.overrides.map(\.day) == rhs.overrides.map(\.day)
      && lhs.overrides.map(\.event) == rhs.overrides.map(\.event) && lhs.alarms == rhs.alarms
  }
}

/// What an import found: the events, and everything it could not keep, with the reason.
public struct ImportResult: Sendable {
  /// The events, in file order (overrides inside their series).
  public var events: [ImportedEvent] = []
  /// What was left out, each with where and why: `("VTODO", 40, "to-dos are not events")`.
  public var skipped: [(what: String, line: Int?, reason: String)] = []
  /// Events kept, but not exactly: `(line, what was approximated)`.
  public var approximations: [(line: Int, note: String)] = []
}

/// Turns parsed iCalendar components into `cal` events, the way Google Calendar, Outlook, Apple Calendar,
/// Thunderbird and Nextcloud mean them.
public struct ICSImporter {
  let loadZone: (String) throws(ZoneError) -> ZoneInfo

  /// An importer that finds time zones with `loadZone`.
  public init(loadZone: @escaping (String) throws(ZoneError) -> ZoneInfo) {
    self.loadZone = loadZone
  }

  /// Reads the events of `components` (the top level of a file).
  ///
  /// - Parameter skipInvalid: leave out events that cannot be read (and name them) instead of failing.
  /// - Throws: `ICSError` for the first event that cannot be read, unless `skipInvalid`.
  public func read(_ components: [ICSComponent], skipInvalid: Bool) throws(ICSError) -> ImportResult {
    var result = ImportResult()
    var calendars: [(ICSComponent, [ICSComponent])] = []
    var loose: [ICSComponent] = []
    for component in components {
      if component.name == "VCALENDAR" {
        calendars.append((component, component.components))
      } else {
        loose.append(component)
      }
    }
    if !loose.isEmpty { calendars.append((ICSComponent(name: "VCALENDAR"), loose)) }
    var masters: [String: Int] = [:]
    var pendingOverrides: [(uid: String, recurrence: ICSProperty, component: ICSComponent)] = []
    var synthetic: [String: Int] = [:]
    for (calendar, children) in calendars {
      var definitions: [String: ICSComponent] = [:]
      for child in children where child.name == "VTIMEZONE" {
        // Outlook escapes the comma in the TZID property but quotes it in parameters: know it both ways.
        if let tzid = child.property("TZID") {
          definitions[tzid.value.trimmingSpaces()] = child
          definitions[tzid.text.trimmingSpaces()] = child
        }
        for observance in child.components {
          for property in observance.properties where property.name.hasPrefix("TZOFFSET") {
            if ICSZoneResolver.offset(property.value) == nil {
              result.skipped.append(
                (
                  "\(property.name)", property.line,
                  "'\(property.value)' is not a UTC offset; the observance is left out"
                ))
            }
          }
        }
      }
      var context = Context(
        resolver: ICSZoneResolver(loadZone: loadZone, definitions: definitions),
        calendarZone: calendar.property("X-WR-TIMEZONE").map { $0.text.trimmingSpaces() })
      if let name = context.calendarZone, context.resolver.resolve(name) == nil {
        result.approximations.append((calendar.line, "unknown X-WR-TIMEZONE \(name), ignored"))
        context.calendarZone = nil
      }
      for child in children {
        switch child.name {
        case "VTIMEZONE": continue
        case "VEVENT":
          let uidText = child.property("UID")?.text.trimmingSpaces() ?? ""
          var uid = uidText
          if uid.isEmpty {
            // The same content gives the same UID, so importing the file again updates instead of adding.
            let key = "\(child.property("DTSTART")?.value ?? "")|\(child.property("SUMMARY")?.value ?? "")"
            synthetic[key, default: 0] += 1
            uid = "cal-import-\(Self.hash(key))-\(synthetic[key]!)"
          }
          if let recurrence = child.property("RECURRENCE-ID"), !uidText.isEmpty {
            pendingOverrides.append((uid, recurrence, child))
            continue
          }
          do {
            guard var event = try context.event(child, uid: uid, result: &result) else { continue }
            event.uid = uid
            if let index = masters[uid] {
              result.skipped.append(
                (
                  "VEVENT", child.line,
                  "a second event with the UID of line \(result.events[index].line); the later one is kept"
                ))
              result.events[index] = event
            } else {
              masters[uid] = result.events.count
              result.events.append(event)
            }
          } catch {
            guard skipInvalid else { throw error }
            result.skipped.append(("VEVENT", error.line ?? child.line, error.message))
          }
        case "VTODO": result.skipped.append(("VTODO", child.line, "to-dos are not events"))
        case "VJOURNAL": result.skipped.append(("VJOURNAL", child.line, "journal entries are not events"))
        case "VFREEBUSY": result.skipped.append(("VFREEBUSY", child.line, "free/busy information is not kept"))
        default: result.skipped.append((child.name, child.line, "not a calendar component cal knows"))
        }
      }
      // Overrides after their series, wherever they stand in the file.
      for (uid, recurrence, component) in pendingOverrides {
        guard let index = masters[uid] else {
          // An occurrence whose series is not in the file: keep it as an event of its own.
          do {
            if var event = try context.event(component, uid: uid, result: &result, singleOccurrence: true) {
              event.uid = uid + "-" + recurrence.value
              result.events.append(event)
            }
          } catch {
            guard skipInvalid else { throw error }
            result.skipped.append(("VEVENT", error.line ?? component.line, error.message))
          }
          continue
        }
        do {
          let master = result.events[index]
          let day = try context.occurrenceDay(recurrence, of: master.schedule, result: &result)
          if component.property("STATUS")?.value.uppercased().trimmingSpaces() == "CANCELLED" {
            result.events[index].exceptions.append(day)
          } else if let event = try context.event(component, uid: uid, result: &result, singleOccurrence: true) {
            if recurrence.parameter("RANGE")?.uppercased() == "THISANDFUTURE" {
              result.approximations.append((component.line, "RANGE=THISANDFUTURE read as this occurrence only"))
            }
            result.events[index].overrides.append((day, event))
          }
        } catch {
          guard skipInvalid else { throw error }
          result.skipped.append(("VEVENT", error.line ?? component.line, error.message))
        }
      }
      pendingOverrides = []
    }
    return result
  }

  /// FNV-1a, for synthetic UIDs.
  static func hash(_ text: String) -> String {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      value ^= UInt64(byte)
      value = value &* 0x100_0000_01b3
    }
    return String(value, radix: 16)
  }

  /// The state of one VCALENDAR: its zones and X-WR-TIMEZONE.
  struct Context {
    var resolver: ICSZoneResolver
    var calendarZone: String?

    /// A start or end: the day and minute on the event's clock, the zone name, and the instant.
    struct Moment {
      var date: CivilDate
      var minute: Int?
      var zoneName: String?
      var instant: Int64?
    }

    /// Reads a DTSTART, DTEND, EXDATE, RDATE or RECURRENCE-ID value.
    mutating func moment(_ text: String, parameters property: ICSProperty, result: inout ImportResult) throws(ICSError)
      -> Moment
    {
      guard let value = ICSDateTime(text) else {
        throw ICSError(line: property.line, "\(property.name) '\(text)' is not a date or a date-time")
      }
      let tzid = property.parameter("TZID")
      // A bare date with a TZID (and no VALUE=DATE) is that day's midnight in the zone, as icalendar reads it.
      // A value with a time is a date-time even under VALUE=DATE, as products that write that mean it.
      let dateOnly = value.secondOfDay == nil && (property.parameter("VALUE")?.uppercased() == "DATE" || tzid == nil)
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
        case .named(let name, let info): (zoneName, zone) = (name, info)
        case .custom(let info):
          // Convert through the file's definition and keep the event in UTC.
          let instant = info.utc(fromLocal: value.wallSeconds)
          result.approximations.append((property.line, "time zone '\(tzid)' kept as UTC"))
          return try moment(atUTC: instant, in: "UTC", zone: .utc, text, property)
        case nil:
          result.approximations.append((property.line, "unknown time zone '\(tzid)' read as your own clock"))
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

    /// The day, on the series' clock, of a RECURRENCE-ID, EXDATE or RDATE value.
    mutating func occurrenceDay(_ property: ICSProperty, of schedule: EventSchedule, result: inout ImportResult)
      throws(ICSError) -> CivilDate
    {
      guard let day = try days(property, of: schedule, result: &result).first else {
        throw ICSError(line: property.line, "\(property.name) has no value")
      }
      return day
    }

    mutating func days(_ property: ICSProperty, of schedule: EventSchedule, result: inout ImportResult)
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
        let moment = try moment(text, parameters: property, result: &result)
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
      _ component: ICSComponent, uid: String, result: inout ImportResult, singleOccurrence: Bool = false
    ) throws(ICSError) -> ImportedEvent? {
      guard let startProperty = component.property("DTSTART") else {
        throw ICSError(line: component.line, "an event without DTSTART")
      }
      var start = try moment(startProperty.value, parameters: startProperty, result: &result)
      if start.minute != nil && start.zoneName == nil, let end = component.property("DTEND"),
        end.parameter("TZID") != nil,
        let moment = try? moment(end.value, parameters: end, result: &result), let name = moment.zoneName,
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
        var endInstant: Int64?
        if let end = component.property("DTEND") {
          let moment = try moment(end.value, parameters: end, result: &result)
          endInstant =
            moment.instant ?? moment.minute.map { Int64(moment.date.daysSince1970) * 86_400 + Int64($0) * 60 }
        } else if let duration = component.property("DURATION") {
          let seconds = try ICSDuration.seconds(of: duration)
          endInstant = (start.instant ?? Int64(start.date.daysSince1970) * 86_400 + Int64(minute) * 60) + seconds
        }
        let startInstant = start.instant ?? Int64(start.date.daysSince1970) * 86_400 + Int64(minute) * 60
        if let endInstant, endInstant > startInstant {
          schedule.lengthMinutes = Int((endInstant - startInstant + 59) / 60)
        }
      } else {
        var lastDay = start.date
        if let end = component.property("DTEND"), let value = ICSDateTime(end.value) {
          lastDay = value.secondOfDay == nil ? (value.date.adding(days: -1) ?? value.date) : value.date
        } else if let duration = component.property("DURATION") {
          let seconds = try ICSDuration.seconds(of: duration)
          lastDay = start.date.adding(days: max(1, Int(seconds / 86_400)) - 1) ?? start.date
        }
        if lastDay > start.date { schedule.endDay = lastDay }
      }
      if let rruleProperty = component.property("RRULE"), !singleOccurrence {
        // Some products write spaces after the commas; the parts themselves have none.
        let text = rruleProperty.value.replacingAll(" ", with: "")
        if text != rruleProperty.value {
          result.approximations.append((rruleProperty.line, "RRULE written with spaces, read without them"))
        }
        var rule: RecurrenceRule
        do {
          rule = try RecurrenceRule(parsing: text)
        } catch {
          result.skipped.append(("VEVENT", component.line, "\(error.description) (\(text))"))
          return nil
        }
        rule.until = try until(text, rule: rule, schedule: schedule, line: rruleProperty.line)
        schedule.rule = rule
        if component.properties("RRULE").count > 1 {
          result.approximations.append((component.line, "only the first of several RRULEs is kept"))
        }
      }
      var event = ImportedEvent(
        uid: uid, title: component.property("SUMMARY")?.text ?? "",
        note: component.property("DESCRIPTION")?.text.nonEmpty, location: component.property("LOCATION")?.text.nonEmpty,
        schedule: schedule, line: component.line)
      if event.title.allSatisfy(\.isWhitespace) { event.title = "(no title)" }
      event.alarms = ICSAlarm.alarms(of: component, result: &result)
      // An edited occurrence is that one occurrence: its own RRULE, EXDATE and RDATE mean nothing.
      if singleOccurrence { return event }
      for property in component.properties("EXDATE") {
        event.exceptions += try days(property, of: schedule, result: &result)
      }
      for property in component.properties("RDATE") {
        for item in property.value.split(separator: ",") {
          let text = String(item.split(separator: "/").first ?? item)  // a PERIOD's start
          let moment = try moment(text, parameters: property, result: &result)
          var extra = EventSchedule(startDay: moment.date, lengthMinutes: schedule.lengthMinutes)
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
          if extra.startTime == nil { extra.lengthMinutes = nil }
          event.additions.append(extra)
        }
      }
      if !event.additions.isEmpty && schedule.rule == nil {
        // RDATEs without a rule: the start is an occurrence too, and the event is a series of its own dates.
        event.schedule.rule = RecurrenceRule(frequency: .yearly, count: 1)
      }
      return event
    }

    /// UNTIL on the event's own clock: a DATE-TIME UNTIL (UTC, as the RFC requires for zoned starts)
    /// becomes the last day whose occurrence starts by then.
    private mutating func until(_ text: String, rule: RecurrenceRule, schedule: EventSchedule, line: Int)
      throws(ICSError) -> CivilDate?
    {
      guard let part = text.split(separator: ";").first(where: { $0.uppercased().hasPrefix("UNTIL=") }) else {
        return rule.until
      }
      let value = String(part.dropFirst(6))
      guard let until = ICSDateTime(value) else { throw ICSError(line: line, "UNTIL=\(value) is not a date") }
      guard until.secondOfDay != nil, let startTime = schedule.startTime else { return until.date }
      // With a zoned start, UNTIL is UTC (RFC 5545), even when a product forgot the Z.
      var local = ZoneInfo.utc.wallClock(atUTC: until.wallSeconds)
      if let name = schedule.timeZone, case .named(_, let zone)? = resolver.resolve(name) {
        local = zone.wallClock(atUTC: until.wallSeconds)
      }
      guard let local else { return until.date }
      return local.secondOfDay / 60 >= startTime.minutes ? local.date : (local.date.adding(days: -1) ?? local.date)
    }
  }
}

extension String {
  /// `nil` for the empty string.
  var nonEmpty: String? { isEmpty ? nil : self }
}

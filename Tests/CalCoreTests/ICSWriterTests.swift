import CalCore
import Foundation
import Testing

@Suite("iCalendar export")
struct ICSWriterTests {
  /// 2024-09-01 00:00 UTC, the export's DTSTAMP: the past and future of the events below do not depend on it.
  static let now: Int64 = 1_725_148_800_000

  static func day(_ text: String) throws -> CivilDate { try CivilDate(parsing: text) }

  static func event(_ uid: String, _ schedule: EventSchedule) -> ExportedEvent {
    ExportedEvent(uid: uid, title: uid, note: nil, location: nil, schedule: schedule, created: now, modified: now)
  }

  /// The calendar `events` make, with the zones they name loaded from the system's time-zone database.
  static func calendar(_ events: [ExportedEvent]) throws -> String {
    var zones: [String: ZoneInfo] = [:]
    for name in events.compactMap(\.schedule.timeZone) where name != "UTC" {
      zones[name] = try ZoneInfoTests.zone(name)
    }
    return ICSWriter(product: "-//cal//test//EN", now: now, zones: zones).calendar(events)
  }

  /// The content lines of `text`, unfolded.
  static func lines(_ text: String) -> [String] {
    text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
  }

  /// A weekly series at 08:30 on Monday, Wednesday and Friday, 5 to 30 August 2024, in `zone`.
  static func weekly(_ zone: String?, until: String = "2024-08-30") throws -> EventSchedule {
    EventSchedule(
      startDay: try day("2024-08-05"), startTime: TimeOfDay(minutes: 8 * 60 + 30), lengthMinutes: 30,
      timeZone: zone,
      rule: RecurrenceRule(
        frequency: .weekly, until: try day(until), byDay: [.init(.monday), .init(.wednesday), .init(.friday)]))
  }

  private func checkRule(
    _ schedule: EventSchedule, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let text = try Self.calendar([Self.event("series", schedule)])
    let rules = Self.lines(text).drop { $0 != "BEGIN:VEVENT" }.filter { $0.hasPrefix("RRULE:") }
    #expect(rules == ["RRULE:" + expected], sourceLocation: sourceLocation)
  }

  @Test("UNTIL has DTSTART's value type: UTC for a zoned start, floating for a floating one, a DATE all day")
  func untilValueType() throws {
    // 08:30 in Berlin in August is 06:30 UTC; in New York, 12:30 UTC.
    try checkRule(try Self.weekly("Europe/Berlin"), "FREQ=WEEKLY;UNTIL=20240830T063000Z;BYDAY=MO,WE,FR")
    try checkRule(try Self.weekly("America/New_York"), "FREQ=WEEKLY;UNTIL=20240830T123000Z;BYDAY=MO,WE,FR")
    try checkRule(try Self.weekly("UTC"), "FREQ=WEEKLY;UNTIL=20240830T083000Z;BYDAY=MO,WE,FR")
    try checkRule(try Self.weekly(nil), "FREQ=WEEKLY;UNTIL=20240830T083000;BYDAY=MO,WE,FR")
    // UNTIL on a day without an occurrence: still after the last one (Friday 30th) and before the next.
    try checkRule(
      try Self.weekly("Europe/Berlin", until: "2024-09-01"), "FREQ=WEEKLY;UNTIL=20240901T063000Z;BYDAY=MO,WE,FR")
    // In winter, Berlin is an hour ahead of UTC.
    var winter = try Self.weekly("Europe/Berlin", until: "2024-12-20")
    winter.rule?.until = try Self.day("2024-12-20")
    try checkRule(winter, "FREQ=WEEKLY;UNTIL=20241220T073000Z;BYDAY=MO,WE,FR")
    let allDay = EventSchedule(
      startDay: try Self.day("2020-05-12"), rule: RecurrenceRule(frequency: .yearly, until: try Self.day("2024-05-12")))
    try checkRule(allDay, "FREQ=YEARLY;UNTIL=20240512")
    let counted = EventSchedule(
      startDay: try Self.day("2024-08-05"), startTime: TimeOfDay(minutes: 510), timeZone: "Europe/Berlin",
      rule: RecurrenceRule(frequency: .daily, count: 3))
    try checkRule(counted, "FREQ=DAILY;COUNT=3")
  }

  @Test("a zone name that no parameter may hold (a file edited by hand) is written as one that it may")
  func unsafeZoneName() throws {
    let start = try Self.day("2024-05-14")
    for (zone, written) in [
      ("\u{1B}[31m", "DTSTART;TZID=[31m:20240514T180000"),
      ("Mars;Olympus", "DTSTART;TZID=\"Mars;Olympus\":20240514T180000"),
      ("say \"hi\"", "DTSTART;TZID=say 'hi':20240514T180000"), ("a\tb\u{7F}", "DTSTART;TZID=a\tb:20240514T180000"),
    ] {
      let schedule = EventSchedule(startDay: start, startTime: TimeOfDay(minutes: 18 * 60), timeZone: zone)
      let text = ICSWriter(product: "-//cal//test//EN", now: Self.now, zones: [:]).calendar([
        Self.event("zoned", schedule)
      ])
      #expect(Self.lines(text).filter { $0.hasPrefix("DTSTART") } == [written], "\(zone)")
    }
  }

  @Test("an exported UNTIL reads back as the same last day")
  func untilRoundTrip() throws {
    for zone in ["Europe/Berlin", "America/New_York", "Pacific/Auckland", "UTC", nil] {
      let schedule = try Self.weekly(zone)
      let text = try Self.calendar([Self.event("series", schedule)])
      let importer = ICSImporter { name throws(ZoneError) in
        do { return try ZoneInfoTests.zone(name) } catch { throw ZoneError.unknown(name) }
      }
      let result = try importer.read(try ICSParser.parse(Array(text.utf8)), skipInvalid: false)
      #expect(result.events.first?.schedule.rule?.until == schedule.rule?.until, "\(zone ?? "floating")")
      #expect(result.events.first?.schedule.lastDay() == schedule.lastDay(), "\(zone ?? "floating")")
    }
  }

  /// A one-hour event at 10:00 on `day` in `zone`, repeating daily without end when `forever`.
  static func meeting(_ day: String, _ zone: String, forever: Bool = false) throws -> EventSchedule {
    EventSchedule(
      startDay: try Self.day(day), startTime: TimeOfDay(minutes: 600), lengthMinutes: 60, timeZone: zone,
      rule: forever ? RecurrenceRule(frequency: .daily) : nil)
  }

  /// The VTIMEZONE of `zone` in `text`, its observances' lines in order.
  static func vtimezone(_ text: String, _ zone: String) -> [String] {
    Array(lines(text).drop { $0 != "TZID:" + zone }.prefix { $0 != "END:VTIMEZONE" })
  }

  @Test("a VTIMEZONE holds the history the events need: New York's pre-2007 rule for a 2005 event")
  func historicObservances() throws {
    let text = try Self.calendar([
      Self.event("2005", try Self.meeting("2005-10-20", "America/New_York")),
      Self.event("2024", try Self.meeting("2024-03-20", "America/New_York")),
    ])
    let zone = Self.vtimezone(text, "America/New_York").joined(separator: "\n")
    // In force on 20 October 2005: daylight time since the first Sunday in April; it ended on the last Sunday in
    // October, until 2006.
    #expect(
      zone.contains(
        """
        BEGIN:DAYLIGHT
        DTSTART:20050403T020000
        TZOFFSETFROM:-0500
        TZOFFSETTO:-0400
        RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU;UNTIL=20060402T070000Z
        END:DAYLIGHT
        """))
    #expect(zone.contains("DTSTART:20051030T020000\nTZOFFSETFROM:-0400\nTZOFFSETTO:-0500\n"))
    #expect(zone.contains("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20061029T060000Z"))
    // From 2007: the second Sunday in March and the first in November, through the last change before the 2024
    // event.
    #expect(zone.contains("DTSTART:20070311T020000\nTZOFFSETFROM:-0500\nTZOFFSETTO:-0400\n"))
    #expect(zone.contains("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU;UNTIL=20240310T070000Z"))
    #expect(zone.contains("RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU;UNTIL=20231105T060000Z"))
    #expect(zone.components(separatedBy: "BEGIN:").count - 1 == 4)
  }

  @Test("a series without end gets the zone's current rule without UNTIL; a zone without changes one STANDARD")
  func currentRule() throws {
    let text = try Self.calendar([
      Self.event("berlin", try Self.meeting("2024-03-25", "Europe/Berlin", forever: true)),
      Self.event("kolkata", try Self.meeting("2024-03-25", "Asia/Kolkata")),
    ])
    #expect(
      Self.vtimezone(text, "Europe/Berlin") == [
        "TZID:Europe/Berlin",
        "BEGIN:STANDARD", "DTSTART:20231029T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD",
        "BEGIN:DAYLIGHT", "DTSTART:20240331T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT",
      ])
    #expect(
      Self.vtimezone(text, "Asia/Kolkata") == [
        "TZID:Asia/Kolkata", "BEGIN:STANDARD", "DTSTART:19451015T000000", "TZOFFSETFROM:+0630",
        "TZOFFSETTO:+0530", "END:STANDARD",
      ])
  }

  /// Zones with odd histories, each over years of events (an open end: a series without end).
  static let historyCases: [(zone: String, first: String, last: String?)] = [
    ("America/New_York", "1960-01-01", "2030-12-31"),
    ("Europe/Berlin", "1975-06-01", nil),
    ("Europe/London", "1939-01-01", "1950-12-31"),  // double summer time in the war
    ("Australia/Sydney", "1985-01-01", nil),  // southern hemisphere
    ("Asia/Tehran", "1990-01-01", "2025-12-31"),  // fixed dates, not weekdays; no daylight time since 2022
    ("America/Sao_Paulo", "2005-01-01", "2025-12-31"),  // daylight time abolished in 2019
    ("Africa/Casablanca", "2008-01-01", nil),  // Ramadan breaks, then +01 with a yearly -1 hour
    ("Pacific/Apia", "2009-01-01", "2014-12-31"),  // skipped 30 December 2011
    ("America/St_Johns", "1985-01-01", nil),  // changes at 00:01 until 2011
    ("Asia/Kolkata", "1941-01-01", "1946-12-31"),
  ]

  @Test("each VTIMEZONE, read as RFC 5545 says, gives the zone's offset at every hour the events span")
  func observancesAgreeWithZone() throws {
    for (name, first, last) in Self.historyCases {
      let zone = try ZoneInfoTests.zone(name)
      var events = [Self.event("first", try Self.meeting(first, name, forever: last == nil))]
      if let last { events.append(Self.event("last", try Self.meeting(last, name))) }
      let text = try Self.calendar(events)
      let reader = try ObservanceReader(text, zone: name, throughYear: 2060)
      let start = Int64(try Self.day(first).daysSince1970) * 86_400 - 43_200
      let end = Int64(try Self.day(last ?? "2060-12-31").daysSince1970) * 86_400 + 129_600
      var wrong: [String] = []
      for instant in stride(from: start + 1800, through: end, by: 3600) {
        let ours = reader.offset(atUTC: instant)
        if ours != zone.offset(atUTC: instant) && wrong.count < 5 {
          wrong.append("\(instant): \(ours.map(String.init) ?? "none"), zone \(zone.offset(atUTC: instant))")
        }
      }
      #expect(wrong.isEmpty, "\(name): \(wrong)")
    }
  }

  /// Reads a VTIMEZONE as RFC 5545 says: each observance starts at its DTSTART, each RRULE and RDATE
  /// occurrence (on the clock of TZOFFSETFROM), and the latest start at or before an instant gives its offset.
  struct ObservanceReader {
    /// Every onset, UTC seconds, with the offset it starts; ascending.
    var onsets: [(instant: Int64, offset: Int)] = []

    init(_ text: String, zone: String, throughYear lastYear: Int) throws {
      let calendar = try #require(try ICSParser.parse(Array(text.utf8)).first)
      let timeZone = try #require(
        calendar.components.first { $0.name == "VTIMEZONE" && $0.property("TZID")?.value == zone })
      for observance in timeZone.components {
        func value(_ name: String) throws -> String { try #require(observance.property(name)).value }
        let from = try Self.offset(try value("TZOFFSETFROM"))
        let to = try Self.offset(try value("TZOFFSETTO"))
        let start = try #require(ICSDateTime(try value("DTSTART")))
        var walls = [start.wallSeconds]
        for rdate in observance.properties("RDATE") {
          walls += try rdate.value.split(separator: ",").map { try #require(ICSDateTime(String($0))).wallSeconds }
        }
        var limit = Int64.max
        if let rrule = observance.property("RRULE")?.value {
          var parts = rrule.split(separator: ";").map(String.init)
          if let index = parts.firstIndex(where: { $0.hasPrefix("UNTIL=") }) {
            let until = try #require(ICSDateTime(String(parts.remove(at: index).dropFirst(6))))
            #expect(until.isUTC, "\(rrule): UNTIL in a VTIMEZONE is UTC")
            limit = until.wallSeconds
          }
          let recurrence = Recurrence(
            start: start.date, rule: try RecurrenceRule(parsing: parts.joined(separator: ";")))
          let days = recurrence.occurrences(
            from: start.date, through: try CivilDate(year: lastYear, month: 12, day: 31))
          walls += days.dropFirst().map { Int64($0.daysSince1970) * 86_400 + Int64(start.secondOfDay ?? 0) }
        }
        for wall in walls where wall - Int64(from) <= limit {
          onsets.append((wall - Int64(from), to))
        }
      }
      onsets.sort { $0.instant < $1.instant }
    }

    /// The offset at `instant`; `nil` before the first onset.
    func offset(atUTC instant: Int64) -> Int? {
      var low = 0
      var high = onsets.count
      while low < high {
        let middle = (low + high) / 2
        if onsets[middle].instant <= instant { low = middle + 1 } else { high = middle }
      }
      return low == 0 ? nil : onsets[low - 1].offset
    }

    /// `+0530` or `-045602` in seconds.
    static func offset(_ text: String) throws -> Int {
      let digits = text.dropFirst().compactMap(\.wholeNumberValue)
      try #require(digits.count == 4 || digits.count == 6)
      let seconds =
        digits[0] * 36_000 + digits[1] * 3600 + digits[2] * 600 + digits[3] * 60
        + (digits.count == 6 ? digits[4] * 10 + digits[5] : 0)
      return text.hasPrefix("-") ? -seconds : seconds
    }
  }
}

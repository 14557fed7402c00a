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
}

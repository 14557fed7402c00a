import CalCore
import CalService
import Foundation
import Testing

/// A calendar service over a real SQLite file in a temporary folder, with a clock that tests set and move,
/// and zones from the system's time-zone database.
final class ServiceFixture {
  /// A clock the tests set.
  final class Clock: @unchecked Sendable {
    var now: Int64 = 0
  }

  let folder: String
  let clock = Clock()
  let localZone: ZoneInfo
  let service: CalendarService

  /// A fixture on `zone`'s clock at `instant` (ISO 8601 with an offset, such as `2024-05-12T10:00:00+02:00`).
  init(zone: String = "Europe/Berlin", at instant: String = "2024-05-12T10:00:00+02:00") throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("cal-service-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    clock.now = try Self.milliseconds(instant)
    let zones = ZoneLoader(Self.systemZone)
    localZone = try zones.zone(zone)
    let environment = ServiceEnvironment(now: { [clock] in clock.now }, localZone: localZone, zones: zones)
    service = try CalendarService.open(
      CalendarLocation(path: folder + "/cal.db", isDefault: false), for: .write, environment: environment)
  }

  /// The instant the service takes for now, in Unix milliseconds; tests move it.
  var now: Int64 {
    get { clock.now }
    set { clock.now = newValue }
  }

  deinit {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Another service on the same file, as a second process would have.
  func secondService() throws -> CalendarService {
    try CalendarService.open(
      CalendarLocation(path: folder + "/cal.db", isDefault: false), for: .read, environment: service.environment)
  }

  /// A zone of the system's database, read with Foundation (tests may).
  static func systemZone(_ name: String) throws(ZoneError) -> ZoneInfo {
    guard let data = FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + name) else {
      throw ZoneError.unknown(name)
    }
    return try ZoneInfo(name: name, tzif: [UInt8](data))
  }

  /// `2024-05-12T10:00:00+02:00` as Unix milliseconds.
  static func milliseconds(_ text: String) throws -> Int64 {
    let formatter = ISO8601DateFormatter()
    let date = try #require(formatter.date(from: text), "not an ISO 8601 instant: \(text)")
    return Int64(date.timeIntervalSince1970 * 1000)
  }
}

/// `2024-05-12` as a date.
func day(_ text: String) -> CivilDate { try! CivilDate(parsing: text) }

/// `2024-05` as a month.
func month(_ text: String) -> YearMonth { try! YearMonth(parsing: text) }

/// A one-off or repeating event's fields.
func event(
  _ start: String, _ title: String, at time: String? = nil, for minutes: Int? = nil, to endDay: String? = nil,
  zone: String? = nil, repeating rule: String? = nil
) -> EventFields {
  EventFields(
    title: title,
    schedule: EventSchedule(
      startDay: day(start), startTime: time.map { try! TimeOfDay(parsing: $0) }, lengthMinutes: minutes,
      endDay: endDay.map(day), timeZone: zone, rule: rule.map { try! RecurrenceRule(parsing: $0) }))
}

extension AgendaItem {
  /// `2024-05-12 14:30 dentist` (`all day` without a time), on the user's clock: what a listing shows,
  /// in one string a table of cases can compare.
  func summary(in zone: ZoneInfo) -> String {
    guard let start = occurrence.startInstant else { return "\(day) all day \(event.title)" }
    let local = zone.wallClock(atUTC: start)!
    let minutes = local.secondOfDay / 60
    let clock = String(format: "%02d:%02d", minutes / 60, minutes % 60)
    return "\(day) \(local.date == day ? clock : "\(local.date)T\(clock)") \(event.title)"
  }
}

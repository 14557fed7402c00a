import CalCore
import CalDAV
import CalServerSupport
import CalService
import CalStorage
import CalSync
import Foundation
import Testing

/// A calendar file in a temporary folder with a CalDAV calendar `work` on a real server, synced in process
/// through the CalDAV library, with a clock the tests set.
final class SyncFixture {
  /// A clock the tests set.
  final class Clock: @unchecked Sendable {
    var now: Int64 = 1_715_500_000_000
  }

  let server: CalDAVServer
  let folder: String
  let clock = Clock()
  let service: CalendarService
  let environment: ServiceEnvironment
  /// The calendar synced.
  let name = "work"

  /// A fixture on `server`; `file` names the calendar file, so that two fixtures on one server stand for
  /// two machines.
  init(_ server: CalDAVServer, file: String = "cal.db") throws {
    self.server = server
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("cal-sync-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let zones = ZoneLoader(Self.systemZone)
    environment = ServiceEnvironment(now: { [clock] in clock.now }, localZone: try zones.zone("UTC"), zones: zones)
    service = try CalendarService.open(
      CalendarLocation(path: folder + "/" + file, isDefault: false), for: .write, environment: environment)
    _ = try service.addCalendar(
      CalendarRecord(id: 0, name: name, kind: .caldav, url: server.calendar, user: server.user))
  }

  deinit {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// The collection, reached through the CalDAV library as `cal-sync` reaches it.
  func remote(timeout: Duration = .seconds(30)) throws -> CalDAVRemote {
    let client = CalDAVClient(
      credentials: CalDAVCredentials(user: server.user, password: server.password), timeout: timeout)
    return CalDAVRemote(try client.collection(server.calendar))
  }

  /// Syncs `work` with the server, each step of the clock a second later.
  @discardableResult
  func sync(
    remote: (any SyncRemote)? = nil, afterAction: @escaping (Int) throws -> Void = { _ in }, forceDelete: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> SyncReport {
    clock.now += 1000
    let report = try service.sync(
      name, with: try remote ?? self.remote(),
      options: SyncOptions(product: "-//cal//tests//EN", afterAction: afterAction, forceDelete: forceDelete))
    #expect(report.skipped.isEmpty, "\(report.skipped)", sourceLocation: sourceLocation)
    try expectDayCountsRight(sourceLocation: sourceLocation)
    return report
  }

  /// Expects the per-day counts the triggers keep to be what counting the events again gives: a sync writes
  /// events as any other change does, through the connection's triggers.
  func expectDayCountsRight(sourceLocation: SourceLocation = #_sourceLocation) throws {
    let database = try Database(path: service.path, mode: .existing)
    defer { database.close() }
    func rows(_ sql: String) throws -> [String] {
      try database.fetch(sql) { "\(try $0[0] as String) \(try $0[1] as Int64) \(try $0[2] as Int64)" }
    }
    let kept = try rows("SELECT day, calendar_id, events FROM simple_days ORDER BY 1, 2")
    let counted = try rows(
      """
      SELECT day, calendar_id, count(*) FROM events WHERE rrule IS NULL AND span_days = 0 AND time_zone IS NULL
      GROUP BY 1, 2 ORDER BY 1, 2
      """)
    #expect(kept == counted, sourceLocation: sourceLocation)
  }

  /// Adds an event to `work`.
  @discardableResult
  func add(_ fields: EventFields) throws -> EventRecord {
    clock.now += 1000
    return try service.add(fields, calendar: name)
  }

  /// Gives `event` a new title.
  func retitle(_ event: EventRecord, _ title: String) throws {
    clock.now += 1000
    _ = try service.edit(id: event.id) { fields in
      var changed = fields
      changed.title = title
      return changed
    }
  }

  /// `work`'s events from 2024 to 2025, one line each: `2024-05-12 10:00 title` (`all day` without time).
  func listing() throws -> [String] {
    try service.agenda(
      from: CivilDate(parsing: "2024-01-01"), through: CivilDate(parsing: "2025-12-31"), calendar: name
    )
    .map { item in
      guard let start = item.occurrence.startInstant else { return "\(item.day) all day \(item.event.title)" }
      let minutes = Int(start.floorDividedWithRemainder(by: 86_400).remainder) / 60
      return "\(item.day) " + String(format: "%02d:%02d", minutes / 60, minutes % 60) + " \(item.event.title)"
    }
  }

  /// Checks `listing()`, showing it when it differs.
  func expectListing(_ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let actual = try listing()
    #expect(actual == expected, sourceLocation: sourceLocation)
  }

  /// The event of `work` with `title` (its first, when several have it).
  func event(titled title: String) throws -> EventRecord {
    let item = try service.agenda(
      from: CivilDate(parsing: "2024-01-01"), through: CivilDate(parsing: "2025-12-31"), calendar: name
    ).first { $0.event.title == title }
    return try #require(item?.event, "no event titled \(title)")
  }

  static func systemZone(_ name: String) throws(ZoneError) -> ZoneInfo {
    guard let data = FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + name) else {
      throw ZoneError.unknown(name)
    }
    return try ZoneInfo(name: name, tzif: [UInt8](data))
  }
}

/// An event's fields: all day without a time, else from `time` for `minutes`.
func fields(
  _ start: String, _ title: String, at time: String? = nil, for minutes: Int? = nil, repeating rule: String? = nil,
  uid: String? = nil
) -> EventFields {
  EventFields(
    title: title,
    schedule: EventSchedule(
      startDay: try! CivilDate(parsing: start), startTime: time.map { try! TimeOfDay(parsing: $0) },
      lengthMinutes: minutes, rule: rule.map { try! RecurrenceRule(parsing: $0) }),
    uid: uid)
}

/// A VCALENDAR of one event as another client would write it; `extra` lines go inside the VEVENT.
func ics(uid: String, summary: String, start: String = "20240512T100000Z", extra: [String] = [], more: [String] = [])
  -> String
{
  ([
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//other client//EN", "BEGIN:VEVENT", "UID:\(uid)",
    "DTSTAMP:20240101T000000Z", "DTSTART:\(start)", "DURATION:PT1H",
    "SUMMARY:" + summary.replacingOccurrences(of: ",", with: "\\,"),
  ] + extra
    + ["END:VEVENT"] + more + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
}

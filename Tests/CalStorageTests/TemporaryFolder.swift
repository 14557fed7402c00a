import CalCore
import Foundation

@testable import CalStorage

/// A fresh folder under the system's temporary directory, removed when the value goes away.
final class TemporaryFolder {
  let path: String

  init() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cal-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    path = url.path
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// A path inside the folder.
  func file(_ name: String) -> String { path + "/" + name }

  /// A calendar file made by the migrations before `id` alone, as an older `cal` left it, and filled by
  /// `fill`: what a migration test upgrades. Returns its path.
  func olderCalendar(before id: String, _ fill: (Database) throws -> Void) throws -> String {
    let path = file("old.db")
    let database = try Database(path: path)
    try Migrator.before(id).migrate(database, now: 1)
    try fill(database)
    database.close()
    return path
  }
}

extension Migrator {
  /// The shipped migrations before `id`: the schema an older `cal` made.
  static func before(_ id: String) -> Migrator {
    Migrator(migrations: BundledMigrations.all.filter { $0.id < id }, applicationID: BundledMigrations.applicationID)
  }
}

/// The bytes of a file, to prove that something left it untouched.
func contents(of path: String) throws -> Data {
  try Data(contentsOf: URL(fileURLWithPath: path))
}

/// The permission bits of a file or folder.
func permissions(of path: String) throws -> Int {
  (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// The date written `YYYY-MM-DD`, for tables of cases.
func day(_ text: String) -> CivilDate {
  try! CivilDate(parsing: text)
}

/// The month written `YYYY-MM`.
func month(_ text: String) -> YearMonth {
  try! YearMonth(parsing: text)
}

/// The fields of a one-off event (or, with a rule, a series) for storage tests.
func fields(
  _ start: String, _ title: String, note: String? = nil, startMinute: Int? = nil, endDay: String? = nil,
  timeZone: String? = nil, rrule: String? = nil, parentID: Int64? = nil, recurrenceDay: String? = nil
) -> EventFields {
  EventFields(
    title: title, note: note,
    schedule: EventSchedule(
      startDay: day(start), startTime: startMinute.flatMap(TimeOfDay.init(minutes:)), endDay: endDay.map(day),
      timeZone: timeZone, rule: rrule.map { try! RecurrenceRule(parsing: $0) }),
    parentID: parentID, recurrenceDay: recurrenceDay.map(day))
}

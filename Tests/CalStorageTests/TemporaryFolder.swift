import CalCore
import Foundation

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

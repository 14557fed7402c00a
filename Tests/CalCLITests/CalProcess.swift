import CalStorage
import Foundation
import Glibc

/// The built `cal`, run as a real process with its own calendar file in a temporary folder.
struct CalProcess {
  /// The `cal` next to the test bundle: `swift test` builds it, since the test target depends on it.
  static let binary: String = {
    if let path = ProcessInfo.processInfo.environment["CAL_BINARY"] { return path }
    let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return testBinary.deletingLastPathComponent().appendingPathComponent("cal").path
  }()

  let folder: String
  var database: String { folder + "/cal.db" }

  /// A folder of its own, holding an empty calendar at `database` unless `creatingCalendar` is false (a
  /// command that only reads refuses a named calendar file that does not exist).
  init(creatingCalendar: Bool = true) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("cal-e2e-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    if creatingCalendar { _ = try CalendarStore(path: folder + "/cal.db", now: 0) }
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Runs `cal` with `--db` pointing into the folder (unless `withDatabase` is false), in UTC, piped.
  @discardableResult
  func run(
    _ arguments: [String], withDatabase: Bool = true, environment: [String: String] = [:], binary: String = binary
  )
    throws -> Subprocess.Result
  {
    try Subprocess.run(
      commandLine(arguments, withDatabase: withDatabase, binary: binary), environment: variables(environment))
  }

  /// Runs `cal` on Berlin's clock pinned at `now` (`2024-05-12T10:00:00+02:00`).
  @discardableResult
  func run(_ arguments: [String], at now: String) throws -> Subprocess.Result {
    try run(arguments, environment: ["TZ": "Europe/Berlin", "CAL_TEST_NOW": now])
  }

  /// Starts `cal` without waiting for it, for running several at once; `Subprocess.wait` collects it.
  func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> pid_t {
    try Subprocess.spawn(
      commandLine(arguments, withDatabase: true, binary: Self.binary), environment: variables(environment))
  }

  private func commandLine(_ arguments: [String], withDatabase: Bool, binary: String) -> [String] {
    [binary] + arguments + (withDatabase ? ["--db", database] : [])
  }

  private func variables(_ extra: [String: String]) -> [String: String] {
    ["TZ": "UTC", "HOME": folder, "PATH": "/usr/bin:/bin"].merging(extra) { $1 }
  }

  /// Runs `statements` on the calendar file as another program would (the sqlite3 shell, say), with its
  /// CHECK constraints off: how a damaged file is made.
  func tamper(_ statements: String...) throws {
    let database = try Database(path: database)
    defer { database.close() }
    try database.execute("PRAGMA ignore_check_constraints = ON")
    for statement in statements { try database.execute(statement) }
  }

  /// The calendar file's bytes, or nil when it does not exist: what "nothing changed" compares.
  func snapshot() -> Data? {
    FileManager.default.contents(atPath: database)
  }

  /// Decodes JSON output.
  static func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
  }
}

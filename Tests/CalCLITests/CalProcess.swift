import Foundation

/// The built `cal`, run as a real process with its own calendar file in a temporary folder.
struct CalProcess {
  struct Result {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  /// The `cal` next to the test bundle: `swift test` builds it, since the test target depends on it.
  static let binary: String = {
    if let path = ProcessInfo.processInfo.environment["CAL_BINARY"] { return path }
    let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return testBinary.deletingLastPathComponent().appendingPathComponent("cal").path
  }()

  let folder: String
  var database: String { folder + "/cal.db" }

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("cal-e2e-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Runs `cal` with `--db` pointing into the folder (unless `withDatabase` is false), in UTC, piped.
  @discardableResult
  func run(
    _ arguments: [String], withDatabase: Bool = true, environment: [String: String] = [:], binary: String = binary
  )
    throws -> Result
  {
    let process = launch(arguments, withDatabase: withDatabase, environment: environment, binary: binary)
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// A process ready to start, for running several at once.
  func launch(
    _ arguments: [String], withDatabase: Bool = true, environment: [String: String] = [:], binary: String = binary
  ) -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments + (withDatabase ? ["--db", database] : [])
    var variables = ["TZ": "UTC", "HOME": folder, "PATH": "/usr/bin:/bin"]
    variables.merge(environment) { $1 }
    process.environment = variables
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    return process
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

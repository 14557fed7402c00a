import Foundation

/// A Python interpreter for tests that check `cal` against a Python package, found once per run: the one
/// named by `CAL_TEST_PYTHON`, then `python3` on `PATH`, `/usr/bin/python3` and the virtual environment
/// `Scripts/compare-corpus` makes, the first that passes the check (imports the packages). `nil` when none
/// does; those tests are then skipped with a note.
enum PythonOracle {
  /// Python with `wcwidth` 0.2.x, which carries the Unicode 15.0 tables `DisplayWidth` follows.
  // Debian's python3-wcwidth 0.2.5 lists 15.0.0 but lacks its tables; 0.2.13 is the one compared against.
  static let wcwidth = interpreter(
    passing:
      "import wcwidth; v = tuple(int(p) for p in wcwidth.__version__.split('.')[:3]); assert (0, 2, 13) <= v < (0, 3)")
  /// Python with `icalendar` and `recurring-ical-events`.
  static let icalendar = interpreter(passing: "import icalendar, recurring_ical_events")

  private static func interpreter(passing check: String) -> String? {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var candidates = ["python3", "/usr/bin/python3", root.path + "/Benchmarks/.work/oracle-venv/bin/python"]
    if let chosen = ProcessInfo.processInfo.environment["CAL_TEST_PYTHON"], !chosen.isEmpty {
      candidates.insert(chosen, at: 0)
    }
    return candidates.first { (try? run($0, check)) != nil }
  }

  /// Runs `script` with `arguments` (`sys.argv[1:]`); its standard output, or an error with its standard
  /// error when it fails.
  static func run(_ python: String, _ script: String, arguments: [String] = []) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [python, "-c", script] + arguments
    let output = Pipe()
    // Standard error goes to a file: two pipes read one after the other could stall a chatty child.
    let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("cal-python-\(UUID().uuidString)")
    FileManager.default.createFile(atPath: errorPath.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorPath) }
    process.standardOutput = output
    process.standardError = try FileHandle(forWritingTo: errorPath)
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let errors = (try? String(contentsOf: errorPath, encoding: .utf8)) ?? ""
      throw Failure(message: errors)
    }
    return String(decoding: outputData, as: UTF8.self)
  }

  /// A script that failed, with what it printed on standard error.
  struct Failure: Error, CustomStringConvertible {
    let message: String
    var description: String { "python failed: \(message)" }
  }
}

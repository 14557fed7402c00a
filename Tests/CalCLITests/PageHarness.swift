import Foundation

/// `Tests/Interactive/interactive_test.py` and a Python to run it with.
enum PageHarness {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Interactive/interactive_test.py").path

  /// A Python that has pyte: `CAL_TEST_PYTHON`, Debian's, or the first on the usual path.
  static let python: String? = {
    let named = ProcessInfo.processInfo.environment["CAL_TEST_PYTHON"].map { [$0] } ?? []
    return (named + ["/usr/bin/python3", "/usr/local/bin/python3"]).first { candidate in
      FileManager.default.isExecutableFile(atPath: candidate)
        && (try? Subprocess.run([candidate, "-c", "import pyte"], environment: [:]).status) == 0
    }
  }()
}

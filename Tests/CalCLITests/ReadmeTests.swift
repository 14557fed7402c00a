import Foundation
import Testing

/// Every `console` block of README.md, run: each `$ ` line is a command given to bash with the built `cal`
/// first on the PATH, and the lines after it, up to the next command, are what it must print (standard
/// output and error together). A line `...` stands for any number of lines. Trailing spaces are not
/// compared. The blocks run in order in one home folder, so later examples see what earlier ones added;
/// the clock is pinned with CAL_TEST_NOW and the zone is Berlin's, so no example depends on the real date.
@Suite("README examples")
struct ReadmeTests {
  static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../README.md").standardized.path

  /// The commands of the README's console blocks with what each must print, in order.
  static func examples() throws -> [(command: String, expected: [String], line: Int)] {
    let text = try String(contentsOfFile: readme, encoding: .utf8)
    var examples: [(command: String, expected: [String], line: Int)] = []
    var inConsole = false
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.hasPrefix("```") {
        inConsole = !inConsole && line == "```console"
        continue
      }
      guard inConsole else { continue }
      if line.hasPrefix("$ ") {
        examples.append((String(line.dropFirst(2)), [], number + 1))
      } else if !examples.isEmpty {
        examples[examples.count - 1].expected.append(String(line))
      }
    }
    return examples
  }

  /// Whether `actual` matches `expected`, where a `...` line matches any run of lines.
  static func matches(_ actual: [String], _ expected: [String]) -> Bool {
    guard let first = expected.first else { return actual.isEmpty }
    if first == "..." {
      return (0...actual.count).contains { matches(Array(actual.dropFirst($0)), Array(expected.dropFirst())) }
    }
    guard let line = actual.first, trimmed(line) == trimmed(first) else { return false }
    return matches(Array(actual.dropFirst()), Array(expected.dropFirst()))
  }

  private static func trimmed(_ line: String) -> Substring {
    line[..<(line.lastIndex { $0 != " " }.map { line.index(after: $0) } ?? line.startIndex)]
  }

  @Test("every console example prints what the README says it prints")
  func examples() throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("cal-readme-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: home + "/bin", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: home) }
    try FileManager.default.createSymbolicLink(atPath: home + "/bin/cal", withDestinationPath: CalProcess.binary)
    let environment = [
      "PATH": home + "/bin:/usr/bin:/bin", "HOME": home, "TZ": "Europe/Berlin", "LC_ALL": "C",
      "CAL_TEST_NOW": "2024-05-12T10:00:00+02:00",
    ]
    let examples = try Self.examples()
    #expect(examples.count >= 5, "the README has lost its examples")
    for example in examples {
      let result = try Subprocess.run(
        ["/bin/bash", "-c", "cd \"$HOME\" && " + example.command + " 2>&1"], environment: environment)
      var actual = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if actual.last == "" { actual.removeLast() }
      var expected = example.expected
      while expected.last == "" { expected.removeLast() }
      #expect(
        Self.matches(actual, expected),
        "README.md line \(example.line): `\(example.command)` printed:\n\(result.stdout)")
    }
  }
}

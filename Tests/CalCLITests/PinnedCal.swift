import Foundation
import Testing

/// The built `cal` with a calendar of its own on a pinned clock (Sunday 12 May 2024, 10:00 in Berlin, as the
/// README's examples run), and the two checks most command tests make.
struct PinnedCal {
  /// Sunday 12 May 2024, 10:00 in Berlin.
  static let berlinSunday = ["CAL_TEST_NOW": "2024-05-12T10:00:00+02:00", "TZ": "Europe/Berlin"]

  let process: CalProcess

  init() throws {
    process = try CalProcess()
  }

  func remove() {
    process.remove()
  }

  /// Runs `cal` on the pinned clock, `environment` added.
  @discardableResult
  func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Subprocess.Result {
    try process.run(arguments, environment: Self.berlinSunday.merging(environment) { $1 })
  }

  /// Expects `arguments` to succeed and print `output`.
  func expect(
    _ arguments: [String], prints output: String, environment: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try run(arguments, environment: environment)
    #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stdout == output, "\(arguments)", sourceLocation: sourceLocation)
  }

  /// Expects `arguments` to be refused, exit 64, with standard error starting `Error: message`, and the
  /// calendar unchanged.
  func expectRefused(
    _ arguments: [String], _ message: String, environment: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = process.snapshot()
    let result = try run(arguments, environment: environment)
    #expect(result.status == 64 && result.stdout.isEmpty, "\(arguments)", sourceLocation: sourceLocation)
    #expect(
      result.stderr.hasPrefix("Error: \(message)"), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    #expect(process.snapshot() == before, "the calendar file changed", sourceLocation: sourceLocation)
  }

  /// Runs each command line, requiring each to succeed: how a test fills its calendar.
  func setUp(_ commands: [[String]], sourceLocation: SourceLocation = #_sourceLocation) throws {
    for arguments in commands {
      let result = try run(arguments)
      try #require(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    }
  }
}

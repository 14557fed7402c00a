import Foundation
import Testing

@Suite("Concurrent cal processes")
struct ConcurrencyTests {
  @Test("twenty flips at once from a new file all happen, and the history is one unbroken chain")
  func parallelFlips() throws {
    let cal = try CalProcess(creatingCalendar: false)
    defer { cal.remove() }
    // The very first run creates the file; every one of these races to do it.
    let processes = try (0..<20).map { _ in try cal.launch(["flip", "up-left"]) }
    #expect(processes.map(Subprocess.wait).allSatisfy { $0 == 0 })

    let history = try #require(try CalProcess.json(cal.run(["history", "--json"]).stdout) as? [[String: Any]])
    let chain = history.reversed().map { ($0["from"] as? String ?? "", $0["to"] as? String ?? "") }
    #expect(chain.count == 20)
    for (earlier, later) in zip(chain, chain.dropFirst()) {
      #expect(earlier.1 == later.0, "a gap in the chain: \(earlier) then \(later)")
    }
    let months = try #require(chain.first.map { $0.0 })
    let start = (Int(months.prefix(4))!, Int(months.suffix(2))!)
    let end = (start.0 * 12 + start.1 - 1) + 20
    let expected = String(format: "%04d-%02d", end / 12, end % 12 + 1)
    #expect(chain.last?.1 == expected)
    #expect(try cal.run(["show"]).stdout.contains(String(end / 12)))
  }

  @Test("adds and flips at the same moment all land")
  func parallelAddsAndFlips() throws {
    let cal = try CalProcess()
    defer { cal.remove() }
    try cal.run(["goto", "2024-05"])
    let adds = try (0..<15).map { try cal.launch(["add", "2024-05-\(10 + $0)", "event \($0)"]) }
    let flips = try (0..<5).map { _ in try cal.launch(["flip", "down-right"]) }
    #expect((adds + flips).map(Subprocess.wait).allSatisfy { $0 == 0 })
    let events = try #require(try CalProcess.json(cal.run(["list", "2024-05", "--json"]).stdout) as? [[String: Any]])
    #expect(events.count == 15)
    #expect(Set(events.compactMap { $0["id"] as? Int }).count == 15)
    #expect(try cal.run(["history", "--limit", "1", "--json"]).stdout.contains("\"to\":\"2023-12\""))
  }

  @Test("a calendar file with a second name (a hard link) is refused through either: SQLite logs beside each name")
  func hardLinkRefused() throws {
    let cal = try CalProcess()
    defer { cal.remove() }
    try cal.run(["add", "2024-05-12", "kept"])
    let other = cal.folder + "/other.db"
    #expect(link(cal.database, other) == 0)
    let before = cal.snapshot()
    // Through two names, two cal at once would each write to a log of their own: neither sees the other's
    // events, both give out the same ids, and the file ends up holding parts of each.
    for arguments in [["add", "2024-05-13", "lost", "--db", other], ["list", "2024-05", "--db", other]] {
      let result = try cal.run(arguments, withDatabase: false)
      #expect(result.status == 1)
      #expect(result.stderr.hasPrefix("Error: the calendar file \(other) has 2 names (hard links)"), "\(result.stderr)")
    }
    let result = try cal.run(["add", "2024-05-13", "lost"])
    #expect(result.status == 1 && result.stderr.contains("has 2 names (hard links)"), "\(result.stderr)")
    #expect(cal.snapshot() == before)
    #expect(unlink(other) == 0)
    #expect(try cal.run(["list", "2024-05-12"]).stdout.contains("kept"))
  }
}

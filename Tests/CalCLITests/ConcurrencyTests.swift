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
}

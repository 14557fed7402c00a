import CalCore
import CalService
import Foundation
import Testing

@Suite("Page-flip navigation in the service")
struct NavigationTests {
  private func flip(
    from start: String, _ direction: CurlDirection, to expected: String?,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let fixture = try ServiceFixture()
    _ = try fixture.service.jump(to: month(start))
    guard let expected else {
      #expect(throws: ServiceError.self, sourceLocation: sourceLocation) { try fixture.service.flip(direction) }
      #expect(try fixture.service.viewedMonth() == month(start), sourceLocation: sourceLocation)
      #expect(try fixture.service.history().count == 1, "nothing recorded", sourceLocation: sourceLocation)
      return
    }
    let turn = try fixture.service.flip(direction)
    #expect(turn.from == month(start) && turn.to == month(expected), sourceLocation: sourceLocation)
    #expect(turn.direction == direction && turn.kind == .flip, sourceLocation: sourceLocation)
    #expect(try fixture.service.viewedMonth() == month(expected), sourceLocation: sourceLocation)
    #expect(try fixture.service.history().first == turn, sourceLocation: sourceLocation)
  }

  @Test("each direction turns to the month its table names, across year ends, never past the calendar's ends")
  func directions() throws {
    try flip(from: "2024-05", .upLeft, to: "2024-06")
    try flip(from: "2024-05", .upRight, to: "2024-06")
    try flip(from: "2024-05", .downRight, to: "2024-04")
    try flip(from: "2024-05", .downLeft, to: "2024-04")
    try flip(from: "2024-12", .upLeft, to: "2025-01")  // into a new year
    try flip(from: "2024-12", .upRight, to: "2025-01")
    try flip(from: "2025-01", .downRight, to: "2024-12")  // back into the old one
    try flip(from: "2025-01", .downLeft, to: "2024-12")
    try flip(from: "9999-12", .upLeft, to: nil)  // the last page
    try flip(from: "0001-01", .downRight, to: nil)  // the first page
    try flip(from: "9999-11", .upRight, to: "9999-12")
    try flip(from: "0001-02", .downLeft, to: "0001-01")
  }

  @Test("a jump is recorded as a jump, and the history is newest first with a limit")
  func jumps() throws {
    let fixture = try ServiceFixture()
    #expect(try fixture.service.viewedMonth() == month("2024-05"))  // never moved: the current month
    let jump = try fixture.service.jump(to: month("1999-12"))
    #expect(jump.kind == .goto && jump.direction == nil && jump.from == month("2024-05"))
    _ = try fixture.service.flip(.upLeft)
    #expect(try fixture.service.history().map(\.to) == [month("2000-01"), month("1999-12")])
    #expect(try fixture.service.history(limit: 1).map(\.kind) == [.flip])
  }

  @Test("the month on view of a calendar never moved follows the clock across midnight and the new year")
  func acrossMidnight() throws {
    let fixture = try ServiceFixture(at: "2024-12-31T23:59:30+01:00")
    #expect(try fixture.service.viewedMonth() == month("2024-12"))
    #expect(fixture.service.environment.today == day("2024-12-31"))
    fixture.now += 60_000  // a minute later, in Berlin
    #expect(try fixture.service.viewedMonth() == month("2025-01"))
    #expect(fixture.service.environment.today == day("2025-01-01"))
    // Once moved, the page stays where it was put, whatever the clock says.
    _ = try fixture.service.jump(to: month("2024-05"))
    fixture.now += 86_400_000 * 40
    #expect(try fixture.service.viewedMonth() == month("2024-05"))
  }

  @Test("twenty flips from twenty connections at once form one unbroken chain")
  func concurrentFlips() async throws {
    let fixture = try ServiceFixture()
    _ = try fixture.service.jump(to: month("2024-05"))
    let path = fixture.folder + "/cal.db"
    let now = fixture.now
    let zone = fixture.localZone
    // Each task opens its own connection, as twenty `cal flip` processes would.
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<20 {
        group.addTask {
          let environment = ServiceEnvironment(
            now: { now + Int64(index) }, localZone: zone, zones: ZoneLoader(ServiceFixture.systemZone))
          let service = try CalendarService.open(
            CalendarLocation(path: path, isDefault: false), for: .write, environment: environment)
          _ = try service.flip(index.isMultiple(of: 2) ? .upLeft : .upRight)
        }
      }
      try await group.waitForAll()
    }
    let chain = try fixture.service.history().reversed().dropFirst()  // the jump first
    #expect(chain.count == 20)
    for (earlier, later) in zip(chain, chain.dropFirst()) { #expect(earlier.to == later.from) }
    #expect(chain.last?.to == month("2026-01"))
    #expect(try fixture.service.viewedMonth() == month("2026-01"))
  }
}

import CalCore
import Testing

@Suite("A series whose occurrences overlap: refused when kept, bounded when read")
struct EventScheduleOverlapTests {
  /// An all-day series from 1000-01-01 lasting `days` days a time, by `rule`.
  private static func series(lasting days: Int, _ rule: String) throws -> EventSchedule {
    let start = try CivilDate(parsing: "1000-01-01")
    return EventSchedule(
      startDay: start, endDay: start.adding(days: days - 1), rule: try RecurrenceRule(parsing: rule))
  }

  private static func check(
    _ days: Int, _ rule: String, refused: Bool, beyondReading: Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let schedule = try series(lasting: days, rule)
    #expect((schedule.overlapProblem != nil) == refused, "\(rule)", sourceLocation: sourceLocation)
    #expect(schedule.overlapsBeyondReading == beyondReading, "\(rule)", sourceLocation: sourceLocation)
  }

  @Test("one occurrence overlaps nothing, however long; a count bounds what reading expands")
  func overlaps() throws {
    // An event with RDATEs is imported as COUNT=1 and rows of its own (the fuzzer, seed 801: a warning for
    // an event lasting a thousand years that no other occurrence overlaps).
    try Self.check(370_597, "FREQ=YEARLY;COUNT=1", refused: false, beyondReading: false)
    try Self.check(370_597, "FREQ=DAILY;UNTIL=10000101", refused: false, beyondReading: false)
    try Self.check(370_597, "FREQ=DAILY;UNTIL=10000102", refused: true, beyondReading: false)
    try Self.check(370_597, "FREQ=DAILY", refused: true, beyondReading: true)
    try Self.check(370_597, "FREQ=DAILY;COUNT=366", refused: true, beyondReading: false)
    try Self.check(370_597, "FREQ=DAILY;UNTIL=10000109", refused: true, beyondReading: false)
    try Self.check(370_597, "FREQ=DAILY;UNTIL=10020101", refused: true, beyondReading: true)
    try Self.check(9, "FREQ=WEEKLY", refused: true, beyondReading: false)
    try Self.check(8, "FREQ=WEEKLY", refused: false, beyondReading: false)
  }
}

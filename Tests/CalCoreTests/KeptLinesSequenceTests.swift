import CalCore
import Testing

/// The event's own SEQUENCE among its kept lines: counted up on a change of when it happens, and carried
/// over another side's lines; an alarm's lines are not the event's; an occurrence drops a cancelled STATUS.
@Suite("SEQUENCE among kept lines")
struct KeptLinesSequenceTests {
  static func fields(_ kept: String?) throws -> EventFields {
    EventFields(title: "x", schedule: EventSchedule(startDay: try CivilDate(parsing: "2024-05-13")), keptLines: kept)
  }

  func next(_ kept: String?, _ expected: String?, sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(try Self.fields(kept).keptLinesWithNextSequence == expected, sourceLocation: sourceLocation)
  }

  func carried(
    _ kept: String?, _ other: String?, _ expected: String?, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(EventFields.keptLines(kept, withSequenceOf: other) == expected, sourceLocation: sourceLocation)
  }

  func occurrence(_ kept: String?, _ expected: String?, sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(try Self.fields(kept).keptLinesForEditedOccurrence == expected, sourceLocation: sourceLocation)
  }

  @Test("counted up: the event's own, once; none, an alarm's, or one at the end of the count stay")
  func countedUp() throws {
    try next(nil, nil)
    try next("X-A:1\nSEQUENCE:2", "X-A:1\nSEQUENCE:3")
    try next("X-A:1", "X-A:1")
    try next("X-A:1\nBEGIN:VALARM\nSEQUENCE:4\nEND:VALARM", "X-A:1\nBEGIN:VALARM\nSEQUENCE:4\nEND:VALARM")
    // A component begins in any case (the importer writes BEGIN upper-cased; a reader takes any).
    try next("X-A:1\nbegin:VALARM\nSEQUENCE:4\nEND:VALARM", "X-A:1\nbegin:VALARM\nSEQUENCE:4\nEND:VALARM")
    try next("SEQUENCE:2147483647", "SEQUENCE:2147483647")
    try next("SEQUENCE:x", "SEQUENCE:x")
  }

  @Test("carried: another side's lines with this side's SEQUENCE, or without one when this side has none")
  func carriedOver() {
    carried("PARTSTAT=A\nSEQUENCE:2", "PARTSTAT=N\nSEQUENCE:3", "PARTSTAT=A\nSEQUENCE:3")
    carried("PARTSTAT=A\nSEQUENCE:2", "PARTSTAT=N", "PARTSTAT=A")
    carried("SEQUENCE:2", nil, nil)
    carried("PARTSTAT=A", "SEQUENCE:3", "PARTSTAT=A")
    carried(nil, "SEQUENCE:3", nil)
  }

  @Test("an edited occurrence: the event's own STATUS:CANCELLED (any case, parameters) left out, an alarm's kept")
  func editedOccurrence() throws {
    try occurrence(nil, nil)
    try occurrence("STATUS:CANCELLED", nil)
    try occurrence("X-A:1\nstatus;x-p=\"a:b\": cancelled \nX-B:2", "X-A:1\nX-B:2")
    try occurrence("STATUS:CONFIRMED", "STATUS:CONFIRMED")
    try occurrence(
      "X-A:1\nBEGIN:VALARM\nSTATUS:CANCELLED\nEND:VALARM", "X-A:1\nBEGIN:VALARM\nSTATUS:CANCELLED\nEND:VALARM")
    try occurrence(
      "STATUS:CANCELLED\nBegin:X-THING\nSTATUS:CANCELLED\nEND:X-THING", "Begin:X-THING\nSTATUS:CANCELLED\nEND:X-THING")
  }
}

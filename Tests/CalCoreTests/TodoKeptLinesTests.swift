import CalCore
import Testing

/// What a to-do keeps of its source that cal does not read stays true to what cal changed.
@Suite("To-dos' kept lines after a change")
struct TodoKeptLinesTests {
  let day = try! CivilDate(parsing: "2024-05-20")

  func todo(_ kept: String, due: TodoDue?, status: TodoStatus = .open) -> TodoFields {
    TodoFields(title: "t", due: due, status: status, keptLines: kept)
  }

  @Test("a changed status drops PERCENT-COMPLETE, and nothing else")
  func status() {
    let old = todo("PERCENT-COMPLETE:40\nCATEGORIES:home\nBEGIN:VALARM\nPERCENT-COMPLETE:1\nEND:VALARM", due: nil)
    var new = old
    new.status = .done
    #expect(new.keptLines(afterChangeFrom: old) == "CATEGORIES:home\nBEGIN:VALARM\nPERCENT-COMPLETE:1\nEND:VALARM")
    new.status = .open
    #expect(new.keptLines(afterChangeFrom: old) == old.keptLines)
    var retitled = old
    retitled.title = "other"
    #expect(retitled.keptLines(afterChangeFrom: old) == old.keptLines)
  }

  @Test("a DTSTART that no longer comes before the DUE, or is of the other kind, goes; one that does stays")
  func start() throws {
    let kept = "DTSTART;VALUE=DATE:20240510\nX-A:1"
    let old = todo(kept, due: TodoDue(day: day))
    var new = old
    new.due = TodoDue(day: try CivilDate(parsing: "2024-05-15"))
    #expect(new.keptLines(afterChangeFrom: old) == kept)
    new.due = TodoDue(day: try CivilDate(parsing: "2024-05-10"))
    #expect(new.keptLines(afterChangeFrom: old) == kept)
    new.due = TodoDue(day: try CivilDate(parsing: "2024-05-09"))
    #expect(new.keptLines(afterChangeFrom: old) == "X-A:1")
    new.due = TodoDue(day: day, time: TimeOfDay(minutes: 600))
    #expect(new.keptLines(afterChangeFrom: old) == "X-A:1")
    new.due = nil
    #expect(new.keptLines(afterChangeFrom: old) == kept)

    let timed = todo(
      "DTSTART;TZID=Europe/Berlin:20240520T090000",
      due: TodoDue(day: day, time: TimeOfDay(minutes: 720), timeZone: "Europe/Berlin"))
    var earlier = timed
    earlier.due = TodoDue(day: day, time: TimeOfDay(minutes: 480), timeZone: "Europe/Berlin")
    #expect(earlier.keptLines(afterChangeFrom: timed) == nil)
    earlier.due = TodoDue(day: day, time: TimeOfDay(minutes: 540), timeZone: "Europe/Berlin")
    #expect(earlier.keptLines(afterChangeFrom: timed) == timed.keptLines)
    // Another clock the same day: kept, whatever the hour.
    earlier.due = TodoDue(day: day, time: TimeOfDay(minutes: 480), timeZone: "America/New_York")
    #expect(earlier.keptLines(afterChangeFrom: timed) == timed.keptLines)
  }

  @Test("a DTSTART in UTC is on the clock of a DUE in UTC: one that no longer comes before it goes")
  func startInUTC() {
    let kept = "DTSTART:20240520T150000Z\nX-A:1"
    let old = todo(kept, due: TodoDue(day: day.adding(days: 1)!, time: TimeOfDay(minutes: 600), timeZone: "UTC"))
    var new = old
    new.due = TodoDue(day: day, time: TimeOfDay(minutes: 600), timeZone: "UTC")
    #expect(new.keptLines(afterChangeFrom: old) == "X-A:1")
    new.due = TodoDue(day: day, time: TimeOfDay(minutes: 900), timeZone: "UTC")
    #expect(new.keptLines(afterChangeFrom: old) == kept)
    // A floating DUE is another clock: kept, whatever the hour, as before.
    new.due = TodoDue(day: day, time: TimeOfDay(minutes: 600))
    #expect(new.keptLines(afterChangeFrom: old) == kept)
  }
}

import CalCore
import CalService
import CalStorage
import Foundation
import Testing

@Suite("Undo and redo in the service")
struct UndoTests {
  /// Everything the calendar shows in May 2024 and July 2024, and the month on view: what undo must put back.
  private func state(_ fixture: ServiceFixture) throws -> [String] {
    let items = try fixture.service.agenda(from: day("2024-05-01"), through: day("2024-07-31")).map { item in
      item.summary(in: fixture.localZone) + " #\(item.event.id)"
        + (item.event.fields.reminders.isEmpty ? "" : " (\(item.event.fields.reminders.count) reminders)")
    }
    return items + ["on view: \(try fixture.service.viewedMonth())"]
  }

  /// Runs `change`, checks that undo puts the state back and redo brings the change again.
  private func undoable(
    _ fixture: ServiceFixture, sourceLocation: SourceLocation = #_sourceLocation, _ change: () throws -> Void
  ) throws {
    let before = try state(fixture)
    try change()
    let after = try state(fixture)
    #expect(after != before, "the change changed nothing", sourceLocation: sourceLocation)
    let undone = try fixture.service.undo()
    #expect(undone.map(\.state) == [.undone], sourceLocation: sourceLocation)
    #expect(try state(fixture) == before, sourceLocation: sourceLocation)
    let redone = try fixture.service.redo()
    #expect(redone.map(\.id) == undone.map(\.id) && redone.map(\.state) == [.done], sourceLocation: sourceLocation)
    #expect(try state(fixture) == after, sourceLocation: sourceLocation)
  }

  /// A fixture with a dentist's appointment (with a reminder), a daily standup and a holiday.
  private func calendar() throws -> (ServiceFixture, series: EventRecord, dentist: EventRecord) {
    let fixture = try ServiceFixture()
    var dentist = event("2024-05-12", "dentist", at: "14:30", for: 45)
    dentist.reminders = [Reminder(.start(offsetSeconds: -900))]
    let added = try fixture.service.add(dentist)
    let series = try fixture.service.add(
      event("2024-05-13", "standup", at: "09:00", for: 15, repeating: "FREQ=DAILY;COUNT=10"))
    _ = try fixture.service.add(event("2024-07-01", "holiday", to: "2024-07-14"))
    return (fixture, series, added)
  }

  private func retitled(_ title: String) -> (EventFields) throws -> EventFields {
    { fields in
      var changed = fields
      changed.title = title
      return changed
    }
  }

  @Test("every kind of change is undone and redone: add, edit, edit one, split, remove, remove one, flip, goto")
  func everyKind() throws {
    let (fixture, series, dentist) = try calendar()
    try undoable(fixture) { _ = try fixture.service.add(event("2024-05-20", "gym", at: "18:00")) }
    try undoable(fixture) { _ = try fixture.service.edit(id: dentist.id, retitled("dentist (Dr. Müller)")) }
    try undoable(fixture) {
      _ = try fixture.service.edit(id: dentist.id) { fields in
        var changed = fields
        changed.reminders = [Reminder(.start(offsetSeconds: -3600)), Reminder(.end(offsetSeconds: 0))]
        return changed
      }
    }
    try undoable(fixture) {
      _ = try fixture.service.edit(id: series.id, occurrence: day("2024-05-15"), retitled("late standup"))
    }
    try undoable(fixture) {
      _ = try fixture.service.edit(id: series.id, occurrence: day("2024-05-18"), fromHere: true, retitled("weekend"))
    }
    try undoable(fixture) { _ = try fixture.service.remove(id: series.id, occurrence: day("2024-05-16")) }
    try undoable(fixture) { _ = try fixture.service.remove(id: dentist.id) }
    try undoable(fixture) { _ = try fixture.service.remove(id: series.id) }
    try undoable(fixture) { _ = try fixture.service.flip(.upLeft) }
    try undoable(fixture) { _ = try fixture.service.jump(to: month("2024-07")) }
    // Undoing a flip takes its page turn out of the history, so the history stays one unbroken chain.
    _ = try fixture.service.flip(.upLeft)
    _ = try fixture.service.undo()
    #expect(try fixture.service.history().map(\.to) == [month("2024-07"), month("2024-06")])
  }

  @Test("a series removed with its edited occurrences, exceptions and reminders comes back whole")
  func removedSeries() throws {
    let (fixture, series, _) = try calendar()
    _ = try fixture.service.edit(id: series.id, occurrence: day("2024-05-15"), retitled("late standup"))
    _ = try fixture.service.remove(id: series.id, occurrence: day("2024-05-16"))
    _ = try fixture.service.edit(id: series.id) { fields in
      var changed = fields
      changed.reminders = [Reminder(.start(offsetSeconds: -300))]
      return changed
    }
    try undoable(fixture) { _ = try fixture.service.remove(id: series.id) }
  }

  @Test("undo N and redo N go back and forth in order; a new change ends redo")
  func several() throws {
    let (fixture, _, _) = try calendar()
    let start = try state(fixture)
    _ = try fixture.service.add(event("2024-05-20", "one"))
    let afterOne = try state(fixture)
    _ = try fixture.service.add(event("2024-05-21", "two"))
    _ = try fixture.service.flip(.downRight)
    let undone = try fixture.service.undo(count: 3)
    #expect(undone.map(\.kind) == ["flip", "add", "add"])
    #expect(try state(fixture) == start)
    #expect(try fixture.service.redo().map(\.summary) == ["added #4 one on 2024-05-20"])
    #expect(try state(fixture) == afterOne)
    _ = try fixture.service.add(event("2024-05-22", "three"))
    #expect(throws: ServiceError.self) { try fixture.service.redo() }
    #expect(try fixture.service.changes().map(\.state) == [.done, .undone, .undone, .done, .done, .done, .done])
    // Undoing the new change and redoing brings back the new change, not those undone before it: their redo
    // ended for good (they stay in the log, undone).
    let afterThree = try state(fixture)
    let three = try fixture.service.undo()
    #expect(three.count == 1 && three[0].summary.hasSuffix(" three on 2024-05-22"))
    #expect(throws: ServiceError(.notFound, "there is only 1 change to redo; nothing was done")) {
      try fixture.service.redo(count: 2)
    }
    #expect(try fixture.service.redo().map(\.id) == three.map(\.id))
    #expect(try state(fixture) == afterThree)
    #expect(throws: ServiceError.self) { try fixture.service.redo() }
    #expect(try fixture.service.changes().map(\.state) == [.done, .undone, .undone, .done, .done, .done, .done])
    _ = try fixture.service.undo()
    // Fewer changes than asked: nothing is undone.
    let before = try state(fixture)
    #expect(throws: ServiceError(.notFound, "there are only 4 changes to undo; nothing was done")) {
      try fixture.service.undo(count: 5)
    }
    #expect(try state(fixture) == before)
  }

  @Test("a row changed since by something the log does not record refuses the undo, and nothing is undone")
  func conflict() throws {
    let (fixture, _, dentist) = try calendar()
    fixture.now += 60_000
    _ = try fixture.service.edit(id: dentist.id, retitled("dentist (moved)"))
    // Another program (a sync, say) changes the event without going through a recorded change. SQLite
    // compares the columns the change changed, and every edit stamps updated_at: any later edit is seen.
    fixture.now += 60_000
    let store = try CalendarStore(path: fixture.folder + "/cal.db", now: fixture.now)
    var fields = try #require(try store.events.event(id: dentist.id)).fields
    fields.location = "Praxis"
    _ = try store.write { try store.events.update(id: dentist.id, fields, at: fixture.now) }
    let before = try state(fixture)
    do {
      _ = try fixture.service.undo()
      Issue.record("the undo was not refused")
    } catch let error as ServiceError {
      #expect(error.kind == .conflict)
      #expect(error.message.hasPrefix("cannot undo change 4 (changed #1 dentist (moved)): event #1 was changed since"))
    }
    #expect(try state(fixture) == before)
    #expect(try fixture.service.changes(limit: 1).map(\.state) == [.done])
    // Undoing two at once is refused as a whole too.
    #expect(throws: ServiceError.self) { try fixture.service.undo(count: 2) }
    #expect(try state(fixture) == before)
  }

  @Test("the log names each change, newest first; a change that changed nothing is not logged; undo survives reopening")
  func log() throws {
    let (fixture, _, _) = try calendar()
    let empty = try CalendarService.prepareImport(
      Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8), skipInvalid: false, zones: fixture.service.environment.zones)
    _ = try fixture.service.importCalendar(empty)
    fixture.service.changeLabel = "cal flip up-left"
    _ = try fixture.service.flip(.upLeft)
    let changes = try fixture.service.changes()
    #expect(
      changes.map { "\($0.id) \($0.kind) \($0.summary)" } == [
        "4 flip flipped up-left from May 2024 to June 2024", "3 add added #3 holiday on 2024-07-01",
        "2 add added #2 standup on 2024-05-13", "1 add added #1 dentist on 2024-05-12",
      ])
    #expect(changes.first?.label == "cal flip up-left" && changes.last?.label == nil)
    #expect(changes.first?.at == fixture.now)
    let reopened = try fixture.secondService()
    #expect(try reopened.undo().map(\.kind) == ["flip"])
    #expect(try fixture.service.viewedMonth() == month("2024-05"))
  }

  @Test("an import of 10,000 events, some of them updates, is undone and redone in seconds, in parts")
  func largeImport() throws {
    let fixture = try ServiceFixture()
    _ = try fixture.service.add(event("2024-05-12", "mine"))
    let first = Self.calendar(events: 100, title: "first")
    _ = try fixture.service.importCalendar(
      try CalendarService.prepareImport(Array(first.utf8), skipInvalid: false, zones: fixture.service.environment.zones)
    )
    let before = try state(fixture)
    let text = Self.calendar(events: 10_000, title: "second")
    let prepared = try CalendarService.prepareImport(
      Array(text.utf8), skipInvalid: false, zones: fixture.service.environment.zones)
    let clock = ContinuousClock()
    var report: ImportReport?
    let importing = try clock.measure { report = try fixture.service.importCalendar(prepared) }
    #expect(report?.added == 9_900 && report?.updated == 100)
    let after = try state(fixture)
    var undone: [ChangeRecord] = []
    let undoing = try clock.measure { undone = try fixture.service.undo() }
    #expect(undone.map(\.kind) == ["import"])
    #expect(try state(fixture) == before)
    let redoing = try clock.measure { _ = try fixture.service.redo() }
    #expect(try state(fixture) == after)
    print("10,000-event import \(importing), undo \(undoing), redo \(redoing)")
    #expect(undoing < .seconds(10) && redoing < .seconds(10))
  }

  /// An iCalendar file of `events` one-hour events with a reminder, one every two hours from 2024-05-01, with
  /// UIDs that a second file shares for its first events.
  static func calendar(events: Int, title: String) -> String {
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"]
    for index in 0..<events {
      let day = day("2024-05-01").adding(days: index / 12)!.description.replacingOccurrences(of: "-", with: "")
      let date = day + String(format: "T%02d0000Z", index % 12 * 2)
      lines += [
        "BEGIN:VEVENT", "UID:event-\(index)@test", "DTSTART:\(date)", "DURATION:PT1H", "SUMMARY:\(title) \(index)",
        "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "END:VALARM", "END:VEVENT",
      ]
    }
    return (lines + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
  }
}

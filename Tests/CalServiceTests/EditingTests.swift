import CalCore
import CalService
import Foundation
import Testing

@Suite("Editing in the service")
struct EditingTests {
  /// The titles and days of the occurrences from `first` through `last`.
  private func occurrences(_ fixture: ServiceFixture, _ first: String, _ last: String) throws -> [String] {
    try fixture.service.agenda(from: day(first), through: day(last)).map { $0.summary(in: fixture.localZone) }
  }

  @Test("add stores the event with an id and a UID; an empty title or an unknown zone is refused")
  func add() throws {
    let fixture = try ServiceFixture()
    let added = try fixture.service.add(event("2024-05-12", "dentist", at: "14:30", for: 45))
    #expect(added.id == 1 && added.uid?.hasSuffix("@cal") == true)
    #expect(try fixture.service.event(id: added.id) == added)
    for bad in [event("2024-05-12", "  "), event("2024-05-12", "x", at: "10:00", zone: "Mars/Olympus")] {
      #expect(throws: ServiceError.self) { try fixture.service.add(bad) }
    }
    #expect(try occurrences(fixture, "2024-05-01", "2024-05-31") == ["2024-05-12 14:30 dentist"])
  }

  @Test("editing a whole event or series changes every occurrence")
  func editWhole() throws {
    let fixture = try ServiceFixture()
    let series = try fixture.service.add(event("2024-05-13", "standup", at: "09:00", repeating: "FREQ=DAILY;COUNT=3"))
    let outcome = try fixture.service.edit(id: series.id) { fields in
      var changed = fields
      changed.title = "morning standup"
      return changed
    }
    guard case .changed(let saved) = outcome else { Issue.record("not a whole change: \(outcome)"); return }
    #expect(saved.id == series.id && saved.uid == series.uid)
    #expect(
      try occurrences(fixture, "2024-05-13", "2024-05-20") == [
        "2024-05-13 09:00 morning standup", "2024-05-14 09:00 morning standup", "2024-05-15 09:00 morning standup",
      ])
  }

  @Test("one occurrence changes alone; editing it again changes the same row")
  func editOne() throws {
    let fixture = try ServiceFixture()
    let series = try fixture.service.add(event("2024-05-13", "standup", at: "09:00", repeating: "FREQ=DAILY;COUNT=3"))
    let later = { (fields: EventFields) -> EventFields in
      var changed = fields
      changed.schedule.startTime = try TimeOfDay(parsing: "10:00")
      return changed
    }
    let first = try fixture.service.edit(id: series.id, occurrence: day("2024-05-14"), later)
    let again = try fixture.service.edit(id: series.id, occurrence: day("2024-05-14")) { fields in
      var changed = fields
      changed.title = "late standup"
      return changed
    }
    #expect(first.event.id == again.event.id && first.event.parentID == series.id)
    #expect(
      try occurrences(fixture, "2024-05-13", "2024-05-20") == [
        "2024-05-13 09:00 standup", "2024-05-14 10:00 late standup", "2024-05-15 09:00 standup",
      ])
  }

  @Test("from here on: the series ends the day before and a new one takes over, COUNT shared out")
  func split() throws {
    let fixture = try ServiceFixture()
    let series = try fixture.service.add(event("2024-05-13", "standup", at: "09:00", repeating: "FREQ=DAILY;COUNT=5"))
    _ = try fixture.service.remove(id: series.id, occurrence: day("2024-05-16"))
    let outcome = try fixture.service.edit(id: series.id, occurrence: day("2024-05-15"), fromHere: true) { fields in
      var changed = fields
      changed.schedule.startTime = try TimeOfDay(parsing: "08:30")
      return changed
    }
    guard case .split(let old, let splitDay, let following) = outcome else {
      Issue.record("not a split: \(outcome)")
      return
    }
    #expect(old == series.id && splitDay == day("2024-05-15") && following.uid != series.uid)
    #expect(following.schedule.rule?.count == 3)
    #expect(
      try occurrences(fixture, "2024-05-13", "2024-05-31") == [
        "2024-05-13 09:00 standup", "2024-05-14 09:00 standup", "2024-05-15 08:30 standup", "2024-05-17 08:30 standup",
      ])
  }

  /// A daily series of four from 2024-05-13, its occurrence on the 14th edited (retitled "moved").
  private func dailyStandupMovedOn14th(_ fixture: ServiceFixture) throws -> (series: EventRecord, edited: EditOutcome) {
    let series = try fixture.service.add(event("2024-05-13", "standup", repeating: "FREQ=DAILY;COUNT=4"))
    let edited = try fixture.service.edit(id: series.id, occurrence: day("2024-05-14")) { fields in
      var changed = fields
      changed.title = "moved"
      return changed
    }
    return (series, edited)
  }

  @Test("remove: an occurrence leaves a gap, the series goes whole with its edits, an edited one leaves a gap")
  func remove() throws {
    let fixture = try ServiceFixture()
    let (series, edited) = try dailyStandupMovedOn14th(fixture)
    _ = try fixture.service.remove(id: edited.event.id)
    _ = try fixture.service.remove(id: series.id, occurrence: day("2024-05-15"))
    #expect(
      try occurrences(fixture, "2024-05-13", "2024-05-31") == [
        "2024-05-13 all day standup", "2024-05-16 all day standup",
      ])
    // Twice is an error of its own; a day the series does not have is a request to change.
    #expect(throws: ServiceError(.notFound, "the occurrence of event #1 on 2024-05-15 was already removed")) {
      try fixture.service.remove(id: series.id, occurrence: day("2024-05-15"))
    }
    #expect(throws: ServiceError(.invalidRequest, "event #1 has no occurrence on 2024-06-01")) {
      try fixture.service.remove(id: series.id, occurrence: day("2024-06-01"))
    }
    guard case .removed(let gone, _) = try fixture.service.remove(id: series.id) else {
      Issue.record("not removed whole")
      return
    }
    #expect(gone.id == series.id)
    #expect(try occurrences(fixture, "2024-05-13", "2024-05-31").isEmpty)
    #expect(throws: ServiceError(.notFound, "there is no event #1")) { try fixture.service.event(id: 1) }
  }

  @Test("removed together, an edited occurrence and its series' occurrence on its day are one removal, in either order")
  func removeEditedOccurrenceTwice() throws {
    for editedFirst in [true, false] {
      let fixture = try ServiceFixture()
      let (series, edited) = try dailyStandupMovedOn14th(fixture)
      let targets: [(id: Int64, occurrence: CivilDate?)] = [(edited.event.id, nil), (series.id, day("2024-05-14"))]
      let outcomes = try fixture.service.remove(editedFirst ? targets : targets.reversed())
      #expect(outcomes.count == 1, "edited first: \(editedFirst)")
      #expect(
        try occurrences(fixture, "2024-05-13", "2024-05-31") == [
          "2024-05-13 all day standup", "2024-05-15 all day standup", "2024-05-16 all day standup",
        ], "edited first: \(editedFirst)")
    }
  }

  @Test("an error thrown by the change undoes the whole edit")
  func failedChange() throws {
    struct Refused: Error {}
    let fixture = try ServiceFixture()
    let series = try fixture.service.add(event("2024-05-13", "standup", repeating: "FREQ=DAILY;COUNT=4"))
    #expect(throws: Refused.self) {
      try fixture.service.edit(id: series.id, occurrence: day("2024-05-15"), fromHere: true) { _ in throw Refused() }
    }
    #expect(try fixture.service.event(id: series.id) == series)
    #expect(try occurrences(fixture, "2024-05-13", "2024-05-31").count == 4)
  }
}

@Suite("Series stay in step with their rules")
struct SeriesRuleTests {
  @Test("a series cannot be added on, or moved to, a day its rule does not make; one without days moves along")
  func startFollowsRule() throws {
    let fixture = try ServiceFixture()
    #expect(throws: ServiceError.self) {
      try fixture.service.add(event("2024-05-15", "gym", repeating: "FREQ=WEEKLY;BYDAY=MO"))
    }
    let mondays = try fixture.service.add(event("2024-05-13", "gym", repeating: "FREQ=WEEKLY;BYDAY=MO;COUNT=3"))
    let moved = { (fields: EventFields) -> EventFields in
      var changed = fields
      changed.schedule.startDay = day("2024-05-15")
      return changed
    }
    let refused = try #require(throws: ServiceError.self) { try fixture.service.edit(id: mondays.id, moved) }
    #expect(refused.kind == .invalidRequest)
    #expect(try fixture.service.event(id: mondays.id) == mondays)
    // A weekly series without BYDAY repeats on its first day's weekday: moving it moves the rule with it.
    let plain = try fixture.service.add(event("2024-05-13", "swim", repeating: "FREQ=WEEKLY;COUNT=2"))
    _ = try fixture.service.edit(id: plain.id, moved)
    let swims = try fixture.service.agenda(from: day("2024-05-13"), through: day("2024-05-31"))
      .filter { $0.event.title == "swim" }.map(\.day)
    #expect(swims == [day("2024-05-15"), day("2024-05-22")])
  }
}

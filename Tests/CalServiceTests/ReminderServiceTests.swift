import CalCore
import CalService
import Foundation
import Testing

@Suite("Reminders in the service")
struct ReminderServiceTests {
  /// `fields` with `reminders`.
  private func reminding(_ fields: EventFields, _ reminders: Reminder...) -> EventFields {
    var fields = fields
    fields.reminders = reminders
    return fields
  }

  private static let fifteen = Reminder(.start(offsetSeconds: -900))

  /// The notices a run of `service` tells, in order; checks that it counts them right.
  private static func deliver(_ service: CalendarService, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> [ReminderNotice]
  {
    var notices: [ReminderNotice] = []
    var finished = 0
    let count = try service.deliverDueReminders({ notices.append($0) }, then: { finished += 1 })
    #expect(count == notices.count && finished == (count > 0 ? 1 : 0), sourceLocation: sourceLocation)
    return notices
  }

  /// What a run tells, as `2024-05-12 dentist 14:15 on time`: the occurrence's day, the title, when it was
  /// due on Berlin's clock, and how it is told.
  private func run(_ fixture: ServiceFixture, at instant: String) throws -> [String] {
    fixture.now = try ServiceFixture.milliseconds(instant)
    return try Self.deliver(fixture.service).map { notice in
      let local = fixture.localZone.wallClock(atUTC: notice.due)!
      let minutes = local.secondOfDay / 60
      let due = String(format: "%@ %02d:%02d", local.date.description, minutes / 60, minutes % 60)
      return "\(notice.item.occurrence.occurrenceDay) \(notice.item.event.title) \(due) \(notice.outcome.rawValue)"
    }
  }

  @Test("each reminder is told once: on time, late, or more than a day late as missed; never before it was set")
  func onceEach() throws {
    let fixture = try ServiceFixture()
    // A day before 14:30 was before the event was added at 10:00: it is never told.
    _ = try fixture.service.add(
      reminding(
        event("2024-05-12", "dentist", at: "14:30", for: 45), Self.fifteen, Reminder(.start(offsetSeconds: -86_400))))
    #expect(try run(fixture, at: "2024-05-12T10:00:00+02:00") == [])
    #expect(try run(fixture, at: "2024-05-12T14:16:00+02:00") == ["2024-05-12 dentist 2024-05-12 14:15 on time"])
    #expect(try run(fixture, at: "2024-05-12T14:17:00+02:00") == [])
    _ = try fixture.service.add(reminding(event("2024-05-12", "call", at: "16:00"), Self.fifteen))
    _ = try fixture.service.add(
      reminding(
        event("2024-05-13", "standup", at: "09:00", for: 15, repeating: "FREQ=DAILY"),
        Reminder(.start(offsetSeconds: -300))))
    // The machine was off from 14:17 until the next morning.
    #expect(
      try run(fixture, at: "2024-05-13T09:30:00+02:00") == [
        "2024-05-12 call 2024-05-12 15:45 late", "2024-05-13 standup 2024-05-13 08:55 late",
      ])
    #expect(
      try run(fixture, at: "2024-05-15T09:00:00+02:00") == [
        "2024-05-14 standup 2024-05-14 08:55 missed", "2024-05-15 standup 2024-05-15 08:55 on time",
      ])
    #expect(try run(fixture, at: "2024-05-15T09:00:00+02:00") == [])
  }

  @Test("reminders missed while no run looked are counted: one notice for each reminder of each event")
  func missedCounted() throws {
    let fixture = try ServiceFixture()
    _ = try fixture.service.add(
      reminding(
        event("2024-05-12", "standup", at: "09:00", for: 15, repeating: "FREQ=DAILY"), Self.fifteen,
        Reminder(.start(offsetSeconds: -300))))
    #expect(try run(fixture, at: "2024-05-12T10:00:00+02:00") == [])
    fixture.now = try ServiceFixture.milliseconds("2024-05-22T09:00:00+02:00")
    let notices = try Self.deliver(fixture.service)
    let local = { (instant: Int64) in fixture.localZone.wallClock(atUTC: instant)!.date.description }
    let told = notices.map {
      "\($0.item.occurrence.occurrenceDay) \($0.outcome.rawValue) \($0.count) \(local($0.due))..\(local($0.lastDue))"
    }
    #expect(
      told == [
        "2024-05-13 missed 9 2024-05-13..2024-05-21", "2024-05-13 missed 9 2024-05-13..2024-05-21",
        "2024-05-22 late 1 2024-05-22..2024-05-22", "2024-05-22 on time 1 2024-05-22..2024-05-22",
      ])
    #expect(notices.map(\.reminder.offsetSeconds) == [-900, -300, -900, -300])
    #expect(try run(fixture, at: "2024-05-22T09:01:00+02:00") == [])
  }

  @Test("every occurrence of a series reminds; a removed one does not, an edited one at its own time")
  func series() throws {
    let fixture = try ServiceFixture()
    let series = try fixture.service.add(
      reminding(event("2024-05-13", "standup", at: "09:00", for: 15, repeating: "FREQ=DAILY;COUNT=4"), Self.fifteen))
    _ = try fixture.service.remove(id: series.id, occurrence: day("2024-05-14"))
    _ = try fixture.service.edit(id: series.id, occurrence: day("2024-05-15")) { fields in
      var changed = fields
      changed.schedule.startTime = try TimeOfDay(parsing: "11:00")
      return changed
    }
    // The first run looks a day back; the next from there.
    #expect(try run(fixture, at: "2024-05-12T10:00:00+02:00") == [])
    #expect(
      try run(fixture, at: "2024-05-16T10:00:00+02:00") == [
        "2024-05-13 standup 2024-05-13 08:45 missed", "2024-05-15 standup 2024-05-15 10:45 late",
        "2024-05-16 standup 2024-05-16 08:45 late",
      ])
  }

  @Test("an event moved later reminds again at its new time; an edit that keeps the time does not")
  func moved() throws {
    let fixture = try ServiceFixture()
    let added = try fixture.service.add(reminding(event("2024-05-12", "dentist", at: "14:30"), Self.fifteen))
    #expect(try run(fixture, at: "2024-05-12T14:15:00+02:00").count == 1)
    _ = try fixture.service.edit(id: added.id) { fields in
      var changed = fields
      changed.title = "dentist (Dr. Müller)"
      return changed
    }
    #expect(try run(fixture, at: "2024-05-12T14:20:00+02:00") == [])
    _ = try fixture.service.edit(id: added.id) { fields in
      var changed = fields
      changed.schedule.startTime = try TimeOfDay(parsing: "16:00")
      return changed
    }
    #expect(
      try run(fixture, at: "2024-05-12T15:45:00+02:00") == ["2024-05-12 dentist (Dr. Müller) 2024-05-12 15:45 on time"])
  }

  @Test("all-day events remind at 09:00 on the user's clock or the time given; zoned events at their instant")
  func clocks() throws {
    let fixture = try ServiceFixture()
    _ = try fixture.service.add(
      reminding(event("2024-05-14", "holiday", to: "2024-05-16"), Reminder(.start(offsetSeconds: -86_400))))
    _ = try fixture.service.add(
      reminding(
        event("2024-05-14", "birthday"), Reminder(.start(offsetSeconds: 0), allDayTime: TimeOfDay(minutes: 7 * 60))))
    // 09:00 in New York is 15:00 in Berlin.
    _ = try fixture.service.add(
      reminding(event("2024-05-13", "call", at: "09:00", zone: "America/New_York"), Self.fifteen))
    #expect(
      try run(fixture, at: "2024-05-14T08:00:00+02:00") == [
        "2024-05-14 holiday 2024-05-13 09:00 late", "2024-05-13 call 2024-05-13 14:45 late",
        "2024-05-14 birthday 2024-05-14 07:00 late",
      ])
  }

  @Test("the next reminder due is the earliest not yet told, within a day")
  func next() throws {
    let fixture = try ServiceFixture()
    #expect(try fixture.service.nextReminderDue() == nil)
    _ = try fixture.service.add(reminding(event("2024-05-12", "dentist", at: "14:30"), Self.fifteen))
    _ = try fixture.service.add(reminding(event("2024-05-12", "lunch", at: "12:30"), Self.fifteen))
    _ = try fixture.service.add(reminding(event("2024-05-14", "later", at: "12:30"), Self.fifteen))
    #expect(try fixture.service.nextReminderDue() == (try ServiceFixture.milliseconds("2024-05-12T12:15:00+02:00")))
    _ = try run(fixture, at: "2024-05-12T12:15:00+02:00")
    #expect(try fixture.service.nextReminderDue() == (try ServiceFixture.milliseconds("2024-05-12T14:15:00+02:00")))
    _ = try run(fixture, at: "2024-05-12T14:15:00+02:00")
    #expect(try fixture.service.nextReminderDue() == nil)
  }

  @Test("twenty connections running at the same moment tell each reminder exactly once")
  func concurrent() async throws {
    let fixture = try ServiceFixture()
    for minute in 0..<30 {
      _ = try fixture.service.add(
        reminding(event("2024-05-12", "event \(minute)", at: String(format: "11:%02d", minute)), Self.fifteen))
    }
    let path = fixture.folder + "/cal.db"
    let now = try ServiceFixture.milliseconds("2024-05-12T11:30:00+02:00")
    let zone = fixture.localZone
    // Each task opens its own connection, as twenty `cal remind` processes would.
    let told = try await withThrowingTaskGroup(of: [String].self) { group in
      for _ in 0..<20 {
        group.addTask {
          let environment = ServiceEnvironment(
            now: { now }, localZone: zone, zones: ZoneLoader(ServiceFixture.systemZone))
          let service = try CalendarService.open(
            CalendarLocation(path: path, isDefault: false), for: .write, environment: environment)
          return try Self.deliver(service).map(\.item.event.title)
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(told.count == 30)
    #expect(Set(told).count == 30)
  }

  @Test("reminders are validated: at most 100, each once, within the calendar")
  func validation() throws {
    let fixture = try ServiceFixture()
    let cases: [[Reminder]] = [
      (1...101).map { Reminder(.start(offsetSeconds: Int64(-$0 * 60))) },
      [Self.fifteen, Self.fifteen],
      [Reminder(.end(offsetSeconds: Reminder.maximumOffsetSeconds + 1))],
      [Reminder(.at(unixSeconds: 253_402_300_800))],
    ]
    for reminders in cases {
      var fields = event("2024-05-12", "x", at: "10:00")
      fields.reminders = reminders
      #expect(throws: ServiceError.self) { try fixture.service.add(fields) }
    }
  }
}

import CalCore
import CalService
import Foundation
import Testing

@Suite("The agenda in the service")
struct AgendaTests {
  /// The agenda of `first` through `last` for a user in `zone`, after adding `events`, as summaries.
  private func agenda(
    _ events: [EventFields], from first: String, through last: String, zone: String = "Europe/Berlin"
  ) throws -> [String] {
    let fixture = try ServiceFixture(zone: zone)
    for fields in events { _ = try fixture.service.add(fields) }
    return try fixture.service.agenda(from: day(first), through: day(last)).map { $0.summary(in: fixture.localZone) }
  }

  private func check(
    _ events: [EventFields], from first: String, through last: String, zone: String = "Europe/Berlin",
    _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(try agenda(events, from: first, through: last, zone: zone) == expected, sourceLocation: sourceLocation)
  }

  @Test("all-day events first (by id), then by start; spans on every day they cover; only the window")
  func ordering() throws {
    try check(
      [
        event("2024-05-12", "dentist", at: "14:30", for: 45), event("2024-05-12", "lunch", at: "12:00"),
        event("2024-05-12", "birthday"), event("2024-05-11", "holiday", to: "2024-05-13"),
        event("2024-05-14", "outside"),
      ], from: "2024-05-12", through: "2024-05-13",
      [
        "2024-05-12 all day birthday", "2024-05-12 all day holiday", "2024-05-12 12:00 lunch",
        "2024-05-12 14:30 dentist", "2024-05-13 all day holiday",
      ])
  }

  @Test("a timed event past midnight is listed on both days it touches")
  func pastMidnight() throws {
    try check(
      [event("2024-05-12", "party", at: "22:00", for: 240)], from: "2024-05-12", through: "2024-05-13",
      ["2024-05-12 22:00 party", "2024-05-13 2024-05-12T22:00 party"])
    // Ending exactly at midnight does not reach the next day.
    try check(
      [event("2024-05-12", "late", at: "23:00", for: 60)], from: "2024-05-12", through: "2024-05-13",
      ["2024-05-12 23:00 late"])
  }

  @Test("zoned events are shown on the user's clock, on the day they fall on there")
  func zoned() throws {
    // 09:00 New York: 15:00 in Berlin in April (both on summer time), 14:00 on 11 March (only NY is).
    try check(
      [event("2024-03-11", "call", at: "09:00", zone: "America/New_York")], from: "2024-03-11", through: "2024-03-11",
      ["2024-03-11 14:00 call"])
    try check(
      [event("2024-04-11", "call", at: "09:00", zone: "America/New_York")], from: "2024-04-11", through: "2024-04-11",
      ["2024-04-11 15:00 call"])
    // 07:30 in Tokyo is 18:30 the day before in New York.
    try check(
      [event("2024-05-13", "early", at: "07:30", zone: "Asia/Tokyo")], from: "2024-05-12", through: "2024-05-13",
      zone: "America/New_York", ["2024-05-12 18:30 early"])
  }

  @Test("a daily series keeps its wall time across the daylight-saving changes of its zone")
  func acrossDaylightSaving() throws {
    // Berlin moved its clocks on 31 March and 27 October 2024.
    try check(
      [event("2024-03-30", "standup", at: "09:00", repeating: "FREQ=DAILY;COUNT=3")], from: "2024-03-29",
      through: "2024-04-02",
      ["2024-03-30 09:00 standup", "2024-03-31 09:00 standup", "2024-04-01 09:00 standup"])
    // The same series seen from UTC moves by the hour the clocks moved.
    try check(
      [event("2024-03-30", "standup", at: "09:00", zone: "Europe/Berlin", repeating: "FREQ=DAILY;COUNT=2")],
      from: "2024-03-30", through: "2024-03-31", zone: "UTC", ["2024-03-30 08:00 standup", "2024-03-31 07:00 standup"])
    try check(
      [event("2024-10-26", "standup", at: "09:00", zone: "Europe/Berlin", repeating: "FREQ=DAILY;COUNT=2")],
      from: "2024-10-26", through: "2024-10-27", zone: "UTC", ["2024-10-26 07:00 standup", "2024-10-27 08:00 standup"])
  }

  @Test("repeats: weekly on set days, the 2nd Tuesday, the 31st, with an end")
  func repeating() throws {
    try check(
      [event("2024-05-13", "gym", repeating: "FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20240522")], from: "2024-05-01",
      through: "2024-05-31",
      [
        "2024-05-13 all day gym", "2024-05-15 all day gym", "2024-05-17 all day gym", "2024-05-20 all day gym",
        "2024-05-22 all day gym",
      ])
    try check(
      [event("2024-05-14", "board", at: "18:00", repeating: "FREQ=MONTHLY;BYDAY=2TU")], from: "2024-05-01",
      through: "2024-07-31", ["2024-05-14 18:00 board", "2024-06-11 18:00 board", "2024-07-09 18:00 board"])
    try check(
      [event("2024-01-31", "rent", repeating: "FREQ=MONTHLY")], from: "2024-01-01", through: "2024-05-31",
      ["2024-01-31 all day rent", "2024-03-31 all day rent", "2024-05-31 all day rent"])
  }

  @Test("an edited occurrence replaces its day, a removed one leaves a gap, the rest of the series stays")
  func overrides() throws {
    let fixture = try ServiceFixture()
    let series = try fixture.service.add(event("2024-05-13", "standup", at: "09:00", repeating: "FREQ=DAILY"))
    _ = try fixture.service.edit(id: series.id, occurrence: day("2024-05-14")) { fields in
      var moved = fields
      moved.title = "late standup"
      moved.schedule.startTime = try TimeOfDay(parsing: "11:00")
      return moved
    }
    _ = try fixture.service.remove(id: series.id, occurrence: day("2024-05-15"))
    let listed = try fixture.service.agenda(from: day("2024-05-13"), through: day("2024-05-16"))
    #expect(
      listed.map { $0.summary(in: fixture.localZone) } == [
        "2024-05-13 09:00 standup", "2024-05-14 11:00 late standup", "2024-05-16 09:00 standup",
      ])
    #expect(listed[1].event.parentID == series.id && listed[1].event.recurrenceDay == day("2024-05-14"))
  }

  @Test("at the calendar's first and last days, a zoned event is found from the day after or before it")
  func zonedAtTheEnds() throws {
    // 10:00 on 9999-12-31 in Kiritimati (+14) is 09:00 on 9999-12-30 in Pago Pago (-11); 09:00 on 0001-01-01
    // twelve hours behind UTC is 11:00 on 0001-01-02 fourteen ahead.
    try check(
      [event("9999-12-31", "last", at: "10:00", for: 60, zone: "Pacific/Kiritimati")], from: "9999-12-30",
      through: "9999-12-30", zone: "Pacific/Pago_Pago", ["9999-12-30 09:00 last"])
    try check(
      [event("0001-01-01", "first", at: "09:00", for: 60, zone: "Etc/GMT+12")], from: "0001-01-02",
      through: "0001-01-02", zone: "Etc/GMT-14", ["0001-01-02 11:00 first"])
  }

  @Test("a removed occurrence of a long series stays removed in a window in the calendar's first year")
  func removedInTheFirstYear() throws {
    let fixture = try ServiceFixture()
    let series = try fixture.service.add(
      event("0001-01-01", "season", to: "0001-03-31", repeating: "FREQ=YEARLY;COUNT=3"))
    _ = try fixture.service.remove(id: series.id, occurrence: day("0001-01-01"))
    #expect(try fixture.service.agenda(from: day("0001-02-15"), through: day("0001-02-15")).isEmpty)
    #expect(try fixture.service.agenda(from: day("0002-02-15"), through: day("0002-02-15")).count == 1)
  }

  @Test("marked days: one-day events, spans and series, and nothing outside the window")
  func marked() throws {
    let fixture = try ServiceFixture()
    _ = try fixture.service.add(event("2024-05-12", "one"))
    _ = try fixture.service.add(event("2024-05-20", "span", to: "2024-05-21"))
    _ = try fixture.service.add(event("2024-04-03", "monthly", repeating: "FREQ=MONTHLY;BYMONTHDAY=3"))
    _ = try fixture.service.add(event("2024-06-01", "june"))
    let marked = try fixture.service.markedDays(from: day("2024-05-01"), through: day("2024-05-31"))
    #expect(marked == Set(["2024-05-03", "2024-05-12", "2024-05-20", "2024-05-21"].map(day)))
  }

  @Test("a listing of centuries streams in order, a month at a time, and stops when asked")
  func streaming() throws {
    let fixture = try ServiceFixture()
    _ = try fixture.service.add(event("2000-01-01", "daily", repeating: "FREQ=DAILY"))
    var count = 0
    var last: CivilDate?
    try fixture.service.forEachAgendaItem(from: day("2000-01-01"), through: day("2009-12-31")) { item in
      #expect(last.map { $0 < item.day } ?? true)
      last = item.day
      count += 1
      return true
    }
    #expect(count == 3653 && last == day("2009-12-31"))
    var newest: [CivilDate] = []
    try fixture.service.forEachAgendaItem(from: day("2000-01-01"), through: day("2009-12-31"), newestFirst: true) {
      newest.append($0.day)
      return newest.count < 3
    }
    #expect(newest == ["2009-12-31", "2009-12-30", "2009-12-29"].map(day))
  }

  @Test("a change made through another connection is seen at once (no stale cache)")
  func sharedFile() throws {
    let fixture = try ServiceFixture()
    let other = try fixture.secondService()
    _ = try other.add(event("2024-05-12", "from elsewhere"))
    #expect(try fixture.service.agenda(from: day("2024-05-12"), through: day("2024-05-12")).count == 1)
  }
}

@Suite("Long windows")
struct LongWindowTests {
  @Test(
    "hundreds of long events beginning after empty years: read in chunks of bounded size, every item once, in order")
  func denseAfterEmpty() throws {
    let fixture = try ServiceFixture()
    // 700 events of 428 days each: 299,600 items, more than a chunk may hold, beginning where a chunk grown
    // over seven empty years lands (found by Scripts/fuzz --seed 842: a listing held them all, 1 GB).
    for index in 0..<700 { _ = try fixture.service.add(event("2007-12-01", "span \(index)", to: "2009-01-31")) }
    var count = 0
    var perDay: [CivilDate: Int] = [:]
    var last: CivilDate?
    try fixture.service.forEachAgendaItem(from: day("2000-01-01"), through: day("2012-12-31")) { item in
      #expect(last.map { $0 <= item.day } ?? true)
      last = item.day
      perDay[item.day, default: 0] += 1
      count += 1
      return true
    }
    #expect(count == 700 * 428)
    #expect(perDay.count == 428 && perDay.values.allSatisfy { $0 == 700 })
    var newest: [CivilDate] = []
    try fixture.service.forEachAgendaItem(from: day("2000-01-01"), through: day("2012-12-31"), newestFirst: true) {
      newest.append($0.day)
      return newest.count < 701
    }
    #expect(newest.first == day("2009-01-31") && newest.last == day("2009-01-30"))
  }

  @Test("centuries with one event take few chunks; a search expands only what matches, newest first")
  func sparse() throws {
    let fixture = try ServiceFixture()
    _ = try fixture.service.add(event("2020-01-01", "once"))
    _ = try fixture.service.add(event("2024-05-15", "board meeting", at: "18:00", repeating: "FREQ=WEEKLY;COUNT=3"))
    _ = try fixture.service.add(event("2024-03-10", "daily", repeating: "FREQ=DAILY;COUNT=2000"))
    var all: [String] = []
    try fixture.service.forEachAgendaItem(from: day("0001-01-01"), through: day("9999-12-31")) { item in
      if item.event.title != "daily" { all.append("\(item.day) \(item.event.title)") }
      return true
    }
    #expect(
      all == ["2020-01-01 once", "2024-05-15 board meeting", "2024-05-22 board meeting", "2024-05-29 board meeting"])
    var found: [CivilDate] = []
    try fixture.service.search("board", from: day("2024-05-15"), through: day("9999-12-30")) {
      found.append($0.day)
      return true
    }
    #expect(found == ["2024-05-29", "2024-05-22", "2024-05-15"].map(day))
  }
}

import CalCore
import Testing

@Suite("Reminders")
struct ReminderTests {
  /// Sunday, 12 May 2024.
  static let today = try! CivilDate(parsing: "2024-05-12")

  /// Berlin's zone, from the system's database.
  static func berlin() throws -> ZoneInfo { try ZoneInfoTests.zone("Europe/Berlin") }

  /// Unix seconds of `day` at `time` in Berlin.
  static func berlin(_ day: String, _ time: String) throws -> Int64 {
    let date = try CivilDate(parsing: day)
    let clock = try TimeOfDay(parsing: time)
    return try berlin().utc(fromLocal: Int64(date.daysSince1970) * 86_400 + Int64(clock.minutes) * 60)
  }

  private func check(
    _ text: String, _ expected: Reminder.Trigger, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let reminder = try ReminderExpression.reminder(text, today: Self.today, localZone: Self.berlin())
    #expect(reminder.trigger == expected, sourceLocation: sourceLocation)
    #expect(reminder.allDayTime == nil, sourceLocation: sourceLocation)
  }

  @Test("--remind takes a length before the start, a signed offset from the start or end, or a date and time")
  func forms() throws {
    try check("15m", .start(offsetSeconds: -900))
    try check("-15m", .start(offsetSeconds: -900))
    try check("1h30m", .start(offsetSeconds: -5400))
    try check("1d", .start(offsetSeconds: -86_400))
    try check("+10m", .start(offsetSeconds: 600))
    try check("start", .start(offsetSeconds: 0))
    try check("0", .start(offsetSeconds: 0))
    try check("END", .end(offsetSeconds: 0))
    try check("end-5m", .end(offsetSeconds: -300))
    try check("end+1h", .end(offsetSeconds: 3600))
    // On the user's clock: 08:00 in Berlin in May is 06:00 UTC.
    try check("90", .start(offsetSeconds: -5400))
    try check("1h30", .start(offsetSeconds: -5400))
    try check("1.5h", .start(offsetSeconds: -5400))
    try check("2024-05-12T08:00", .at(unixSeconds: try Self.berlin("2024-05-12", "08:00")))
    try check("2024-05-12 08:00", .at(unixSeconds: try Self.berlin("2024-05-12", "08:00")))
    // Days and times as the rest of cal reads them, against today, Sunday 12 May 2024.
    try check("tomorrow 8am", .at(unixSeconds: try Self.berlin("2024-05-13", "08:00")))
    try check("fri noon", .at(unixSeconds: try Self.berlin("2024-05-17", "12:00")))
    try check("5-20 9 pm", .at(unixSeconds: try Self.berlin("2024-05-20", "21:00")))
    try check("next fri 7:30", .at(unixSeconds: try Self.berlin("2024-05-24", "07:30")))
  }

  @Test("anything else is refused with the forms that exist")
  func refused() throws {
    for text in [
      "", "soon", "15x", "end15m", "end-", "+", "0m", "-0m", "end-2d3d", "15m-", "tomorrow", "tomorrow soon", "8am",
    ] {
      #expect(throws: ReminderError.malformed(text)) {
        try ReminderExpression.reminder(text, today: Self.today, localZone: .utc)
      }
    }
    for text in ["2024-02-30T08:00", "2024-05-12T25:00"] {
      #expect(throws: ReminderError.self) { try ReminderExpression.reminder(text, today: Self.today, localZone: .utc) }
    }
    // Written as a reminder, but too far: said so, not that it is no reminder.
    for text in ["99999999999d", "99999999999999999999m", "end-100001m", "+1h100001m"] {
      #expect(throws: ReminderError.tooFar(text)) {
        try ReminderExpression.reminder(text, today: Self.today, localZone: .utc)
      }
    }
    #expect(
      ReminderError.tooFar("999999m").description == "'999999m' is not a reminder: a number in it is more than 100000")
    let message = ReminderError.malformed("soon").description
    #expect(message.hasPrefix("'soon' is not a reminder: expected 15m, 1h30m, 90 or 1d before the start"))
  }

  /// An occurrence of a timed event from `start` for `minutes`, or of an all-day event over `days`.
  static func occurrence(timed start: Int64? = nil, minutes: Int64 = 60, days: (String, String)? = nil) throws
    -> Occurrence
  {
    if let days {
      let schedule = EventSchedule(startDay: try CivilDate(parsing: days.0), endDay: try CivilDate(parsing: days.1))
      return try #require(
        Occurrence.occurrence(of: schedule, on: schedule.startDay, eventZone: nil, localZone: berlin()))
    }
    let start = try #require(start)
    let local = try #require(try berlin().wallClock(atUTC: start))
    let schedule = EventSchedule(
      startDay: local.date, startTime: TimeOfDay(minutes: local.secondOfDay / 60), lengthMinutes: Int(minutes))
    return try #require(Occurrence.occurrence(of: schedule, on: local.date, eventZone: nil, localZone: berlin()))
  }

  @Test("due: from a timed occurrence's start or end; an all-day one's at 09:00 or the time given, on the user's clock")
  func due() throws {
    let zone = try Self.berlin()
    let meeting = try Self.occurrence(timed: try Self.berlin("2024-05-12", "14:30"), minutes: 45)
    let cases: [(Reminder, Int64)] = [
      (Reminder(.start(offsetSeconds: -900)), try Self.berlin("2024-05-12", "14:15")),
      (Reminder(.start(offsetSeconds: 0)), try Self.berlin("2024-05-12", "14:30")),
      (Reminder(.end(offsetSeconds: -300)), try Self.berlin("2024-05-12", "15:10")),
      (Reminder(.end(offsetSeconds: 600)), try Self.berlin("2024-05-12", "15:25")),
      // A time of day means nothing to a timed event.
      (Reminder(.start(offsetSeconds: -60), allDayTime: TimeOfDay(minutes: 0)), try Self.berlin("2024-05-12", "14:29")),
      (Reminder(.at(unixSeconds: 42)), 42),
    ]
    for (reminder, expected) in cases {
      #expect(reminder.due(for: meeting, localZone: zone) == expected, "\(reminder)")
    }
    // An all-day holiday, 2024-07-01 to 2024-07-14: its start is 09:00 on the 1st, its end the 15th.
    let holiday = try Self.occurrence(days: ("2024-07-01", "2024-07-14"))
    let allDay: [(Reminder, Int64)] = [
      (Reminder(.start(offsetSeconds: -86_400)), try Self.berlin("2024-06-30", "09:00")),
      (
        Reminder(.start(offsetSeconds: 0), allDayTime: TimeOfDay(minutes: 18 * 60)),
        try Self.berlin("2024-07-01", "18:00")
      ),
      (
        Reminder(.start(offsetSeconds: -54_000), allDayTime: TimeOfDay(minutes: 0)),
        try Self.berlin("2024-06-30", "09:00")
      ),
      (Reminder(.end(offsetSeconds: 0)), try Self.berlin("2024-07-15", "09:00")),
    ]
    for (reminder, expected) in allDay {
      #expect(reminder.due(for: holiday, localZone: zone) == expected, "\(reminder)")
    }
    // On the day clocks change to summer time (31 March 2024, 02:00 → 03:00), 15 minutes before 03:30 is
    // 03:15, which exists.
    let early = try Self.occurrence(timed: try Self.berlin("2024-03-31", "03:30"))
    #expect(
      Reminder(.start(offsetSeconds: -900)).due(for: early, localZone: zone) == (try Self.berlin("2024-03-31", "03:15"))
    )
  }

  @Test("in words: before or after the start or end, and an all-day event's time of day")
  func words() throws {
    let zone = try Self.berlin()
    let midnight = try #require(TimeOfDay(minutes: 0))
    let cases: [(Reminder, Bool, String)] = [
      (Reminder(.start(offsetSeconds: -900)), false, "15m before"),
      (Reminder(.start(offsetSeconds: -90_030)), false, "1d1h30s before"),
      (Reminder(.start(offsetSeconds: -30)), false, "30s before"),
      (Reminder(.start(offsetSeconds: 0)), false, "at the start"),
      (Reminder(.start(offsetSeconds: 600)), false, "10m after the start"),
      (Reminder(.end(offsetSeconds: -300)), false, "5m before the end"),
      (Reminder(.end(offsetSeconds: 0)), false, "at the end"),
      (Reminder(.start(offsetSeconds: -86_400)), true, "1d before 09:00"),
      (Reminder(.start(offsetSeconds: 0), allDayTime: TimeOfDay(minutes: 18 * 60)), true, "at 18:00"),
      (Reminder(.end(offsetSeconds: -3600)), true, "1h before the end (09:00 the next day)"),
      // Imported alarms of all-day events count from midnight: said as the moment they name.
      (Reminder(.start(offsetSeconds: -54_000), allDayTime: midnight), true, "at 09:00 the day before"),
      (Reminder(.start(offsetSeconds: 32_400), allDayTime: midnight), true, "at 09:00 on the day"),
      (Reminder(.start(offsetSeconds: -108_000), allDayTime: midnight), true, "at 18:00 2 days before"),
      (Reminder(.start(offsetSeconds: 86_400), allDayTime: midnight), true, "at 00:00 the day after"),
      (Reminder(.start(offsetSeconds: -30), allDayTime: midnight), true, "30s before 00:00"),
      (Reminder(.start(offsetSeconds: 0), allDayTime: midnight), true, "at 00:00"),
      (Reminder(.at(unixSeconds: try Self.berlin("2024-05-12", "08:00"))), false, "at 2024-05-12 08:00"),
      // The last minute of the years cal keeps is in year 10000 on Berlin's clock, the first in year 0: said
      // in UTC (they were said as seconds, "at 253402300799").
      (Reminder(.at(unixSeconds: 253_402_300_799)), false, "at 9999-12-31 23:59 UTC"),
      (Reminder(.at(unixSeconds: -62_135_596_800)), false, "at 0001-01-01 00:53"),
    ]
    for (reminder, isAllDay, expected) in cases {
      #expect(reminder.description(isAllDay: isAllDay, localZone: zone) == expected)
    }
    // On the 12-hour clock, every time said so.
    let twelveHour: [(Reminder, Bool, String)] = [
      (Reminder(.start(offsetSeconds: -900)), false, "15m before"),
      (Reminder(.start(offsetSeconds: -86_400)), true, "1d before 9:00am"),
      (Reminder(.start(offsetSeconds: 0), allDayTime: TimeOfDay(minutes: 18 * 60)), true, "at 6:00pm"),
      (Reminder(.end(offsetSeconds: -3600)), true, "1h before the end (9:00am the next day)"),
      (Reminder(.start(offsetSeconds: -54_000), allDayTime: midnight), true, "at 9:00am the day before"),
      (Reminder(.start(offsetSeconds: 86_400), allDayTime: midnight), true, "at 12:00am the day after"),
      (Reminder(.start(offsetSeconds: -30), allDayTime: midnight), true, "30s before 12:00am"),
      (Reminder(.at(unixSeconds: try Self.berlin("2024-05-12", "08:00"))), false, "at 2024-05-12 8:00am"),
      (Reminder(.at(unixSeconds: try Self.berlin("2024-05-12", "12:30"))), false, "at 2024-05-12 12:30pm"),
      (Reminder(.at(unixSeconds: 253_402_300_799)), false, "at 9999-12-31 11:59pm UTC"),
    ]
    for (reminder, isAllDay, expected) in twelveHour {
      #expect(reminder.description(isAllDay: isAllDay, localZone: zone, clock: .twelveHour) == expected)
    }
  }

  private func read(_ lines: [String], line: Int = 7) throws -> ICSAlarm.Reading {
    let text = (["BEGIN:VALARM"] + lines + ["END:VALARM"]).joined(separator: "\r\n") + "\r\n"
    var component = try #require(try ICSParser.parse(Array(text.utf8)).first)
    component.line = line
    return ICSAlarm.read(component)
  }

  @Test("VALARM: DISPLAY and AUDIO kept, relative to the start or end or at an instant; the rest no reminders")
  func readsAlarms() throws {
    let cases: [([String], ICSAlarm.Reading)] = [
      (
        ["ACTION:DISPLAY", "TRIGGER:-PT15M"],
        .alarm(ICSAlarm(.relative(seconds: -900, fromEnd: false), line: 7), notes: [])
      ),
      (
        ["ACTION:AUDIO", "TRIGGER;RELATED=END:PT5M"],
        .alarm(ICSAlarm(.relative(seconds: 300, fromEnd: true), line: 7), notes: [])
      ),
      (
        ["ACTION:DISPLAY", "TRIGGER;RELATED=START:-PT00H15M00S"],
        .alarm(ICSAlarm(.relative(seconds: -900, fromEnd: false), line: 7), notes: [])
      ),
      (
        ["ACTION:DISPLAY", "TRIGGER:-P1W6DT15H"],
        .alarm(ICSAlarm(.relative(seconds: -1_177_200, fromEnd: false), line: 7), notes: [])
      ),
      // khal writes the sign after the P: repaired, and said.
      (
        ["ACTION:DISPLAY", "TRIGGER;RELATED=START:PT-2H"],
        .alarm(
          ICSAlarm(.relative(seconds: -7200, fromEnd: false), line: 7),
          notes: ["TRIGGER 'PT-2H' has its sign inside; read as -PT2H"])
      ),
      (
        ["ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:20100924T081500Z"],
        .alarm(ICSAlarm(.absolute(unixSeconds: 1_285_316_100), line: 7), notes: [])
      ),
      (
        ["ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:20100924T081500"],
        .alarm(
          ICSAlarm(.absolute(unixSeconds: 1_285_316_100), line: 7),
          notes: ["TRIGGER '20100924T081500' has no Z; read as UTC, as RFC 5545 requires"])
      ),
      (
        ["ACTION:DISPLAY", "TRIGGER:-PT10M", "REPEAT:2", "DURATION:PT5M"],
        .alarm(
          ICSAlarm(.relative(seconds: -600, fromEnd: false), line: 7),
          notes: ["the alarm's REPEAT is not kept: it reminds once"])
      ),
      (
        ["ACTION:EMAIL", "TRIGGER:-PT1H"], .skipped("EMAIL alarms are no reminders (only DISPLAY and AUDIO alarms are)")
      ),
      (
        ["ACTION:X-SUNW-FLASHING", "TRIGGER:-PT1H"],
        .skipped("X-SUNW-FLASHING alarms are no reminders (only DISPLAY and AUDIO alarms are)")
      ),
      (["TRIGGER:-PT1H"], .skipped("alarms without an ACTION are no reminders (only DISPLAY and AUDIO alarms are)")),
      (["ACTION:DISPLAY"], .skipped("an alarm without a TRIGGER")),
      (["ACTION:DISPLAY", "TRIGGER:soon"], .skipped("TRIGGER 'soon' is not a duration or a date-time")),
      (["ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:20100924"], .skipped("TRIGGER '20100924' is not a date-time")),
      (
        ["ACTION:DISPLAY", "TRIGGER:-P99999999999999999999D"],
        .skipped("TRIGGER '-P99999999999999999999D' is not a duration or a date-time")
      ),
    ]
    for (lines, expected) in cases {
      #expect(try read(lines) == expected, "\(lines)")
    }
  }

  @Test("VALARM written: DISPLAY with the title, TRIGGER relative to the start or end, or an instant in UTC")
  func writesAlarms() {
    #expect(
      ICSAlarm(.relative(seconds: -900, fromEnd: false)).lines(description: "a; b")
        == ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:a\\; b", "TRIGGER:-PT15M", "END:VALARM"])
    #expect(ICSAlarm(.relative(seconds: 86_400, fromEnd: true)).lines(description: "x")[3] == "TRIGGER;RELATED=END:P1D")
    #expect(ICSAlarm(.relative(seconds: 0, fromEnd: false)).lines(description: "x")[3] == "TRIGGER:PT0S")
    #expect(
      ICSAlarm(.absolute(unixSeconds: 1_285_316_100)).lines(description: "x")[3]
        == "TRIGGER;VALUE=DATE-TIME:20100924T081500Z")
  }

  @Test("a reminder becomes an alarm and back, the same moment: an all-day event's counted from midnight")
  func roundTrip() throws {
    let zone = try Self.berlin()
    let holiday = try Self.occurrence(days: ("2024-07-01", "2024-07-03"))
    let meeting = try Self.occurrence(timed: try Self.berlin("2024-05-12", "14:30"))
    let reminders = [
      Reminder(.start(offsetSeconds: -900)), Reminder(.end(offsetSeconds: 300)),
      Reminder(.start(offsetSeconds: -86_400), allDayTime: TimeOfDay(minutes: 18 * 60)),
      Reminder(.at(unixSeconds: 1_720_000_000)),
    ]
    for reminder in reminders {
      for (occurrence, allDay) in [(holiday, true), (meeting, false)] {
        let back = Reminder(reminder.alarm(allDay: allDay), allDay: allDay)
        #expect(back.due(for: occurrence, localZone: zone) == reminder.due(for: occurrence, localZone: zone))
      }
    }
    // 1 day before 18:00 on an all-day event is 6 hours before its midnight start.
    #expect(
      Reminder(.start(offsetSeconds: -86_400), allDayTime: TimeOfDay(minutes: 18 * 60)).alarm(allDay: true).trigger
        == .relative(seconds: -21_600, fromEnd: false))
  }
}

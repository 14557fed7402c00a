import CalCore
import Testing

/// Extreme numbers fed to every public entry point: each must answer (a value, `nil` or an error), never trap.
@Suite("Hostile numbers")
struct HostileNumberTests {
  static let hugeDigits = [
    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "99999999999999999999999999",
    "18446744073709551616", "999999999999999999",
  ]

  @Test("DURATION values that overflow are refused, not trapped on")
  func durations() {
    for text in [
      "P99999999999999W", "PT9223372036854775807S", "P106751991167300D", "PT153722867280912930M",
      "PT9223372036854775748S", "-PT9223372036854775808S", "P9223372036854775807D", "PT99999999999999999999H",
      "P1DT9223372036854775807S", "P15250284452471W",
    ] {
      #expect(ICSDuration.seconds(text) == nil, "\(text)")
    }
    #expect(ICSDuration.seconds("P3652059D") == 315_537_897_600)  // the calendar's whole span
    #expect(ICSDuration.seconds("P3652060D") == nil)
    #expect(ICSDuration.seconds("-P3652059D") == -315_537_897_600)
  }

  private func importing(_ lines: [String]) throws(ICSError) -> ImportResult {
    let text = (["BEGIN:VCALENDAR"] + lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    let importer = ICSImporter { name throws(ZoneError) in
      guard name == "Europe/Berlin" else { throw .unknown(name) }
      return try ZoneInfo(name: name, posix: "CET-1CEST,M3.5.0,M10.5.0/3")
    }
    return try importer.read(try ICSParser.parse(Array(text.utf8)), skipInvalid: false)
  }

  @Test("an event whose DURATION is longer than the calendar is refused at import, naming the line")
  func absurdDurationsAtImport() throws {
    for (start, duration) in [
      ("19700101T000000Z", "PT9223372036854775748S"), ("19700101T000000Z", "P99999999999999W"),
      ("20240512", "P106751991167300D"), ("20240512T100000", "PT153722867280912930M"),
      ("20240512T100000", "P3652060D"),
    ] {
      #expect(
        throws: ICSError(
          line: 4, "DURATION '\(duration)' is longer than the calendar (the years 1 to 9999): not an event")
      ) {
        try importing(["BEGIN:VEVENT", "DTSTART:\(start)", "DURATION:\(duration)", "END:VEVENT"])
      }
    }
    #expect(throws: ICSError(line: 4, "DURATION 'P1X' is not a duration")) {
      try importing(["BEGIN:VEVENT", "DTSTART:20240512T100000", "DURATION:P1X", "END:VEVENT"])
    }
  }

  @Test("hostile numbers in an imported event give a result or an error, never a trap")
  func hostileEvents() throws {
    let properties = [
      "RRULE:FREQ=DAILY;COUNT=2147483647", "RRULE:FREQ=WEEKLY;INTERVAL=100000;BYSETPOS=-366",
      "RRULE:FREQ=YEARLY;COUNT=9223372036854775807", "RRULE:FREQ=MONTHLY;BYDAY=-53MO;BYSETPOS=366",
      "RRULE:FREQ=DAILY;INTERVAL=-9223372036854775808", "RRULE:FREQ=DAILY;UNTIL=99991231T235959Z",
      "DURATION:P3652059D", "DTEND;TZID=Europe/Berlin:99991231T235959", "EXDATE:99999999T999999Z",
      "RDATE;TZID=Europe/Berlin:00010101T000000,99991231T235959", "RECURRENCE-ID:00010101T000000Z",
    ]
    for start in ["00010101T000000Z", "99991231T235959Z", "DTSTART;TZID=Europe/Berlin:00010101T000000", "00010101"] {
      for property in properties {
        let startLine = start.hasPrefix("DTSTART") ? start : "DTSTART:\(start)"
        _ = try? importing(["BEGIN:VEVENT", "UID:x", startLine, property, "END:VEVENT"])
      }
    }
  }

  @Test("huge numbers in text given to the parsers are refused")
  func parsers() throws {
    let today = CivilDate(daysSince1970: 0)!
    for digits in Self.hugeDigits {
      #expect(throws: DateError.self) { try CivilDate(parsing: "\(digits)-01-01") }
      #expect(throws: DateError.self) { try CivilDate(parsing: "2024-\(digits)-01") }
      #expect(throws: DateError.self) { try YearMonth(parsing: "\(digits)-01") }
      #expect(throws: DateError.self) { try DayExpression.dayOrMonth("\(digits)-01", today: today) }
      #expect(throws: DateError.self) { try DayExpression.day("\(digits)-01-01", today: today) }
      #expect(throws: DateError.self) { try DayExpression.month("2024-\(digits)", today: today) }
      #expect(throws: TimeError.self) { try TimeOfDay(parsing: "\(digits):00") }
      #expect(throws: TimeError.self) { try EventLength.minutes(parsing: "\(digits)m") }
      #expect(throws: TimeError.self) { try EventLength.minutes(parsing: "\(digits)d\(digits)h") }
      #expect(ICSDateTime("\(digits)T000000") == nil)
      for part in ["INTERVAL", "COUNT", "BYMONTHDAY", "BYMONTH", "BYSETPOS"] {
        #expect(throws: RecurrenceError.self) { try RecurrenceRule(parsing: "FREQ=DAILY;\(part)=\(digits)") }
      }
      #expect(throws: RecurrenceError.self) { try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=\(digits)MO") }
    }
    #expect(throws: TimeError.self) { try EventLength.minutes(parsing: "100000d100000h100001m") }
    #expect(try EventLength.minutes(parsing: "100000d100000h100000m") == 150_100_000)
  }

  @Test("POSIX TZ strings with huge hours are refused, not trapped on")
  func posixStrings() throws {
    for text in [
      "ABC999999999999999999", "ABC-999999999999999999", "ABC2562047788015216", "ABC1DEF999999999999999999",
      "ABC1:99999999999999999", "ABC1:00:9999999999999999", "ABC1DEF,M3.5.0/999999999999999999,M10.5.0",
      "ABC1DEF,M3.5.0,M10.5.0/-999999999999999999", "ABC25", "ABC1DEF,M3.5.0/168,M10.5.0", "ABC1:60",
    ] {
      #expect(throws: ZoneError.badPosixString(text)) { try ZoneInfo(name: "x", posix: text) }
    }
    _ = try ZoneInfo(name: "x", posix: "ABC24DEF,M3.5.0/167,M10.5.0/-167")
  }

  /// A version-2 TZif file with the given 64-bit data and footer.
  static func tzif(times: [Int64], indices: [UInt8], offsets: [Int32], footer: String) -> [UInt8] {
    func int32(_ value: Int32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    func int64(_ value: Int64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) } }
    func header(timeCount: Int, typeCount: Int) -> [UInt8] {
      Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15)
        + [0, 0, 0, Int32(timeCount), Int32(typeCount), 1].flatMap(int32)
    }
    var bytes = header(timeCount: 0, typeCount: 1) + [0, 0, 0, 0, 0, 0] + [0]
    bytes += header(timeCount: times.count, typeCount: offsets.count) + times.flatMap(int64) + indices
    bytes += offsets.flatMap { int32($0) + [0, 0] } + [0]
    return bytes + Array("\n\(footer)\n".utf8)
  }

  @Test("TZif files with extreme numbers give a zone or ZoneError, and the zone answers at any instant")
  func tzifFiles() throws {
    #expect(throws: ZoneError.notTZif("x")) {
      try ZoneInfo(
        name: "x", tzif: Self.tzif(times: [0], indices: [0], offsets: [3600], footer: "ABC999999999999999999"))
    }
    for offset in [Int32.max, Int32.min, 93_600, -93_600] {
      #expect(throws: ZoneError.notTZif("x")) {
        try ZoneInfo(name: "x", tzif: Self.tzif(times: [0], indices: [0], offsets: [offset], footer: ""))
      }
    }
    let extreme = try ZoneInfo(
      name: "x",
      tzif: Self.tzif(
        times: [.min, -1, .max], indices: [0, 1, 0], offsets: [93_599, -89_999], footer: "<+24>-24:59:59"))
    let zones = [
      extreme, .utc, try ZoneInfo(name: "CET", posix: "CET-1CEST,M3.5.0,M10.5.0/3"),
      try ZoneInfo(name: "AEST", posix: "AEST-10AEDT,M10.1.0,M4.1.0/3"),
      try ZoneInfo(name: "x", posix: "ABC24DEF,M3.5.0/167,M10.5.0/-167"),
    ]
    let instants: [Int64] = [.min, .min + 1, -62_135_596_801, -1, 0, 253_402_300_800, .max - 1, .max]
    for zone in zones {
      for instant in instants {
        _ = zone.offset(atUTC: instant)
        _ = zone.wallClock(atUTC: instant)
        _ = zone.utc(fromLocal: instant)
      }
    }
    // A change at the last instant there is, to an offset west, from one east (and at the first, the other
    // way): its onset on the clock before it lies beyond Int64. Exported, the zone's VTIMEZONE passes over
    // it (fuzz seed 826 trapped there).
    for (times, indices) in [([Int64.min, 0, .max], [UInt8]([0, 1, 0])), ([.min + 1, 0, .max - 1], [1, 0, 1])] {
      let zone = try ZoneInfo(
        name: "x", tzif: Self.tzif(times: times, indices: indices, offsets: [93_599, -89_999], footer: ""))
      let event = ExportedEvent(
        uid: "u", title: "t", note: nil, location: nil,
        schedule: EventSchedule(
          startDay: try CivilDate(parsing: "2024-05-12"), startTime: TimeOfDay(minutes: 600), timeZone: "x",
          rule: RecurrenceRule(frequency: .daily)),
        created: 0, modified: 0)
      let text = ICSWriter(product: "-//cal//test//EN", now: 0, zones: ["x": zone]).calendar([event])
      #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:x\r\n"))
    }
  }

  @Test("day, month and weekday arithmetic with extreme counts gives nil, not a trap")
  func calendarArithmetic() throws {
    let day = try CivilDate(parsing: "2024-05-12")
    let month = try YearMonth(parsing: "2024-05")
    for count in [Int.max, Int.min, Int.max - 1, Int.min + 1, 3_000_000, -3_000_000] {
      #expect(day.adding(days: count) == nil)
      #expect(month.adding(months: count) == nil)
      #expect(CivilDate(daysSince1970: count) == nil)
      _ = Weekday.monday.advanced(by: count)
    }
    #expect(CivilDate(daysSince1970: 2_932_896) == CivilDate.last)
    #expect(CivilDate(daysSince1970: 2_932_897) == nil)
    #expect(CivilDate(daysSince1970: -719_162) == CivilDate.first)
    #expect(CivilDate(daysSince1970: -719_163) == nil)
    for offset in [Int.max, Int.min, 0] {
      for milliseconds in [Int64.max, Int64.min, 0] {
        _ = LocalDateTime(unixMilliseconds: milliseconds, utcOffsetSeconds: offset)?.description
      }
    }
  }

  @Test("occurrences of events with extreme lengths and rules do not trap, for users east and west")
  func occurrences() throws {
    let east = try ZoneInfo(name: "x", posix: "<+14>-14")
    let west = try ZoneInfo(name: "y", posix: "<-12>12")
    let first = CivilDate(daysSince1970: -719_162)!
    let last = CivilDate(daysSince1970: 2_932_896)!
    let rules: [RecurrenceRule?] = [
      nil, RecurrenceRule(frequency: .daily, interval: .max), RecurrenceRule(frequency: .weekly, interval: .min),
      RecurrenceRule(frequency: .monthly, interval: 0, count: .min),
      RecurrenceRule(frequency: .yearly, count: .max, byMonthDay: [.min, .max, 0], byMonth: [0, 13, .max, .min]),
      RecurrenceRule(
        frequency: .monthly, count: .max, byDay: [.init(.monday, ordinal: .min), .init(.friday, ordinal: .max)],
        bySetPosition: [.min, .max, 0]),
      RecurrenceRule(frequency: .weekly, interval: .max, count: .max, byMonth: [.min]),
    ]
    for startDay in [first, last, try CivilDate(parsing: "1970-01-01")] {
      for rule in rules {
        // Counted once per series: a COUNT that is never reached walks to December 9999.
        let lastOccurrence = rule.map { Recurrence(start: startDay, rule: $0).lastDay() } ?? startDay
        for length in [Int.max, Int.min, 0, 5_258_964_960, nil] {
          for time in [nil, TimeOfDay(minutes: 0), TimeOfDay(minutes: 1439)] {
            let schedule = EventSchedule(
              startDay: startDay, startTime: time, lengthMinutes: length, endDay: time == nil ? last : nil,
              timeZone: nil, rule: rule)
            _ = schedule.spanDays
            if rule == nil { _ = schedule.lastDay() }
            for zone in [east, west] {
              let found = Occurrence.occurrences(
                of: schedule, from: startDay, through: startDay, eventZone: west, localZone: zone,
                lastOccurrence: lastOccurrence)
              _ = found.first?.endInstant
            }
          }
        }
      }
    }
  }

  @Test("recurrences with rules built from extreme parts list and end without trapping")
  func recurrences() throws {
    let start = try CivilDate(parsing: "2024-01-31")
    let through = try CivilDate(parsing: "2026-12-31")
    for frequency in RecurrenceRule.Frequency.allCases {
      for interval in [Int.max, Int.min, 0, -1, 1] {
        for count in [Int.max, Int.min, 0, nil] {
          let rule = RecurrenceRule(
            frequency: frequency, interval: interval, count: count, byMonthDay: [.max, .min, 31],
            byMonth: [.min, 0, 1, 13, .max], bySetPosition: [.max, .min, 1])
          let recurrence = Recurrence(start: start, rule: rule)
          _ = recurrence.occurrences(from: start, through: through)
          _ = recurrence.startFollowsRule
          _ = rule.description
        }
      }
    }
    let yearly = RecurrenceRule(frequency: .yearly, count: .max, byMonth: [.max, 2], bySetPosition: [.min])
    #expect(Recurrence(start: start, rule: yearly).lastDay() == nil)
  }
}

extension HostileNumberTests {
  @Test("a page curl of no size or a negative size is an empty frame")
  func emptyCurls() {
    for (width, height) in [(0, 0), (-1, 5), (5, -1), (Int.min, Int.min)] {
      for direction in CurlDirection.allCases {
        let curl = PageCurl(width: width, height: height, direction: direction)
        let frame = curl.frame(progress: 0.5)
        #expect(frame.allSatisfy { $0.isEmpty })
        _ = curl.frame(progress: .nan)
      }
    }
  }
}

extension HostileNumberTests {
  @Test("a start that leaves the years 1 to 9999 on the clock it is kept on is refused, not moved to 1970")
  func startsPastTheEdge() throws {
    #expect(
      throws: ICSError(
        line: 4, "DTSTART '99991231T230000Z' is outside the years 1 to 9999 on the clock of Europe/Berlin")
    ) {
      try importing(["X-WR-TIMEZONE:Europe/Berlin", "BEGIN:VEVENT", "DTSTART:99991231T230000Z", "END:VEVENT"])
    }
    let kept = try importing(["X-WR-TIMEZONE:Europe/Berlin", "BEGIN:VEVENT", "DTSTART:99991231T225959Z", "END:VEVENT"])
    #expect(kept.events.first?.schedule.startDay == CivilDate.last)
  }
}

import CalCore
import Testing

/// BYHOUR, BYMINUTE and BYSECOND on import: kept out of the rule when they only repeat DTSTART's time.
@Suite("Recurrence rule times of day")
struct RecurrenceRuleTimeOfDayTests {
  private func expect(
    _ text: String, at secondOfDay: Int?, _ expected: Result<String, RecurrenceError>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let result = Result { () throws(RecurrenceError) in
      try RecurrenceRule.withoutStartTime(text, secondOfDay: secondOfDay)
    }
    #expect(result == expected, "\(text)", sourceLocation: sourceLocation)
  }

  @Test("one value each, DTSTART's own, is dropped; another, several, or an all-day event is refused with why")
  func startTime() {
    let nine30 = 9 * 3600 + 30 * 60
    expect("FREQ=DAILY;COUNT=3", at: nine30, .success("FREQ=DAILY;COUNT=3"))
    expect("FREQ=DAILY;BYHOUR=9;BYMINUTE=30;BYSECOND=0", at: nine30, .success("FREQ=DAILY"))
    expect("byminute=30;FREQ=WEEKLY;BYDAY=MO", at: nine30, .success("FREQ=WEEKLY;BYDAY=MO"))
    expect("FREQ=DAILY;BYHOUR=09", at: nine30, .success("FREQ=DAILY"))
    expect("FREQ=DAILY;BYSECOND=15", at: nine30 + 15, .success("FREQ=DAILY"))
    let other = "a time other than DTSTART's: an event in cal has one start time"
    expect("FREQ=DAILY;BYHOUR=10", at: nine30, .failure(.unsupported("BYHOUR=10 (\(other))")))
    expect("FREQ=DAILY;BYHOUR=9;BYMINUTE=0", at: nine30, .failure(.unsupported("BYMINUTE=0 (\(other))")))
    expect("FREQ=DAILY;BYSECOND=0", at: nine30 + 15, .failure(.unsupported("BYSECOND=0 (\(other))")))
    expect("FREQ=DAILY;BYHOUR=x", at: nine30, .failure(.unsupported("BYHOUR=x (\(other))")))
    expect(
      "FREQ=DAILY;BYHOUR=9,17", at: nine30,
      .failure(.unsupported("BYHOUR=9,17 (several times a day: an event in cal has one start time)")))
    expect("FREQ=DAILY;BYHOUR=9", at: nil, .failure(.unsupported("BYHOUR=9 (an all-day event has no time of day)")))
  }
}

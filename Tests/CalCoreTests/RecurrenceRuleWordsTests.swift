import CalCore
import Testing

@Suite("Recurrence rules in words")
struct RecurrenceRuleWordsTests {
  private func expect(_ rule: String, words: String?, sourceLocation: SourceLocation = #_sourceLocation) throws {
    #expect(try RecurrenceRule(parsing: rule).words == words, sourceLocation: sourceLocation)
  }

  @Test("a rule is said in the words cal add takes, or not at all when they cannot say all of it")
  func words() throws {
    try expect("FREQ=DAILY", words: "daily")
    try expect("FREQ=DAILY;COUNT=10", words: "daily, 10 times")
    try expect("FREQ=WEEKLY;BYDAY=MO,WE,FR", words: "weekly on mon,wed,fri")
    try expect("FREQ=WEEKLY;INTERVAL=2;UNTIL=20241231;BYDAY=MO,FR", words: "weekly every 2 on mon,fri until 2024-12-31")
    try expect("FREQ=MONTHLY;BYDAY=2TU", words: "monthly on 2nd-tue")
    try expect("FREQ=MONTHLY;BYDAY=-2FR", words: "monthly on 2nd-last-fri")
    try expect("FREQ=MONTHLY;BYMONTHDAY=1,15,-1", words: "monthly on 1,15,last")
    try expect("FREQ=YEARLY;INTERVAL=4", words: "yearly every 4")
    try expect("FREQ=YEARLY;INTERVAL=2;COUNT=3", words: "yearly every 2, 3 times")
    // Monday to Friday is `--repeat weekdays`, as it was given; every other week is said day by day.
    try expect("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", words: "weekdays")
    try expect("FREQ=WEEKLY;BYDAY=FR,TH,WE,TU,MO;UNTIL=20241231", words: "weekdays until 2024-12-31")
    try expect("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;COUNT=10", words: "weekdays, 10 times")
    try expect("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TU,WE,TH,FR", words: "weekly every 2 on mon,tue,wed,thu,fri")
    try expect("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA", words: "weekly on mon,tue,wed,thu,fri,sat")
    // What the words do not say: every Monday of a month, a month, a set position, a week start, a weekday
    // in a daily or yearly rule.
    try expect("FREQ=MONTHLY;BYDAY=MO", words: nil)
    try expect("FREQ=YEARLY;BYMONTH=5;BYDAY=-1MO", words: nil)
    try expect("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", words: nil)
    try expect("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=SU", words: nil)
    try expect("FREQ=DAILY;BYDAY=MO,TU", words: nil)
    try expect("FREQ=YEARLY;BYMONTHDAY=1", words: nil)
    try expect("FREQ=MONTHLY;BYMONTHDAY=12;BYDAY=2SU", words: nil)
  }
}

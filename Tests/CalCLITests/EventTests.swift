import Foundation
import Testing

/// Events with times, spans, zones and repeats, through the real `cal`, on a Berlin clock.
final class EventTests {
  let cal: CalProcess
  let berlin = ["TZ": "Europe/Berlin"]

  init() throws {
    cal = try CalProcess()
  }

  deinit {
    cal.remove()
  }

  @discardableResult
  private func run(_ arguments: [String], zone: String = "Europe/Berlin") throws -> Subprocess.Result {
    try cal.run(arguments, environment: ["TZ": zone])
  }

  private func listed(_ arguments: [String], zone: String = "Europe/Berlin") throws -> [[String: Any]] {
    try #require(try CalProcess.json(run(arguments + ["--json"], zone: zone).stdout) as? [[String: Any]])
  }

  @Test("a timed event shows its time and length, and JSON gives local date-times with the offset")
  func timed() throws {
    let added = try run(["add", "2024-05-12", "dentist", "--at", "14:30", "--for", "45m", "--location", "Praxis"])
    #expect(added.stdout == "Added: 2024-05-12  14:30-15:15  #1  dentist @ Praxis\n")
    try run(["add", "2024-05-12", "lunch", "--at", "12:00", "--end", "13:15"])
    try run(["add", "2024-05-12", "birthday"])
    #expect(
      try run(["list", "2024-05-12"]).stdout
        == "2024-05-12  all day      #3  birthday\n2024-05-12  12:00-13:15  #2  lunch\n2024-05-12  14:30-15:15  #1  dentist @ Praxis\n"
    )
    let event = try #require(try listed(["list", "2024-05-12"]).last)
    #expect(event["start"] as? String == "2024-05-12T14:30:00+02:00")
    #expect(event["end"] as? String == "2024-05-12T15:15:00+02:00")
    #expect(event["allDay"] as? Bool == false)
    #expect(event["location"] as? String == "Praxis")
    #expect(event["timeZone"] is NSNull && event["repeat"] is NSNull && event["occurrence"] is NSNull)
    let allDay = try #require(try listed(["list", "2024-05-12"]).first)
    #expect(allDay["start"] as? String == "2024-05-12" && allDay["end"] as? String == "2024-05-12")
  }

  @Test("a multi-day event is shown on every day it covers")
  func span() throws {
    try run(["add", "2024-07-01", "holiday", "--to", "2024-07-14"])
    let days = try listed(["list", "2024-06-28..2024-07-16"])
    #expect(days.map { $0["date"] as? String } == (1...14).map { String(format: "2024-07-%02d", $0) })
    #expect(days.allSatisfy { $0["start"] as? String == "2024-07-01" && $0["end"] as? String == "2024-07-14" })
    #expect(try run(["list", "2024-07-02"]).stdout == "2024-07-02  all day      #1  holiday (day 2 of 14)\n")
    #expect(
      try run(["show", "2024-07"]).stdout.contains("Days with events: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14\n"))
  }

  @Test("an event in its own zone is shown on the user's clock, across daylight-saving changes")
  func zones() throws {
    try run(["add", "2024-03-11", "call", "--at", "09:00", "--tz", "America/New_York", "--for", "1h"])
    try run(["add", "2024-04-11", "call again", "--at", "09:00", "--tz", "America/New_York"])
    // 11 March: New York already on summer time (UTC-4), Berlin not yet (UTC+1): five hours apart.
    #expect(try run(["list", "2024-03-11"]).stdout == "2024-03-11  14:00-15:00  #1  call\n")
    // 11 April: both on summer time: six hours apart.
    #expect(try run(["list", "2024-04-11"]).stdout == "2024-04-11  15:00        #2  call again\n")
    let event = try #require(try listed(["list", "2024-03-11"]).first)
    #expect(event["timeZone"] as? String == "America/New_York")
    #expect(event["start"] as? String == "2024-03-11T14:00:00+01:00")
    // The same events for someone in Tokyo.
    #expect(
      try run(["list", "2024-03-11..2024-03-12"], zone: "Asia/Tokyo").stdout == "2024-03-11  22:00-23:00  #1  call\n")
  }

  @Test("an event that no longer fits its day after conversion moves to the right day")
  func movesDay() throws {
    try run(["add", "2024-05-13", "early meeting", "--at", "07:30", "--tz", "Asia/Tokyo"])
    // 07:30 in Tokyo is 00:30 in Berlin the same day, and 18:30 the day before in New York.
    #expect(try run(["list", "2024-05-13"]).stdout == "2024-05-13  00:30        #1  early meeting\n")
    #expect(
      try run(["list", "2024-05-12"], zone: "America/New_York").stdout == "2024-05-12  18:30        #1  early meeting\n"
    )
    #expect(try run(["list", "2024-05-13"], zone: "America/New_York").stdout == "No events on 2024-05-13.\n")
  }

  @Test("a timed event past midnight covers both days")
  func overnight() throws {
    try run(["add", "2024-05-12", "night train", "--at", "22:00", "--for", "9h"])
    #expect(
      try run(["list", "2024-05-12..2024-05-13"]).stdout
        == "2024-05-12  22:00-...    #1  night train\n2024-05-13  ...-07:00    #1  night train\n")
  }

  @Test("weekly on chosen days, monthly on the 2nd Tuesday, the 31st and 29 February, with every, count and until")
  func repeats() throws {
    try run([
      "add", "2024-05-13", "standup", "--at", "09:00", "--repeat", "weekly", "--on", "mon,wed,fri", "--count", "4",
    ])
    try run(["add", "2024-05-14", "board", "--repeat", "monthly", "--on", "2nd-tue", "--until", "2024-08-31"])
    try run(["add", "2024-01-31", "rent", "--repeat", "monthly"])
    try run(["add", "2024-02-29", "leap", "--repeat", "yearly"])
    try run(["add", "2024-05-01", "every other day", "--repeat", "daily", "--every", "2", "--count", "3"])
    let standups = try listed(["list", "2024-05-01..2024-06-30"]).filter { $0["title"] as? String == "standup" }
    #expect(standups.map { $0["occurrence"] as? String } == ["2024-05-13", "2024-05-15", "2024-05-17", "2024-05-20"])
    #expect(standups.first?["repeat"] as? String == "FREQ=WEEKLY;COUNT=4;BYDAY=MO,WE,FR")
    let boards = try listed(["list", "2024-01-01..2024-12-31"]).filter { $0["title"] as? String == "board" }
    #expect(boards.map { $0["date"] as? String } == ["2024-05-14", "2024-06-11", "2024-07-09", "2024-08-13"])
    let rent = try listed(["list", "2024-01-01..2024-08-31"]).filter { $0["title"] as? String == "rent" }
    #expect(
      rent.map { $0["date"] as? String } == ["2024-01-31", "2024-03-31", "2024-05-31", "2024-07-31", "2024-08-31"])
    let leap = try listed(["list", "2024-01-01..2032-12-31"]).filter { $0["title"] as? String == "leap" }
    #expect(leap.map { $0["date"] as? String } == ["2024-02-29", "2028-02-29", "2032-02-29"])
    let other = try listed(["list", "2024-05-01..2024-05-31"]).filter { $0["title"] as? String == "every other day" }
    #expect(other.map { $0["date"] as? String } == ["2024-05-01", "2024-05-03", "2024-05-05"])
    #expect(try run(["list", "2024-05-13"]).stdout == "2024-05-13  09:00        #1@2024-05-13  standup\n")
  }

  @Test("a repeat in words: every weekday, every 2 weeks on tue,fri, every other month, every tue and thu")
  func repeatsInWords() throws {
    let said = [
      ("every weekday", "repeats every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
      ("every 2 weeks on tue,fri", "repeats weekly every 2 on tue,fri", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,FR"),
      ("Every Other Month", "repeats monthly every 2", "FREQ=MONTHLY;INTERVAL=2"),
      ("every tue and thu", "repeats weekly on tue,thu", "FREQ=WEEKLY;BYDAY=TU,TH"),
      ("each fortnight", "repeats weekly every 2", "FREQ=WEEKLY;INTERVAL=2"),
      ("every month on the 2nd-tue", "repeats monthly on 2nd-tue", "FREQ=MONTHLY;BYDAY=2TU"),
      ("every third year", "repeats yearly every 3", "FREQ=YEARLY;INTERVAL=3"),
      (
        "every other month on the second tuesday", "repeats monthly every 2 on 2nd-tue",
        "FREQ=MONTHLY;INTERVAL=2;BYDAY=2TU"
      ),
      ("every month on the 14th", "repeats monthly on 14", "FREQ=MONTHLY;BYMONTHDAY=14"),
    ]
    for (index, (words, echo, rule)) in said.enumerated() {
      let added = try run(["add", "2024-05-14", "x\(index)", "--repeat", words])
      #expect(added.status == 0, "\(words): \(added.stderr)")
      #expect(added.stdout.hasSuffix("\n            \(echo)\n"), "\(words): \(added.stdout)")
      let event = try #require(try listed(["list", "2024-05-14"]).first { $0["title"] as? String == "x\(index)" })
      #expect(event["repeat"] as? String == rule, "\(words)")
    }
    // --count and --until still end it; the words read as the options do.
    try run(["add", "2024-05-13", "gym", "--repeat", "every mon and wed", "--count", "3"])
    let gym = try listed(["list", "2024-05-01..2024-06-30"]).filter { $0["title"] as? String == "gym" }
    #expect(gym.map { $0["date"] as? String } == ["2024-05-13", "2024-05-15", "2024-05-20"])
    try run(["edit", String(said.count + 1), "--repeat", "every 2 weeks"])
    // --repeat replaces the rule whole, in words too.
    #expect(try listed(["list", "2024-05-13"]).first?["repeat"] as? String == "FREQ=WEEKLY;INTERVAL=2")
    // What the words say is not said again by an option, and words that say nothing are refused. Days after
    // on that --on does not take are the words' to answer for: the user gave no --on (it was "--on xyz: ...",
    // and "--on on: ..." for on said twice).
    let refused: [(words: String, options: [String], message: String)] = [
      (
        "every 2 weeks", ["--every", "3"], "--repeat 'every 2 weeks' says how often already: give it without --every 3"
      ),
      ("every tue", ["--on", "wed"], "--repeat 'every tue' names the days already: give it without --on wed"),
      (
        "every weekday", ["--on", "tue"],
        "--repeat 'every weekday' names the days already: give it without --on tue"
      ),
      (
        "every blue moon", [],
        "--repeat 'every blue moon': 'blue' is neither a unit (day, week, month, year) nor a weekday: say every "
          + "day, every weekday, every 2 weeks, every other month, every tue and thu, every month on 2nd-tue"
      ),
      (
        "every 99999999999999999999 days", [],
        "--repeat 'every 99999999999999999999 days': the number must be from 1 to 100000"
      ),
      (
        "every week on tue and xyz", [],
        "--repeat 'every week on tue and xyz': on xyz: expected weekdays such as mon,wed,fri or a run such as mon-fri"
      ),
      (
        "every month on 2nd-tue and 15", [],
        "--repeat 'every month on 2nd-tue and 15': on takes weekdays such as 2nd-tue or days of the month such as "
          + "15, not both"
      ),
      (
        "every week on mon on fri", [],
        "--repeat 'every week on mon on fri': say on once, then the days, such as every week on mon,fri"
      ),
    ]
    for (words, options, message) in refused {
      try expectRefused(["add", "2024-05-14", "x", "--repeat", words] + options, message: message)
    }
    try expectRefused(
      ["add", "2024-05-18", "x", "--repeat", "every weekday"],
      message: "2024-05-18 is not a weekday (Monday to Friday): start the series on a day it repeats on, such as "
        + "2024-05-20 (Monday)")
  }

  @Test("listing a month of an endless or billion-long series costs no more than any other")
  func lazy() throws {
    try run(["add", "2024-01-01", "forever", "--repeat", "daily", "--count", "1000000000"])
    let far = try listed(["list", "9999-12"])
    #expect(far.count == 31)
    #expect(far.last?["date"] as? String == "9999-12-31")
  }

  @Test("rm --on removes one occurrence; rm removes the series")
  func removeOccurrence() throws {
    try run(["add", "2024-05-13", "standup", "--repeat", "daily", "--count", "5"])
    let removed = try run(["rm", "1", "--on", "2024-05-15"])
    #expect(removed.status == 0)
    #expect(
      try listed(["list", "2024-05"]).map { $0["date"] as? String } == [
        "2024-05-13", "2024-05-14", "2024-05-16", "2024-05-17",
      ])
    let again = try run(["rm", "1", "--on", "2024-05-15"])
    #expect(
      again.status == 1 && again.stderr == "Error: the occurrence of event #1 on 2024-05-15 was already removed\n")
    let notOne = try run(["rm", "1", "--on", "2024-05-20"])
    #expect(notOne.status == 64 && notOne.stderr.hasPrefix("Error: event #1 has no occurrence on 2024-05-20\n"))
    try run(["rm", "1"])
    #expect(try listed(["list", "2024-05"]).isEmpty)
  }

  @Test("edit --on changes one occurrence; --from-here this and the following ones; the rest stays")
  func editOccurrences() throws {
    try run([
      "add", "2024-05-13", "standup", "--at", "09:00", "--for", "15m", "--repeat", "weekly", "--on", "mon,wed,fri",
      "--count", "10",
    ])
    try run(["edit", "1", "--on", "2024-05-15", "--at", "10:00", "--title", "late standup"])
    var items = try listed(["list", "2024-05-13..2024-05-17"])
    #expect(items.map { $0["title"] as? String } == ["standup", "late standup", "standup"])
    #expect(items[1]["start"] as? String == "2024-05-15T10:00:00+02:00")
    try run(["edit", "1", "--on", "2024-05-20", "--from-here", "--at", "08:30"])
    items = try listed(["list", "2024-05-13..2024-06-30"])
    #expect(items.count == 10)
    #expect(items.prefix(3).map { $0["id"] as? Int } == [1, 2, 1])
    #expect(items.dropFirst(3).allSatisfy { ($0["start"] as? String)?.contains("T08:30:00") == true })
    #expect(items.last?["date"] as? String == "2024-06-03")
    try run(["edit", "1", "--title", "morning standup"])
    #expect(try listed(["list", "2024-05-13"]).first?["title"] as? String == "morning standup")
  }

  @Test("the handle list prints (#3@2024-05-15) names the occurrence for rm and edit; an edited one keeps its link")
  func handles() throws {
    try run(["add", "2024-05-13", "standup", "--at", "09:00", "--repeat", "daily", "--count", "5"])
    #expect(try run(["rm", "#1@2024-05-14"]).status == 0)
    #expect(try run(["edit", "1@2024-05-15", "--at", "10:00"]).status == 0)
    let items = try listed(["list", "2024-05-13..2024-05-17"])
    #expect(items.map { $0["occurrence"] as? String } == ["2024-05-13", "2024-05-15", "2024-05-16", "2024-05-17"])
    #expect(items.allSatisfy { $0["series"] as? Int == 1 })
    #expect(items[1]["id"] as? Int == 2 && items[1]["start"] as? String == "2024-05-15T10:00:00+02:00")
    let conflicting = try run(["rm", "1@2024-05-16", "--on", "2024-05-17"])
    #expect(conflicting.status == 64 && conflicting.stderr.hasPrefix("Error: #1@2024-05-16 and --on 2024-05-17"))
    #expect(try run(["rm", "1@2024-13-01"]).status == 64)
    #expect(try listed(["list", "2024-05-13"]).first?["series"] as? Int == 1)
    try run(["add", "2024-05-20", "once"])
    #expect(try listed(["list", "2024-05-20"]).first?["series"] is NSNull)
  }

  @Test("list takes ranges, --from and --to, today and week")
  func ranges() throws {
    try run(["add", "2024-05-12", "a"])
    try run(["add", "2024-06-15", "b"])
    try run(["add", "today", "c"])
    #expect(try listed(["list", "2024-05-01..2024-06-15"]).map { $0["title"] as? String } == ["a", "b"])
    #expect(try listed(["list", "--from", "2024-05-13", "--to", "2024-06-30"]).map { $0["title"] as? String } == ["b"])
    #expect(try listed(["list", "today"]).map { $0["title"] as? String } == ["c"])
    #expect(try listed(["list", "week"]).map { $0["title"] as? String } == ["c"])
    let backwards = try run(["list", "2024-06-01..2024-05-01"])
    #expect(
      backwards.status == 64
        && backwards.stderr.hasPrefix("Error: the range ends (2024-05-01) before it starts (2024-06-01)\n"))
  }

  @Test("search finds title, note and location in any case, Müller finds müller, newest first")
  func search() throws {
    try run(["add", "2024-05-12", "Treffen", "--note", "mit Herrn MÜLLER"])
    try run(["add", "2024-06-12", "müller's birthday"])
    try run(["add", "2024-07-12", "lunch", "--location", "Café Müller"])
    try run(["add", "2024-08-12", "unrelated"])
    #expect(
      try listed(["search", "Müller"]).map { $0["title"] as? String } == ["lunch", "müller's birthday", "Treffen"])
    #expect(
      try listed(["search", "müller", "--from", "2024-06-01", "--to", "2024-06-30"]).map { $0["title"] as? String } == [
        "müller's birthday"
      ])
    #expect(try run(["search", "nobody"]).stdout == "No events match.\n")
  }

  private func expectRefused(
    _ arguments: [String], message: String, status: Int32 = 64, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = cal.snapshot()
    let result = try run(arguments)
    #expect(result.status == status, sourceLocation: sourceLocation)
    #expect(result.stderr.split(separator: "\n").first == "Error: \(message)"[...], sourceLocation: sourceLocation)
    #expect(cal.snapshot() == before, "the calendar file changed", sourceLocation: sourceLocation)
  }

  @Test("bad times, lengths, repeats and zones are refused precisely and change nothing")
  func badInput() throws {
    try run(["add", "2024-05-13", "standup", "--at", "09:00"])
    try expectRefused(
      ["add", "2024-05-14", "x", "--at", "25:00"], message: "--at: '25:00' is not a time: hours are 00 to 23")
    try expectRefused(
      ["add", "2024-05-14", "x", "--at", "9h5"],
      message:
        "--at: '9h5' is not a time: write 9, 09, 9:30, 9.30, 9h30, 9h, 21:30, 2130, 9am, 9:30pm, noon or midnight")
    try expectRefused(
      ["add", "2024-05-14", "x", "--at", "10:00", "--for", "-5m"],
      message: "--for: '-5m' is not a length: it must be longer than zero")
    try expectRefused(
      ["add", "2024-05-14", "x", "--at", "10:00", "--end", "09:00"], message: "--end 09:00 is not after the start 10:00"
    )
    try expectRefused(
      ["add", "2024-05-14", "x", "--repeat", "daily", "--until", "2024-05-01"],
      message: "--until 2024-05-01 is before the start 2024-05-14")
    try expectRefused(
      ["add", "2024-05-14", "x", "--to", "2024-05-01"], message: "--to 2024-05-01 is before the start 2024-05-14")
    // Ordinals are written as they are said: 2nd, not 2th or 02nd.
    for days in ["6th-mon", "2th-mon", "01st-mon", "+5"] {
      try expectRefused(
        ["add", "2024-05-14", "x", "--repeat", "monthly", "--on", days],
        message: "--on \(days): expected 1st to 5th, last or 2nd-last with a weekday (2nd-tue, last-fri, "
          + "2nd-last-fri), or a day of the month (15, last, 2nd-last)")
    }
    try expectRefused(
      ["add", "2024-05-14", "x", "--repeat", "daily", "--every", "0"],
      message: "--every 0: expected a whole number of at least 1")
    try expectRefused(
      ["add", "2024-05-14", "x", "--repeat", "daily", "--count", "99999999999999999999"],
      message: "--count 99999999999999999999: at most 2147483647")
    try expectRefused(
      ["add", "2024-05-14", "x", "--at", "10:00", "--tz", "Mars/Olympus"],
      message: "unknown time zone 'Mars/Olympus': use a name such as Europe/Berlin")
    try expectRefused(
      ["add", "2024-05-14", "x", "--at", "10:00", "--tz", "../../etc/passwd"],
      message: "unknown time zone '../../etc/passwd': use a name such as Europe/Berlin")
    try expectRefused(
      ["add", "2024-05-14", "x", "--repeat", "hourly"],
      message: "unknown repeat 'hourly': use daily, weekdays, weekly, monthly, yearly or none, or words such as every "
        + "2 weeks or every tue and thu")
    try expectRefused(
      ["add", "2024-05-14", "x", "--repeat", "weekly", "--on", "mon"],
      message: "2024-05-14 is not one of the days 'mon': start the series on a day it repeats on, such as 2024-05-20 "
        + "(Monday)")
    try expectRefused(
      ["add", "2024-05-14", "x", "--repeat", "monthly", "--on", "last-fri"],
      message: "2024-05-14 is not one of the days 'last-fri': start the series on a day it repeats on, such as "
        + "2024-05-31 (Friday)")
    try expectRefused(
      ["add", "2024-05-14", "x", "--repeat", "monthly", "--on", "31", "--until", "2024-05-20"],
      message: "2024-05-14 is not one of the days '31': start the series on a day it repeats on")
    try expectRefused(
      ["add", "2024-05-14", "x", "--count", "3"], message: "--every, --count, --until and --on need --repeat or --rrule"
    )
    try expectRefused(
      ["add", "2024-05-14", "x", "--tz", "Europe/Berlin"], message: "--tz is for events with a time: give --at too")
    try expectRefused(["edit", "42", "--title", "y"], message: "there is no event #42", status: 1)
    try expectRefused(
      ["edit", "1"],
      message: "nothing to change: give --title, --date, --at, --note, --remind, --calendar, --editor or another option"
    )
    try expectRefused(
      ["edit", "1", "--on", "2024-05-13", "--title", "y"],
      message: "event #1 does not repeat: edit #1 itself, without --on or @DATE")
    try expectRefused(
      ["rm", "1@2024-05-13"], message: "event #1 does not repeat: remove #1 itself, without --on or @DATE")
  }
}

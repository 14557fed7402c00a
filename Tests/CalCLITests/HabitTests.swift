import Foundation
import Testing

/// What someone used to khal or calcurse types on a first day, through the built `cal` on the README's
/// pinned clock: either it does what they meant, or it is refused saying what to type here.
@Suite("Habits from khal and calcurse: done as meant, or refused saying what to type")
final class HabitTests {
  let cal: PinnedCal

  init() throws {
    cal = try PinnedCal()
  }

  deinit {
    cal.remove()
  }

  @Test("add DATE DATE TITLE, khal's all-day span, lasts to the second day; a second day after a time is refused")
  func secondDay() throws {
    try cal.expect(
      ["add", "2024-05-27", "2024-05-31", "conference"],
      prints: "Added: 2024-05-27  all day      #1  conference (day 1 of 5)\n")
    try cal.expect(
      ["add", "fri", "2024-5-18", "trip"], prints: "Added: 2024-05-17  all day      #2  trip (day 1 of 2)\n")
    try cal.expectRefused(["add", "2024-05-27", "2024-05-20", "x"], "'2024-05-27 2024-05-20' ends before it starts")
    try cal.expectRefused(
      ["add", "2024-05-27", "2024-05-31", "x", "--to", "2024-06-01"], "'2024-05-31' gives the last day already")
    try cal.expectRefused(
      ["add", "2024-05-27", "14:00", "2024-05-28", "10:00", "night"],
      "'2024-05-28' after the time would be the title's first word")
    // A title that starts with a date is quoted as one word.
    try cal.expect(
      ["add", "fri", "2024-05-31 deadline"], prints: "Added: 2024-05-17  all day      #3  2024-05-31 deadline\n")
  }

  @Test("a second date without a year after the date is the last day too; written backwards it is refused")
  func shortSecondDay() throws {
    try cal.expect(
      ["add", "18.05.", "25.05.", "holiday"], prints: "Added: 2024-05-18  all day      #1  holiday (day 1 of 8)\n")
    try cal.expect(["add", "fri", "19.5.", "trip"], prints: "Added: 2024-05-17  all day      #2  trip (day 1 of 3)\n")
    try cal.expect(["add", "5/18", "5/25", "camp"], prints: "Added: 2024-05-18  all day      #3  camp (day 1 of 8)\n")
    try cal.expect(
      ["add", "may", "18", "may", "20", "fair"], prints: "Added: 2024-05-18  all day      #4  fair (day 1 of 3)\n")
    // Without a year it is the coming one from the first day: into January.
    try cal.expect(["add", "28.12.", "3.1.", "ski"], prints: "Added: 2024-12-28  all day      #5  ski (day 1 of 7)\n")
    // A slash or a month's name begins a title after a date written otherwise.
    try cal.expect(["add", "fri", "24/7", "support"], prints: "Added: 2024-05-17  all day      #6  24/7 support\n")
    try cal.expect(["add", "fri", "may", "25", "talk"], prints: "Added: 2024-05-17  all day      #7  may 25 talk\n")
    try cal.expect(["add", "3-2", "win"], prints: "Added: 2024-03-02  all day      #8  win\n")
    try cal.expectRefused(
      ["add", "25.05.", "18.05.", "x"],
      "'25.05. 18.05.' ends before it starts: give the last day's year for a span into the next year")
    try cal.expectRefused(["add", "5/25", "5/18", "x"], "'5/25 5/18' ends before it starts")
    try cal.expectRefused(["add", "may", "25", "may", "18", "x"], "'may 25 may 18' ends before it starts")
    try cal.expectRefused(["add", "18.05.", "9:00", "25.05.", "x"], "'25.05.' after the time would be the title's")
    try cal.expectRefused(
      ["add", "may", "18", "may", "20"],
      "the title is empty: 'may 20' was read as the last day; give the title after it")
    // A time after the last day would have begun an all-day event's title; quoted with it, it is the title.
    try cal.expectRefused(
      ["add", "18.05.", "25.05.", "9:00", "meeting"], "'9:00' after the last day would be the title's first word")
    try cal.expectRefused(["add", "2024-05-18", "2024-05-25", "9am-10am", "x"], "'9am-10am' after the last day")
    try cal.expect(
      ["add", "18.05.", "25.05.", "9:00 standup"],
      prints: "Added: 2024-05-18  all day      #9  9:00 standup (day 1 of 8)\n")
  }

  @Test("dates of numbers: 18.05. is day first; 6/1 is read in the locale's order, refused where it could be either")
  func numericDates() throws {
    try cal.expect(["add", "18.05.", "dentist"], prints: "Added: 2024-05-18  all day      #1  dentist\n")
    try cal.expect(
      ["add", "20.5.", "25.05.2024", "trip"], prints: "Added: 2024-05-20  all day      #2  trip (day 1 of 6)\n")
    try cal.expect(
      ["list", "18.05...20.05."],
      prints: "2024-05-18  all day      #1  dentist\n2024-05-20  all day      #2  trip (day 1 of 6)\n")
    try cal.expectRefused(
      ["add", "6/1", "x"],
      "'6/1' could be 6 January or 1 June: write it as YYYY-MM-DD, or with dots, day first (6.1.), or set LC_TIME")
    try cal.expect(["add", "5/20", "z"], prints: "Added: 2024-05-20  all day      #3  z\n")
    guard let folder = testLocales else { return }
    try cal.expect(
      ["add", "6/1", "picnic"], prints: "Added: 2024-06-01  all day      #4  picnic\n",
      environment: ["LANG": "en_US.UTF-8", "LOCPATH": folder])
    try cal.expect(
      ["add", "6/1", "sales"], prints: "Added: 2025-01-06  all day      #5  sales\n",
      environment: ["LANG": "en_GB.UTF-8", "LOCPATH": folder])
    try cal.expect(
      ["add", "6/1", "Markt"], prints: "Added: 2025-01-06  all day      #6  Markt\n",
      environment: ["LANG": "de_DE.UTF-8", "LOCPATH": folder])
  }

  @Test("add TITLE :: NOTE, khal's description, is the note; with --note too it is refused")
  func noteAfterColons() throws {
    try cal.expect(
      ["add", "fri", "9:00", "doctor", "::", "bring", "the", "card"],
      prints: "Added: 2024-05-17  09:00        #1  doctor\n")
    try cal.expect(["list", "fri"], prints: "2024-05-17  09:00        #1  doctor\n            bring the card\n")
    try cal.expectRefused(
      ["add", "fri", "doctor", "::", "card", "--note", "x"], "a note after :: and --note: give one of them")
    try cal.expectRefused(["add", "fri", "::", "card"], "the title is empty")
    try cal.expect(["add", "fri", "a::b"], prints: "Added: 2024-05-17  all day      #2  a::b\n")
  }

  @Test("list with khal's number of days, and export with days where a file goes, say what to type")
  func daysWhereTheyAreNotTaken() throws {
    try cal.expectRefused(
      ["list", "today", "7d"], "'today 7d': list takes days as a range, not a number of days: write today..+6d")
    try cal.expectRefused(["list", "2w"], "'2w': list takes days as a range, not a number of days")
    try cal.expectRefused(["export", "week"], "'week' reads as days, not a file: export takes days as --from and --to")
    try cal.expectRefused(["export", "may"], "'may' reads as days, not a file")
  }

  @Test("--format with khal's field names names cal's")
  func khalFields() throws {
    try cal.expectRefused(
      ["list", "--format", "{description}"], "--format: '{description}' is not a field (khal's {description} is {note})"
    )
    try cal.expectRefused(
      ["list", "--format", "{start-date} {title}"],
      "--format: '{start-date}' is not a field ({date} is the day listed, {start} the event's start)")
    try cal.expectRefused(
      ["agenda", "--format", "{title}{tab}"], "--format: '{tab}' is not a field (write \\t for a tab)")
    try cal.expectRefused(["search", "x", "--format", "{nl}"], "--format: '{nl}' is not a field (write \\n for a line")
  }

  @Test("rm takes several ids: one change that one undo brings back; an unknown id among them removes nothing")
  func removeSeveral() throws {
    try cal.setUp([
      ["add", "mon", "dentist", "--at", "9am"], ["add", "tue", "lunch"],
      ["add", "wed", "standup", "--repeat", "daily", "--count", "3"], ["add", "thu", "film"],
    ])
    let before = try cal.run(["list", "may"]).stdout
    let unchanged = cal.process.snapshot()
    let refused = try cal.run(["rm", "1", "9", "2"])
    #expect(refused.status == 1 && refused.stdout.isEmpty)
    #expect(refused.stderr == "Error: there is no event #9: nothing was removed\n")
    #expect(cal.process.snapshot() == unchanged)
    try cal.expect(
      ["rm", "1", "#2", "3@2024-05-16", "2"],
      prints: """
        Removed: 2024-05-13  09:00        #1  dentist
        Removed: 2024-05-14  all day      #2  lunch
        Removed the 2024-05-16 occurrence of: 2024-05-16  all day      #3@2024-05-16  standup
                    repeats daily, 3 times

        """)
    try cal.expect(
      ["list", "may"],
      prints: """
        2024-05-15  all day      #3@2024-05-15  standup
        2024-05-16  all day      #4  film
        2024-05-17  all day      #3@2024-05-17  standup

        """)
    try cal.expect(
      ["undo"],
      prints: "Undid change 5: removed #1 dentist; removed #2 lunch; removed the 2024-05-16 occurrence of #3 standup\n")
    try cal.expect(["list", "may"], prints: before)
    let json = try cal.run(["rm", "1", "4", "--json"])
    #expect(json.status == 0 && json.stdout.split(separator: "\n").count == 2, "\(json.stdout)")
  }

  @Test("cal calendar alone lists the calendars, as cal calendar list does, in text and JSON")
  func calendarAlone() throws {
    try cal.setUp([["calendar", "add", "work", "--color", "blue"], ["add", "mon", "review", "--calendar", "work"]])
    try cal.expect(["calendar"], prints: "personal  0 events  local\nwork      1 event   local, blue\n")
    try cal.expect(["calendar", "--json"], prints: try cal.run(["calendar", "list", "--json"]).stdout)
    try cal.expectRefused(["calendar", "--force"], "The option '--force' does not go with cal calendar list")
    try cal.expect(["calendar", "list", "--names"], prints: "personal\nwork\n")
    try cal.expectRefused(["calendar", "--names", "--json"], "give --json or --names, not both")
  }

  @Test("export --from alone writes what happens from that day on, --to alone what happens up to it")
  func exportOneEnd() throws {
    try cal.setUp([
      ["add", "2024-05-01", "before"], ["add", "2024-05-20", "after", "--at", "23:30", "--tz", "America/New_York"],
      ["add", "2024-05-06", "twice", "--repeat", "weekly", "--count", "2"],
      ["add", "2024-04-01", "forever", "--repeat", "daily"], ["add", "2024-05-13", "lunch", "--at", "12:00"],
    ])
    func summaries(_ arguments: [String]) throws -> [String] {
      let result = try cal.run(["export"] + arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      return result.stdout.split(separator: "\r\n").filter { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst(8)) }
    }
    #expect(try summaries(["--from", "2024-05-14"]) == ["after", "forever"])
    // 23:30 in New York on the 20th is the 21st in Berlin: a day after --to 2024-05-20.
    #expect(try summaries(["--to", "2024-05-20"]) == ["before", "twice", "forever", "lunch"])
    #expect(try summaries(["--to", "2024-05-12"]) == ["before", "twice", "forever"])
    #expect(try summaries(["--from", "2024-05-21"]) == ["after", "forever"])
    #expect(try summaries(["--from", "may", "--to", "2024-05-12"]) == ["before", "twice", "forever"])
    try cal.expectRefused(
      ["export", "--from", "2024-05-14", "--to", "2024-05-13"], "the range ends (2024-05-13) before")
  }

  @Test(
    "--from and --to alike in list, search, agenda and free: --from alone looks its usual days on, --to alone from today"
  )
  func oneEndEverywhere() throws {
    try cal.setUp([
      ["add", "2024-05-01", "past"], ["add", "2024-05-13", "soon"], ["add", "2024-05-20", "later"],
      ["add", "2024-06-20", "far"], ["add", "2024-05-14", "meeting", "--at", "9:00", "--end", "17:00"],
    ])
    let soonToLater =
      "2024-05-13  all day      #2  soon\n2024-05-14  09:00-17:00  #5  meeting\n2024-05-20  all day      #3  later\n"
    try cal.expect(["list", "--to", "2024-05-20"], prints: soonToLater)
    try cal.expect(["list", "--from", "2024-05-13"], prints: soonToLater)  // 30 days: not 2024-06-20
    try cal.expect(["search", "later", "--to", "2024-05-31"], prints: "2024-05-20  all day      #3  later\n")
    try cal.expect(["agenda", "--from", "2024-05-20"], prints: "2024-05-20 (Monday)\n  all day      #3  later\n")
    try cal.expect(
      ["agenda", "--to", "2024-05-13", "--format", "{title}"], prints: "soon\n")
    try cal.expect(
      ["agenda", "--from", "2024-06-01", "--to", "2024-06-30"],
      prints: "2024-06-20 (Thursday)\n  all day      #4  far\n")
    try cal.expect(
      ["free", "--from", "2024-05-14", "--to", "tue", "--between", "8-18"],
      prints: "Tuesday (2024-05-14)\n  08:00-09:00  1h\n  17:00-18:00  1h\n")
    try cal.expectRefused(
      ["list", "--to", "2024-05-01"],
      "--to alone runs from today (2024-05-12), and 2024-05-01 is before it: give --from too")
    try cal.expectRefused(["agenda", "--to", "2024-05-01"], "--to alone runs from today (2024-05-12)")
    try cal.expectRefused(["agenda", "30", "--from", "mon"], "give days, or --from and --to, not both")
    try cal.expectRefused(["free", "--from", "2024-05-20", "--to", "2024-05-13"], "the range ends (2024-05-13) before")
  }

  @Test("--repeat weekdays is said back as every weekday, in add's, edit's and rm's confirmations")
  func weekdaysSaidBack() throws {
    try cal.expect(
      ["add", "mon", "standup", "--at", "9:00", "--repeat", "weekdays"],
      prints: "Added: 2024-05-13  09:00        #1@2024-05-13  standup\n            repeats every weekday\n")
    try cal.expect(
      ["edit", "1", "--until", "2024-06-28"],
      prints:
        "Changed: 2024-05-13  09:00        #1@2024-05-13  standup\n            repeats every weekday until 2024-06-28\n"
    )
    try cal.expect(
      ["edit", "1", "--count", "10", "--every", "2"],
      prints: "Changed: 2024-05-13  09:00        #1@2024-05-13  standup\n"
        + "            repeats weekly every 2 on mon,tue,wed,thu,fri, 10 times\n")
    try cal.expect(
      ["edit", "1", "--repeat", "weekly", "--repeat-on", "mon-fri", "--count", "3", "--every", "1"],
      prints: "Changed: 2024-05-13  09:00        #1@2024-05-13  standup\n            repeats every weekday, 3 times\n")
  }

  @Test("four digits after add's date are the start time, unless they could be a year near today's")
  func fourDigitTimes() throws {
    try cal.expect(["add", "friday", "1400", "meeting"], prints: "Added: 2024-05-17  14:00        #1  meeting\n")
    try cal.expect(["add", "tomorrow", "0930", "standup"], prints: "Added: 2024-05-13  09:30        #2  standup\n")
    try cal.expect(["add", "fri", "1400", "1530", "review"], prints: "Added: 2024-05-17  14:00-15:30  #3  review\n")
    try cal.expect(["add", "may", "20", "0800", "run"], prints: "Added: 2024-05-20  08:00        #4  run\n")
    // A year far from today's is no title's: 1400 km is 14:00, as khal reads it; the whole title quoted keeps it.
    try cal.expect(["add", "sat", "1400", "km", "ride"], prints: "Added: 2024-05-18  14:00        #5  km ride\n")
    try cal.expect(["add", "sat", "1400 km ride"], prints: "Added: 2024-05-18  all day      #6  1400 km ride\n")
    try cal.expect(["add", "fri", "2500", "steps"], prints: "Added: 2024-05-17  all day      #7  2500 steps\n")
    try cal.expect(["add", "fri", "x", "--at", "1845"], prints: "Added: 2024-05-17  18:45        #8  x\n")
    try cal.expect(
      ["add", "fri", "2030", "plan", "--at", "9"], prints: "Added: 2024-05-17  09:00        #9  2030 plan\n")
    try cal.expectRefused(
      ["add", "fri", "2030", "team", "dinner"],
      "'2030' could be the time 20:30 or a year in the title: write 20:30 for the time, or quote the "
        + "title whole ('2030 team dinner') to keep it")
    try cal.expectRefused(["add", "fri", "2024", "review"], "'2024' could be the time 20:24")
    try cal.expectRefused(["add", "fri", "9:00", "2015", "x"], "'2015' could be the time 20:15")
    try cal.expectRefused(["add", "fri", "1400"], "the title is empty: '1400' was read as the time")
    // A span of them too: 1400-1530 was an all-day event titled '1400-1530 review'.
    try cal.expect(
      ["add", "fri", "1400-1530", "review"], prints: "Added: 2024-05-17  14:00-15:30  #10  review\n")
    try cal.expectRefused(
      ["add", "fri", "2024-2025", "budget"], "'2024' could be the time 20:24 or a year in the title")
  }

  @Test("a time written with a dot (9.30) is read where a time goes, as 9:30 is; where a day goes, 18.05 is no day")
  func dottedTimes() throws {
    try cal.expect(["add", "fri", "9.30", "meeting"], prints: "Added: 2024-05-17  09:30        #1  meeting\n")
    try cal.expect(["add", "fri", "9.30-10.45", "review"], prints: "Added: 2024-05-17  09:30-10:45  #2  review\n")
    try cal.expect(["add", "fri", "14.00", "15.30", "talk"], prints: "Added: 2024-05-17  14:00-15:30  #3  talk\n")
    try cal.expect(["add", "18.05.", "9.30", "run"], prints: "Added: 2024-05-18  09:30        #4  run\n")
    try cal.expect(
      ["add", "fri", "x", "--at", "9.30", "--end", "17.15"], prints: "Added: 2024-05-17  09:30-17:15  #5  x\n")
    try cal.expect(["edit", "5", "--at", "10.00"], prints: "Changed: 2024-05-17  10:00-17:45  #5  x\n")
    // Minutes have two digits: 9.5 and 1.5 begin the title.
    try cal.expect(["add", "fri", "1.5", "km", "swim"], prints: "Added: 2024-05-17  all day      #6  1.5 km swim\n")
    try cal.expectRefused(["add", "fri", "x", "--at", "9.5"], "--at: '9.5' is not a time: write")
    try cal.expectRefused(["add", "fri", "24.00", "x"], "'24.00' is not a time: hours are 00 to 23")
    try cal.expectRefused(["add", "18.05", "x"], "'18.05': a day written with dots ends with one, 18.05.")
  }

  @Test("in December, jan is the coming January, in every command; a day just past is this year's")
  func comingMonth() throws {
    let december = ["CAL_TEST_NOW": "2024-12-12T10:00:00+01:00"]
    try cal.setUp([["add", "2025-01-17", "ski"], ["add", "2024-01-17", "last ski"], ["add", "2024-12-20", "party"]])
    try cal.expect(["list", "jan"], prints: "2025-01-17  all day      #1  ski\n", environment: december)
    try cal.expect(["list", "jan 17"], prints: "2025-01-17  all day      #1  ski\n", environment: december)
    try cal.expect(["list", "jan", "2024"], prints: "2024-01-17  all day      #2  last ski\n", environment: december)
    try cal.expect(
      ["list", "dec..jan"], prints: "2024-12-20  all day      #3  party\n2025-01-17  all day      #1  ski\n",
      environment: december)
    try cal.expect(
      ["search", "ski", "--from", "dec", "--to", "jan"], prints: "2025-01-17  all day      #1  ski\n",
      environment: december)
    try cal.expect(
      ["add", "jan", "5", "dentist", "--to", "jan 6"],
      prints: "Added: 2025-01-05  all day      #4  dentist (day 1 of 2)\n", environment: december)
    let jumped = try cal.run(["goto", "jan"], environment: december)
    #expect(jumped.stdout.hasPrefix("Jumped December 2024 → January 2025\n"), "\(jumped.stdout)")
    // Near today: may on 12 May 2024 is May 2024, may 3 the one nine days ago, jan the January to come.
    try cal.expect(["add", "may", "20", "run"], prints: "Added: 2024-05-20  all day      #5  run\n")
    try cal.expect(["add", "may", "3", "run"], prints: "Added: 2024-05-03  all day      #6  run\n")
    try cal.expect(["add", "jan", "3", "run"], prints: "Added: 2025-01-03  all day      #7  run\n")
  }

  @Test("edit --until without a year is the coming day, not one in the year a series began long ago")
  func comingUntilOfAnOldSeries() throws {
    try cal.setUp([["add", "2023-01-02", "gym", "--at", "18:00", "--repeat", "weekly"]])
    // From its first day, 6-30 was 2023-06-30: the series ended, without a word, ten months before today.
    try cal.expect(
      ["edit", "1", "--until", "6-30"],
      prints: "Changed: 2023-01-02  18:00        #1@2023-01-02  gym\n            repeats weekly until 2024-06-30\n")
    // A series that starts ahead of today counts from its start, as add does (12-30 --until 1-5 runs into January).
    try cal.setUp([["add", "2024-12-30", "trip", "--repeat", "daily"]])
    try cal.expect(
      ["edit", "2", "--until", "1-5"],
      prints: "Changed: 2024-12-30  all day      #2@2024-12-30  trip\n            repeats daily until 2025-01-05\n")
  }
}

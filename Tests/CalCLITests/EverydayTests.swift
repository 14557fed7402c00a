import Foundation
import Testing

/// The everyday commands through the built `cal` on a pinned clock: Sunday 12 May 2024, 10:00 in Berlin.
@Suite("Everyday use: dates as people write them, what is next, the month on view")
final class EverydayTests {
  let cal: PinnedCal

  init() throws {
    cal = try PinnedCal()
  }

  deinit {
    cal.remove()
  }

  @Test("add, edit, rm, list, search, goto and show read days, months, times and lengths in every form")
  func grammar() throws {
    try cal.expect(
      ["add", "next", "fri", "dentist", "--at", "9am", "--for", "1h30"],
      prints: "Added: 2024-05-24  09:00-10:30  #1  dentist\n")
    try cal.expect(
      ["add", "in", "3", "days", "lunch", "--at", "noon", "--end", "1:30pm"],
      prints: "Added: 2024-05-15  12:00-13:30  #2  lunch\n")
    try cal.expect(
      ["add", "5-13", "film", "--at", "21:30", "--for", "90"], prints: "Added: 2024-05-13  21:30-23:00  #3  film\n")
    try cal.expect(
      ["add", "fri", "run", "--at", "9", "--for", "1.5h"], prints: "Added: 2024-05-17  09:00-10:30  #4  run\n")
    try cal.expect(
      ["add", "+1m", "trip", "--to", "in 5 weeks"], prints: "Added: 2024-06-12  all day      #5  trip (day 1 of 5)\n")
    try cal.expect(
      ["add", "tomorrow", "standup", "--at", "09", "--for", "15m", "--repeat", "weekly", "--until", "in 2 weeks"],
      prints: "Added: 2024-05-13  09:00-09:15  #6@2024-05-13  standup\n            repeats weekly until 2024-05-26\n"
    )
    try cal.expect(
      ["edit", "4", "--date", "next sat", "--at", "midnight"], prints: "Changed: 2024-05-25  00:00-01:30  #4  run\n")
    try cal.expect(
      ["rm", "6", "--on", "next mon"],
      prints:
        "Removed the 2024-05-20 occurrence of: 2024-05-20  09:00-09:15  #6@2024-05-20  standup\n"
        + "            repeats weekly until 2024-05-26\n")
    try cal.expect(
      ["list", "today..fri"],
      prints:
        "2024-05-13  09:00-09:15  #6@2024-05-13  standup\n2024-05-13  21:30-23:00  #3  film\n"
        + "2024-05-15  12:00-13:30  #2  lunch\n")
    try cal.expect(["list", "+3d"], prints: "2024-05-15  12:00-13:30  #2  lunch\n")
    try cal.expect(
      ["list", "next", "month"],
      prints: (1...5).map { "2024-06-1\($0 + 1)  all day      #5  trip (day \($0) of 5)\n" }.joined())
    try cal.expect(
      ["search", "run", "--from", "today", "--to", "in 2 weeks"], prints: "2024-05-25  00:00-01:30  #4  run\n")
    // A month given to --from or --to is its first or last day, as in a range.
    try cal.expect(["search", "run", "--from", "may", "--to", "may"], prints: "2024-05-25  00:00-01:30  #4  run\n")
    try cal.expect(["list", "--from", "jun", "--to", "jun"], prints: try cal.run(["list", "june"]).stdout)
    try cal.expectRefused(["search", "run", "--from", "june", "--to", "2024-05"], "the range ends (2024-05-31) before")
    let jumped = try cal.run(["goto", "may", "2025"])
    #expect(jumped.stdout.hasPrefix("Jumped May 2024 → May 2025\n\n      May 2025        \n"))
    #expect(try cal.run(["goto", "next", "month"]).stdout.hasPrefix("Jumped May 2025 → June 2024\n"))
    #expect(try cal.run(["goto", "+2m"]).stdout.hasPrefix("Jumped June 2024 → July 2024\n"))
    if FileManager.default.fileExists(atPath: referenceCal) {
      // A month named on the line, piped, is cal(1)'s grid exactly.
      #expect(try cal.run(["show", "may", "2023"]).stdout == (try shell("cal 5 2023")))
    }
  }

  @Test("a month's name and a day is that day (may 12, 12 may), and a time after add's date is its start")
  func datesAndTimesAsSaid() throws {
    try cal.expect(["add", "fri", "14:30", "dentist"], prints: "Added: 2024-05-17  14:30        #1  dentist\n")
    try cal.expect(
      ["add", "tomorrow", "9am-10:30am", "standup"], prints: "Added: 2024-05-13  09:00-10:30  #2  standup\n")
    try cal.expect(
      ["add", "may", "20", "noon", "lunch", "--for", "1h"], prints: "Added: 2024-05-20  12:00-13:00  #3  lunch\n")
    try cal.expect(["add", "12", "may", "2025", "party"], prints: "Added: 2025-05-12  all day      #4  party\n")
    try cal.expect(["add", "fri", "2024 review"], prints: "Added: 2024-05-17  all day      #5  2024 review\n")
    try cal.expect(["add", "fri", "9", "x", "--at", "10"], prints: "Added: 2024-05-17  10:00        #6  9 x\n")
    try cal.expect(["list", "may", "20"], prints: "2024-05-20  12:00-13:00  #3  lunch\n")
    try cal.expect(["list", "next", "week"], prints: "2024-05-20  12:00-13:00  #3  lunch\n")
    try cal.expect(["list", "last week"], prints: "No events from 2024-05-05 to 2024-05-11.\n")
    #expect(try cal.run(["goto", "dec", "3"]).stdout.hasPrefix("Jumped May 2024 → December 2024\n"))
    try cal.expectRefused(["add", "fri", "9", "dentist"], "'9' after the date could be a time or the first word of")
    try cal.expectRefused(["add", "fri", "9-10", "dentist"], "'9-10' after the date could be a time or the first")
    try cal.expectRefused(["add", "fri", "25:00", "x"], "'25:00' is not a time: hours are 00 to 23")
    try cal.expectRefused(
      ["add", "fri", "10:00-9am", "x"], "'10:00-9am' is not a time span: it must end after it starts")
    try cal.expectRefused(["add", "fri", "9:00-10:00", "x", "--for", "1h"], "'9:00-10:00' gives the end already")
    // A length in hours or minutes after a lone start, as khal's new takes it; days and bare numbers are title.
    try cal.expect(["add", "fri", "10:00", "1h30", "review"], prints: "Added: 2024-05-17  10:00-11:30  #7  review\n")
    try cal.expect(
      ["add", "fri", "10am", "3d", "printing"], prints: "Added: 2024-05-17  10:00        #8  3d printing\n")
    try cal.expectRefused(["add", "fri", "10:00", "45m", "x", "--end", "11:00"], "'10:00 45m' gives the end already")
    // An unmistakable time after a lone start is its end (khal's START END); a bare number is the title's.
    try cal.expect(["add", "sat", "9:00", "10:30", "swim"], prints: "Added: 2024-05-18  09:00-10:30  #9  swim\n")
    try cal.expect(["add", "sat", "9:00", "10", "laps"], prints: "Added: 2024-05-18  09:00        #10  10 laps\n")
    try cal.expectRefused(["add", "sat", "9:00", "8am", "x"], "'9:00 8am' ends before it starts")
  }

  @Test("add's time words: an end is on the clock across a change of clocks, 1:1 is a title, the last week is listed")
  func timeWordsAtTheEdges() throws {
    // Minutes of one digit make no time: a one-to-one meeting is a title.
    try cal.expect(["add", "fri", "1:1", "with", "Ana"], prints: "Added: 2024-05-17  all day      #1  1:1 with Ana\n")
    // An end time is the time the clocks show: 1:30 to 3:30 lasts one hour the night they go forward, three
    // the night they go back; a length in hours is exact.
    try cal.expect(
      ["add", "2024-03-31", "1:30", "3:30", "spring"], prints: "Added: 2024-03-31  01:30-03:30  #2  spring\n")
    try cal.expect(
      ["add", "2024-03-31", "x", "--at", "1:30", "--end", "3:30"], prints: "Added: 2024-03-31  01:30-03:30  #3  x\n")
    try cal.expect(["add", "2024-10-27", "1:30-3:30", "fall"], prints: "Added: 2024-10-27  01:30-03:30  #4  fall\n")
    try cal.expect(["add", "2024-03-31", "1:30", "2h", "exact"], prints: "Added: 2024-03-31  01:30-04:30  #5  exact\n")
    // A length that cannot be is refused, as 25:00 is; a word of another shape starts the title.
    try cal.expectRefused(["add", "fri", "9:00", "0h", "x"], "'0h' is not a length: it must be longer than zero")
    try cal.expectRefused(["add", "fri", "9:00", "99999999h", "x"], "'99999999h' is not a length")
    try cal.expectRefused(["add", "fri", "9:00", "1h99999999", "x"], "'1h99999999' is not a length")
    try cal.expect(["add", "fri", "9:00", "5mm", "screws"], prints: "Added: 2024-05-17  09:00        #6  5mm screws\n")
    // An end time is on the clock: a series begun on the night the clocks go forward lasts 01:00-05:00 on the
    // nights after too (a series keeps one length, and the first night, an hour shorter, gives way to them).
    _ = try cal.run(["add", "2024-03-31", "1:00-5:00", "night", "--repeat", "daily", "--count", "2"])
    try cal.expect(["list", "2024-04-01"], prints: "2024-04-01  01:00-05:00  #7@2024-04-01  night\n")
    // The week of 9999-12-31 is listed up to that day, as it was before next week and last week came.
    let end = ["CAL_TEST_NOW": "9999-12-31T10:00:00Z"]
    try cal.expect(["list", "week"], prints: "No events from 9999-12-26 to 9999-12-31.\n", environment: end)
    try cal.expect(["list", "this", "week"], prints: "No events from 9999-12-26 to 9999-12-31.\n", environment: end)
    try cal.expectRefused(["list", "next", "week"], "'next week' is outside the years 1 to 9999", environment: end)
    // --from alone is 30 days, or what is left of the calendar.
    try cal.expect(["list", "--from", "9999-12-20"], prints: "No events from 9999-12-20 to 9999-12-31.\n")
  }

  @Test("9h30 is a time wherever cal reads one; after add's date 9h alone is refused, after a start 10h30 is a length")
  func frenchTimes() throws {
    try cal.expect(["add", "fri", "9h30", "réunion"], prints: "Added: 2024-05-17  09:30        #1  réunion\n")
    try cal.expect(["add", "fri", "21H05-22h", "film"], prints: "Added: 2024-05-17  21:05-22:00  #2  film\n")
    try cal.expect(
      ["add", "sat", "x", "--at", "9h", "--end", "17h30"], prints: "Added: 2024-05-18  09:00-17:30  #3  x\n")
    try cal.expect(["edit", "3", "--at", "10h15"], prints: "Changed: 2024-05-18  10:15-18:45  #3  x\n")
    // After a start time a word in hours is its length, as 1h30 was before: never the end.
    try cal.expect(["add", "sun", "9:00", "10h30", "long"], prints: "Added: 2024-05-19  09:00-19:30  #4  long\n")
    // An hour with an h alone could be a length in the title as well as a time: refused, as 9 is; 48h is no hour.
    try cal.expectRefused(["add", "fri", "2h", "workshop"], "'2h' after the date could be a time or the first word")
    try cal.expectRefused(["add", "fri", "9h-10h", "x"], "'9h-10h' after the date could be a time or the first")
    try cal.expectRefused(["add", "fri", "25h30", "x"], "'25h30' is not a time: hours are 00 to 23")
    try cal.expect(["add", "mon", "48h", "hackathon"], prints: "Added: 2024-05-13  all day      #5  48h hackathon\n")
    try cal.expect(["add", "mon", "4hours", "x"], prints: "Added: 2024-05-13  all day      #6  4hours x\n")
    try cal.expect(["add", "mon", "9h30pm", "x"], prints: "Added: 2024-05-13  all day      #7  9h30pm x\n")
    // The other places a time is read: free's hours, a reminder's day and time, a to-do's due time, list's moment.
    try cal.expect(
      ["free", "sat", "--between", "8h-19h30"],
      prints: "Saturday (2024-05-18)\n  08:00-10:15  2h15m\n  18:45-19:30  45m\n")
    try cal.expect(
      ["add", "sat", "y", "--at", "9:00", "--remind", "fri 21h05"],
      prints: "Added: 2024-05-18  09:00        #8  y\n            reminders: at 2024-05-17 21:05\n")
    try cal.expect(["todo", "add", "t", "--due", "fri 9h30"], prints: "Added: [ ] 2024-05-17 09:30  #1  t\n")
    try cal.expect(["list", "sat", "10h30"], prints: "2024-05-18  10:15-18:45  #3  x\n")
  }

  @Test("list takes a year: four digits alone, this, next or last year")
  func listYear() throws {
    _ = try cal.run(["add", "2024-01-01", "new year"])
    _ = try cal.run(["add", "2024-12-31", "eve"])
    _ = try cal.run(["add", "2025-01-01", "next new year"])
    try cal.expect(
      ["list", "2024"], prints: "2024-01-01  all day      #1  new year\n2024-12-31  all day      #2  eve\n")
    try cal.expect(
      ["list", "this", "year"], prints: "2024-01-01  all day      #1  new year\n2024-12-31  all day      #2  eve\n")
    try cal.expect(["list", "next year"], prints: "2025-01-01  all day      #3  next new year\n")
    try cal.expect(["list", "last", "year"], prints: "No events in 2023.\n")
    try cal.expectRefused(["list", "0000"], "'0000' is outside the years 1 to 9999")
    try cal.expectRefused(
      ["list", "next", "year"], "'next year' is outside the years 1 to 9999",
      environment: ["CAL_TEST_NOW": "9999-12-31T10:00:00Z"])
  }

  @Test("what is not a date, a time or a length is refused saying what is")
  func refusals() throws {
    try cal.expectRefused(
      ["add", "13", "x"],
      "'13' is ambiguous: a number alone could be a day of the month, a month or a year; for day 13 of this month "
        + "write 5-13 or 2024-05-13; for 13 days from today, +13d (see cal help dates)")
    try cal.expectRefused(
      ["add", "may", "x"], "'may' is a month (May 2024), not a day: write a day as 5-12 or 2024-05-12")
    try cal.expectRefused(["add", "+99999999999d", "x"], "'+99999999999d' is outside the years 1 to 9999")
    try cal.expectRefused(
      ["add", "today", "x", "--at", "13pm"], "--at: '13pm' is not a time: with am or pm, hours are 1 to 12")
    try cal.expectRefused(
      ["add", "today", "x", "--at", "9", "--for", "1.01h"],
      "--for: '1.01h' is not a length: it must come to whole minutes")
    try cal.expectRefused(
      ["add", "today", "x", "--to", "june"],
      "--to: 'june' is a month (June 2024), not a day: write a day as 6-12 or 2024-06-12")
    try cal.expectRefused(
      ["goto", "5"], "'5' is ambiguous: a number alone could be a month or a year; for May write 2024-5 or may")
    try cal.expectRefused(
      ["goto", "2024"],
      "'2024' is ambiguous: a number alone could be a month or a year; for a month of 2024 write 2024-05 or may 2024")
    try cal.expectRefused(
      ["list", "someday"], "'someday' is not a day, a month, a year, a range or week: write a day as 2024-05-12")
    try cal.expectRefused(["list", "fri..today"], "the range ends (2024-05-12) before it starts (2024-05-17)")
  }

  @Test(
    "the locale's names as well as English ones",
    .enabled(if: testLocales != nil, "localedef and the locales package are needed"))
  func localeNames() throws {
    let german = ["LANG": "de_DE.UTF-8", "LOCPATH": testLocales ?? ""]
    try cal.expect(
      ["add", "freitag", "Markt"], prints: "Added: 2024-05-17  all day      #1  Markt\n", environment: german)
    try cal.expect(
      ["add", "fri", "market"], prints: "Added: 2024-05-17  all day      #2  market\n", environment: german)
    #expect(try cal.run(["goto", "März"], environment: german).stdout.hasPrefix("Jumped Mai 2024 → März 2024\n"))
    try cal.expect(
      ["list", "mai"], prints: "2024-05-17  all day      #1  Markt\n2024-05-17  all day      #2  market\n",
      environment: german)
  }

  /// A calendar with a morning's events, a series and later ones.
  private func addWeek() throws {
    try cal.run(["add", "today", "birthday"])
    try cal.run(["add", "today", "call", "--at", "9:30", "--for", "1h"])
    try cal.run(["add", "today", "breakfast", "--at", "8", "--for", "30m"])
    try cal.run([
      "add", "today", "dentist", "--at", "14:30", "--for", "45m", "--location", "Praxis", "--note", "bring the card",
    ])
    try cal.run([
      "add", "tomorrow", "standup", "--at", "9", "--end", "9:15", "--repeat", "weekly", "--on", "mon,wed,fri",
    ])
    try cal.run(["add", "next", "fri", "party", "--at", "8pm"])
    try cal.run(["add", "+10d", "later"])
  }

  static let week = """
    Today (2024-05-12)
      all day      #1  birthday
    * 09:30-10:30  #2  call
      14:30-15:15  #4  dentist @ Praxis
                   bring the card
    Tomorrow (2024-05-13)
      09:00-09:15  #5@2024-05-13  standup
    Wednesday (2024-05-15)
      09:00-09:15  #5@2024-05-15  standup
    Friday (2024-05-17)
      09:00-09:15  #5@2024-05-17  standup

    """

  @Test("agenda: 7 days by day under Today, Tomorrow, weekdays, then dates; ended events left out, running marked")
  func agenda() throws {
    try addWeek()
    try cal.expect(["agenda"], prints: Self.week)
    try cal.expect(["next"], prints: Self.week)
    try cal.expect(
      ["next", "2w"],
      prints: Self.week + """
        2024-05-20 (Monday)
          09:00-09:15  #5@2024-05-20  standup
        2024-05-22 (Wednesday)
          all day      #7  later
          09:00-09:15  #5@2024-05-22  standup
        2024-05-24 (Friday)
          09:00-09:15  #5@2024-05-24  standup
          20:00        #6  party

        """)
    try cal.expect(["agenda", "30"], prints: try cal.run(["agenda", "today..2024-06-10"]).stdout)
    try cal.expect(
      ["agenda", "2024-06-03..2024-06-04"], prints: "2024-06-03 (Monday)\n  09:00-09:15  #5@2024-06-03  standup\n")
    try cal.expect(["agenda", "1"], prints: Self.week.components(separatedBy: "Tomorrow")[0])
    try cal.expect(["agenda", "2024-07-06..2024-07-07"], prints: "No events from 2024-07-06 to 2024-07-07.\n")
    // At 23:00 everything timed today is over.
    try cal.expect(
      ["agenda", "1"], prints: "Today (2024-05-12)\n  all day      #1  birthday\n",
      environment: ["CAL_TEST_NOW": "2024-05-12T23:00:00+02:00"])
    try cal.expectRefused(["agenda", "0"], "'0' covers no days: give at least one")
    try cal.expectRefused(
      ["agenda", "2024-05-01..2024-05-03"],
      "2024-05-01..2024-05-03 is over: cal agenda shows what is next; cal list 2024-05-01..2024-05-03 shows those days")
    try cal.expectRefused(["agenda", "soon"], "'soon' is not a number of days or a range, a day or a month")
    // One day or one month, in any of their forms: today's from now on.
    try cal.expect(["agenda", "today"], prints: Self.week.components(separatedBy: "Tomorrow")[0])
    try cal.expect(["agenda", "may"], prints: try cal.run(["agenda", "today..2024-05-31"]).stdout)
    try cal.expect(["agenda", "july"], prints: try cal.run(["agenda", "2024-07-01..2024-07-31"]).stdout)
    try cal.expectRefused(
      ["agenda", "yesterday"], "2024-05-11 is over: cal agenda shows what is next; cal list 2024-05-11 shows that day")
    try cal.expectRefused(["agenda", "+3d"], "'+3d' is not a number of days or a range")
    // The weeks list takes, from the locale's first day (Sunday here).
    try cal.expect(["agenda", "week"], prints: try cal.run(["agenda", "today..2024-05-18"]).stdout)
    try cal.expect(["agenda", "next", "week"], prints: try cal.run(["agenda", "2024-05-19..2024-05-25"]).stdout)
    try cal.expectRefused(
      ["agenda", "last week"],
      "2024-05-05..2024-05-11 is over: cal agenda shows what is next; cal list 2024-05-05..2024-05-11 shows those days")
    #expect(try cal.run(["help", "next"]).stdout == (try cal.run(["help", "agenda"]).stdout))
  }

  @Test(
    "agenda's and free's headings name the weekdays in the locale's language, as the month pages do; JSON and C stay English",
    .enabled(if: testLocales != nil, "localedef and the locales package are needed"))
  func agendaInTheLocale() throws {
    try addWeek()
    let german = ["LANG": "de_DE.UTF-8", "LOCPATH": testLocales ?? ""]
    let week = try cal.run(["agenda", "2w"], environment: german)
    #expect(week.status == 0)
    #expect(
      week.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.hasPrefix("*") } == [
        "Today (2024-05-12)", "Tomorrow (2024-05-13)", "Mittwoch (2024-05-15)", "Freitag (2024-05-17)",
        "2024-05-20 (Montag)", "2024-05-22 (Mittwoch)", "2024-05-24 (Freitag)",
      ])
    // The same events under the same headings in English, byte for byte, in the C locale.
    let english = try cal.run(["agenda", "2w"], environment: ["LANG": "C"]).stdout
    #expect(english.hasPrefix(Self.week) && english.contains("\n2024-05-20 (Monday)\n"))
    #expect(
      week.stdout.replacingOccurrences(of: "Mittwoch", with: "Wednesday").replacingOccurrences(
        of: "Freitag", with: "Friday"
      )
      .replacingOccurrences(of: "Montag", with: "Monday") == english)
    let json = try cal.run(["agenda", "2w", "--json"], environment: german).stdout
    #expect(json == (try cal.run(["agenda", "2w", "--json"]).stdout))
    #expect(json.contains(#""heading":"Wednesday""#))
    try cal.expect(
      ["free", "2024-05-20", "--between", "9-10"], prints: "2024-05-20 (Montag)\n  09:15-10:00  45m\n",
      environment: german)
    try cal.expect(["free", "fri", "--between", "8-9"], prints: "Friday (2024-05-17)\n  08:00-09:00  1h\n")
  }

  @Test("agenda --json: the days, each with its heading and the events as list --json gives them, and running")
  func agendaJSON() throws {
    try addWeek()
    let days = try #require(try CalProcess.json(cal.run(["agenda", "--json"]).stdout) as? [[String: Any]])
    #expect(days.map { $0["date"] as? String } == ["2024-05-12", "2024-05-13", "2024-05-15", "2024-05-17"])
    #expect(days.map { $0["heading"] as? String } == ["Today", "Tomorrow", "Wednesday", "Friday"])
    let today = try #require(days.first?["events"] as? [[String: Any]])
    #expect(today.map { $0["title"] as? String } == ["birthday", "call", "dentist"])
    #expect(today.map { $0["running"] as? Bool } == [false, true, false])
    let listed = try #require(try CalProcess.json(cal.run(["list", "today", "--json"]).stdout) as? [[String: Any]])
    let dentist = try #require(listed.first { $0["title"] as? String == "dentist" })
    #expect(Set(today[2].keys) == Set(dentist.keys).union(["running"]))
    #expect(try cal.run(["agenda", "2024-07-06..2024-07-07", "--json"]).stdout == "[]\n")
  }

  @Test("show, list, flip and goto say when the month on view is not this month; not in JSON, not for named months")
  func monthOnView() throws {
    let notice = "\nApril 2024 is on view, not this month (May 2024): cal goto today turns back to it.\n"
    #expect(try cal.run(["goto", "2024-04"]).stdout.hasSuffix(notice))
    #expect(try cal.run(["show"]).stdout.hasSuffix(notice))
    #expect(try cal.run([]).stdout.hasSuffix(notice))
    #expect(try cal.run(["show", "-3"]).stdout.hasSuffix(notice))
    try cal.expect(["list"], prints: "No events in April 2024.\n" + notice)
    #expect(!(try cal.run(["show", "2024-04"]).stdout.contains("is on view")))
    #expect(!(try cal.run(["list", "april"]).stdout.contains("is on view")))
    #expect(try cal.run(["list", "--json"]).stdout == "[]\n")
    #expect(!(try cal.run(["flip", "up-left"]).stdout.contains("is on view")))  // to May 2024: this month
    #expect(!(try cal.run(["flip", "up-left", "--json"]).stdout.contains("is on view")))  // to June, as JSON
    #expect(
      try cal.run(["flip", "up-left"]).stdout.hasSuffix(
        "\nJuly 2024 is on view, not this month (May 2024): cal goto today turns back to it.\n"))
    #expect(!(try cal.run(["goto", "today"]).stdout.contains("is on view")))
    #expect(!(try cal.run(["show"]).stdout.contains("is on view")))
  }

  @Test("cal help dates prints the grammar, which the manual page holds too")
  func helpDates() throws {
    let help = try cal.run(["help", "dates"])
    #expect(help.status == 0 && help.stdout.hasPrefix("DATES, TIMES AND LENGTHS\n\n"))
    #expect(help.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    for form in [
      "next fri", "+3d", "in 3 days", "may 2024", "next month", "+2m", "9:30pm", "noon", "1h30", "1.5h", "90",
    ] {
      #expect(help.stdout.contains(form), "\(form)")
    }
    let manual = try cal.run(["help", "--man"]).stdout
    #expect(manual.contains(".SH \"DATES, TIMES AND LENGTHS\"\n.nf\n"))
    let wrong = try cal.run(["help", "date"])
    #expect(wrong.status == 64 && wrong.stderr.hasPrefix("Error: Unknown command 'date'. Did you mean 'dates'?"))
  }
}

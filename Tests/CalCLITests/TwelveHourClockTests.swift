import Foundation
import Testing

/// `time-format = 12h` through the built `cal`: every time written for people on the 12-hour clock (morning,
/// noon, midnight, afternoon, spans over noon and midnight, all-day, several days, an event of another
/// zone), `--time-format` winning over the file, the machine formats untouched, and every time printed read
/// back by `cal add` and `cal edit` as the same time.
@Suite("The 12-hour clock")
struct TwelveHourClockTests {
  /// Writes the configuration file where a `cal` whose HOME is the test's folder looks for it.
  private func configure(_ text: String, in cal: PinnedCal) throws {
    let folder = cal.process.folder + "/.config/cal"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try text.write(toFile: folder + "/config", atomically: false, encoding: .utf8)
  }

  /// A calendar on the 12-hour clock with a day (Monday 13 May 2024, Berlin) of events at every kind of time.
  private func day() throws -> PinnedCal {
    let cal = try PinnedCal()
    try cal.setUp([
      ["add", "2024-05-13", "breakfast", "--at", "7:05", "--for", "25m"],
      ["add", "2024-05-13", "lunch", "--at", "11:30", "--end", "12:30", "--note", "the new place"],
      ["add", "2024-05-13", "bells", "--at", "12:00"],
      ["add", "2024-05-13", "night shift", "--at", "23:30", "--for", "1h"],
      ["add", "2024-05-13", "snack", "--at", "0:15", "--for", "15m"],
      ["add", "2024-05-13", "call", "--at", "9:00", "--tz", "America/New_York", "--for", "1h"],
      ["add", "2024-05-13", "trip", "--to", "2024-05-14"],
      ["add", "2024-05-13", "review", "--at", "10:00", "--for", "90m", "--location", "Room 4"],
    ])
    try configure("time-format = 12h\n", in: cal)
    return cal
  }

  @Test("list: a one-digit hour after a space, the column as wide as 12:30pm-12:45pm, the note under the time")
  func list() throws {
    let cal = try day()
    defer { cal.remove() }
    try cal.expect(
      ["list", "2024-05-13..2024-05-14"],
      prints: """
        2024-05-13  all day          #7  trip (day 1 of 2)
        2024-05-13  12:15am-12:30am  #5  snack
        2024-05-13   7:05am-7:30am   #1  breakfast
        2024-05-13  10:00am-11:30am  #8  review @ Room 4
        2024-05-13  11:30am-12:30pm  #2  lunch
                    the new place
        2024-05-13  12:00pm          #3  bells
        2024-05-13   3:00pm-4:00pm   #6  call
        2024-05-13  11:30pm-...      #4  night shift
        2024-05-14  all day          #7  trip (day 2 of 2)
        2024-05-14  ...-12:30am      #4  night shift

        """)
    // The same day on the 24-hour clock: the output of every cal before time-format.
    try cal.expect(
      ["list", "2024-05-13", "--time-format", "24h"],
      prints: """
        2024-05-13  all day      #7  trip (day 1 of 2)
        2024-05-13  00:15-00:30  #5  snack
        2024-05-13  07:05-07:30  #1  breakfast
        2024-05-13  10:00-11:30  #8  review @ Room 4
        2024-05-13  11:30-12:30  #2  lunch
                    the new place
        2024-05-13  12:00        #3  bells
        2024-05-13  15:00-16:00  #6  call
        2024-05-13  23:30-...    #4  night shift

        """)
    try cal.expect(
      ["search", "review"], prints: "2024-05-13  10:00am-11:30am  #8  review @ Room 4\n")
  }

  @Test("agenda: the continued lines under the id, the running mark before the time")
  func agenda() throws {
    let cal = try day()
    defer { cal.remove() }
    try cal.expect(
      ["agenda", "tomorrow"],
      prints: """
        Tomorrow (2024-05-13)
          all day          #7  trip (day 1 of 2)
          12:15am-12:30am  #5  snack
           7:05am-7:30am   #1  breakfast
          10:00am-11:30am  #8  review @ Room 4
          11:30am-12:30pm  #2  lunch
                           the new place
          12:00pm          #3  bells
           3:00pm-4:00pm   #6  call
          11:30pm-...      #4  night shift

        """)
    try cal.expect(
      ["agenda", "today", "-n", "3"],
      prints: """
        Today (2024-05-13)
          all day          #7  trip (day 1 of 2)
        *  7:05am-7:30am   #1  breakfast
          10:00am-11:30am  #8  review @ Room 4

        """,
      environment: ["CAL_TEST_NOW": "2024-05-13T07:10:00+02:00"])
  }

  @Test("--format's {time}, {start-time} and {end-time} on the clock; {start}, {end} and JSON stay ISO 8601")
  func formatAndMachines() throws {
    let cal = try day()
    defer { cal.remove() }
    try cal.expect(
      ["list", "2024-05-13", "-n", "4", "--format", "{time}|{start-time}|{end-time}|{start}|{end}"],
      prints: """
        all day|||2024-05-13|2024-05-14
        12:15am-12:30am|12:15am|12:30am|2024-05-13T00:15:00+02:00|2024-05-13T00:30:00+02:00
        7:05am-7:30am|7:05am|7:30am|2024-05-13T07:05:00+02:00|2024-05-13T07:30:00+02:00
        10:00am-11:30am|10:00am|11:30am|2024-05-13T10:00:00+02:00|2024-05-13T11:30:00+02:00

        """)
    // Every machine format prints byte for byte what it prints on the 24-hour clock.
    for arguments in [
      ["list", "2024-05-13..2024-05-14", "--json"], ["agenda", "7", "--json"], ["search", "a", "--json"],
      ["free", "tomorrow", "--json"], ["export"], ["list", "2024-05-13", "--format", "{start} {end}"],
    ] {
      let twelve = try cal.run(arguments)
      let twentyFour = try cal.run(arguments, environment: ["CAL_CONFIG": cal.process.folder + "/none"])
      #expect(twelve.status == 0 && !twelve.stdout.isEmpty, "\(arguments): \(twelve.stderr)")
      #expect(twelve.stdout == twentyFour.stdout, "\(arguments)")
    }
    let added = try cal.run(["add", "2024-05-20", "x", "--at", "2pm", "--json"])
    #expect(added.stdout.contains("\"start\":\"2024-05-20T14:00:00+02:00\""), "\(added.stdout)")
  }

  @Test("free: the column as wide as a listing's, the day's end at 12:00am, the hours looked in said so")
  func free() throws {
    let cal = try day()
    defer { cal.remove() }
    try cal.expect(
      ["free", "tomorrow", "--between", "7am-12am"],
      prints: """
        Tomorrow (2024-05-13)
           7:30am-10:00am  2h30m
          12:30pm-3:00pm   2h30m
           4:00pm-11:30pm  7h30m

        """)
    try cal.expect(
      ["free", "2024-05-15", "--between", "8pm-12am"],
      prints: """
        Wednesday (2024-05-15)
           8:00pm-12:00am  4h

        """)
    try cal.expect(
      ["free", "tomorrow", "--between", "11am-12:30pm"],
      prints: "No free time of 30m or more from 2024-05-13 through 2024-05-13 between 11:00am and 12:30pm.\n")
    try cal.expect(
      ["free", "tomorrow", "--between", "11am-12:30pm", "--time-format", "24h"],
      prints: "No free time of 30m or more from 2024-05-13 through 2024-05-13 between 11:00 and 12:30.\n")
  }

  @Test("add, edit and rm confirmations, reminders and the note on a time the clocks skip")
  func confirmations() throws {
    let cal = try PinnedCal()
    defer { cal.remove() }
    try configure("time-format = 12h\n", in: cal)
    try cal.expect(
      ["add", "2024-05-20", "9am-9:15am", "standup", "--repeat", "weekly", "--remind", "5m", "--remind", "1d"],
      prints: """
        Added: 2024-05-20   9:00am-9:15am   #1@2024-05-20  standup
                    reminders: 5m before, 1d before
                    repeats weekly

        """)
    try cal.expect(
      ["edit", "1", "--on", "2024-05-27", "--at", "12:45pm"],
      prints: """
        Changed the 2024-05-27 occurrence of #1, now: 2024-05-27  12:45pm-1:00pm   #2  standup
                    reminders: 5m before, 1d before

        """)
    try cal.expect(
      ["rm", "1", "--on", "2024-06-03"],
      prints: """
        Removed the 2024-06-03 occurrence of: 2024-06-03   9:00am-9:15am   #1@2024-06-03  standup
                    reminders: 5m before, 1d before
                    repeats weekly

        """)
    try cal.expect(
      ["add", "2024-05-21", "rent", "--remind", "start", "--remind", "end", "--remind-at", "18:30"],
      prints: """
        Added: 2024-05-21  all day          #3  rent
                    reminders: at 6:30pm, at the end (6:30pm the next day)

        """)
    try cal.expect(
      ["add", "2024-05-22", "x", "--at", "0:00", "--remind", "2024-05-21T12:00"],
      prints: """
        Added: 2024-05-22  12:00am          #4  x
                    reminders: at 2024-05-21 12:00pm

        """)
    // 02:30 on 31 March 2024 does not exist in Berlin: the note says so on the same clock.
    try cal.expect(
      ["add", "2024-03-31", "early", "--at", "2:30am", "--for", "30m"],
      prints: """
        Added: 2024-03-31   3:30am-4:00am   #5  early
                    2:30am does not exist on 2024-03-31 in Europe/Berlin (the clocks go forward 1h): it starts at 3:30am

        """)
    // 02:30 on 27 October 2024 happens twice: its readings carry their offset, as on the 24-hour clock.
    try cal.expect(
      ["add", "2024-10-27", "twice", "--at", "1:30", "--for", "2h"],
      prints: "Added: 2024-10-27   1:30am-2:30am+01  #6  twice\n")
    try cal.expect(
      ["list", "2024-10-27", "--time-format", "24h"], prints: "2024-10-27  01:30-02:30+01  #6  twice\n")
    try cal.expectRefused(
      ["add", "2024-05-23", "y", "--at", "2pm", "--end", "1pm"], "--end 1:00pm is not after the start 2:00pm")
  }

  @Test("remind: the event's line, when a late or missed reminder was due, on the clock")
  func remind() throws {
    let cal = try PinnedCal()
    defer { cal.remove() }
    try configure("time-format = 12h\n", in: cal)
    try cal.setUp([
      ["add", "2024-05-12", "dentist", "--at", "14:30", "--for", "45m", "--remind", "15m"],
      ["add", "2024-05-13", "standup", "--at", "9:00", "--repeat", "daily", "--remind", "5m"],
      ["add", "2024-05-13", "rent", "--remind", "start", "--remind-at", "8:00"],
    ])
    #expect(try cal.run(["remind"]).stdout.isEmpty)
    try cal.expect(
      ["remind"],
      prints: "Reminder (15m before): 2024-05-12   2:30pm-3:15pm   #1  dentist\n",
      environment: ["CAL_TEST_NOW": "2024-05-12T14:16:00+02:00"])
    try cal.expect(
      ["remind"],
      prints: """
        Late reminder (at 8:00am, due 8:00am): 2024-05-13  all day          #3  rent
        Late reminder (5m before, due 8:55am): 2024-05-13   9:00am          #2@2024-05-13  standup

        """,
      environment: ["CAL_TEST_NOW": "2024-05-13T09:30:00+02:00"])
    try cal.expect(
      ["remind", "--exec", "true"],
      prints: "Missed 2 reminders (5m before, due 2024-05-14 8:55am to 2024-05-15 8:55am): #2 standup\n",
      environment: ["CAL_TEST_NOW": "2024-05-16T08:56:00+02:00"])
  }

  @Test("what is under way, and show --agenda, on the clock")
  func underWayAndShow() throws {
    let cal = try day()
    defer { cal.remove() }
    try cal.expect(["list", "2024-05-15", "1pm"], prints: "Nothing under way at 1:00pm on 2024-05-15.\n")
    try cal.expect(
      ["list", "2024-05-15", "9am-12:30pm"], prints: "Nothing under way from 9:00am to 12:30pm on 2024-05-15.\n")
    try cal.expect(
      ["list", "mon", "11:45am", "--format", "{time} {title}"], prints: "all day trip\n11:30am-12:30pm lunch\n")
    let page = try cal.run(["show", "2024-05", "--agenda"])
    #expect(page.stdout.contains("\n2024-05-13  12:15am-12:30am  #5  snack\n"), "\(page.stdout)")
  }

  @Test("every time a 12-hour listing prints is read back by cal add and cal edit as the same moment")
  func roundTrip() throws {
    let cal = try day()
    defer { cal.remove() }
    let fields = "{id}|{start-time}|{end-time}|{start}|{end}"
    let lines = try cal.run(["list", "2024-05-13", "--format", fields]).stdout.split(separator: "\n")
    var checked = 0
    for line in lines {
      let parts = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
      // All day, and the night shift whose end is on the next day, give no span of one day.
      guard parts.count == 5, !parts[1].isEmpty, parts[4].hasPrefix("2024-05-13T") else { continue }
      let span = parts[1] == parts[2] ? parts[1] : parts[1] + "-" + parts[2]
      let added = try #require(
        try CalProcess.json(cal.run(["add", "2024-05-13", span, "copy", "--json"]).stdout) as? [String: Any],
        "\(span)")
      #expect(added["start"] as? String == parts[3] && added["end"] as? String == parts[4], "\(span): \(added)")
      let edited = try #require(
        try CalProcess.json(cal.run(["edit", parts[0], "--at", parts[1], "--tz", "local", "--json"]).stdout)
          as? [String: Any])
      #expect(edited["start"] as? String == parts[3], "--at \(parts[1]): \(edited)")
      checked += 1
    }
    #expect(checked == 6)
  }

  @Test("--time-format wins over the file, for one command; a bad value is refused before anything is read")
  func option() throws {
    let cal = try PinnedCal()
    defer { cal.remove() }
    try cal.setUp([["add", "2024-05-13", "x", "--at", "9:00"]])
    try cal.expect(["list", "mon", "--time-format", "12h"], prints: "2024-05-13   9:00am          #1  x\n")
    try cal.expect(["list", "mon", "--time-format=12H"], prints: "2024-05-13   9:00am          #1  x\n")
    try cal.expect(["list", "mon"], prints: "2024-05-13  09:00        #1  x\n")
    // The C locale's clock is the 24-hour one.
    try cal.expect(["list", "mon", "--time-format", "locale"], prints: "2024-05-13  09:00        #1  x\n")
    try configure("time-format = 12h\n", in: cal)
    try cal.expect(["list", "mon"], prints: "2024-05-13   9:00am          #1  x\n")
    try cal.expect(["list", "mon", "--time-format", "24h"], prints: "2024-05-13  09:00        #1  x\n")
    try cal.expect(["agenda", "mon", "--time-format", "24h"], prints: "Tomorrow (2024-05-13)\n  09:00        #1  x\n")
    // The file's clock holds for commands without the option.
    try cal.expect(["add", "2024-05-14", "y", "--at", "21:00"], prints: "Added: 2024-05-14   9:00pm          #2  y\n")
    for arguments in [
      ["list", "--time-format", "13h"], ["free", "--time-format", ""], ["search", "x", "--time-format", "ampm"],
    ] {
      let value = arguments.last ?? ""
      try cal.expectRefused(arguments, "--time-format: '\(value)' is not 24h, 12h or locale")
    }
    let unknown = try cal.run(["add", "2024-05-15", "z", "--time-format", "12h"])
    #expect(
      unknown.status == 64 && unknown.stderr.hasPrefix("Error: Unknown option '--time-format'"), "\(unknown.stderr)")
  }

  @Test("cal config sets, prints, lists and unsets time-format; a bad value is one error naming the values")
  func config() throws {
    let cal = try PinnedCal()
    defer { cal.remove() }
    func config(_ arguments: [String]) throws -> Subprocess.Result {
      try cal.process.run(["config"] + arguments, withDatabase: false, environment: PinnedCal.berlinSunday)
    }
    let path = cal.process.folder + "/.config/cal/config"
    #expect(try config(["time-format"]).stdout == "24h\n")
    #expect(try config(["time-format", "12h"]).stdout == "time-format    = 12h  (\(path):1)\n")
    #expect(try config(["time-format"]).stdout == "12h\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "time-format = 12h\n")
    #expect(try config([]).stdout.hasSuffix("time-format    = 12h  (\(path):1)\n"))
    let listing = try #require(try CalProcess.json(try config(["--json"]).stdout) as? [[String: Any]])
    let key = try #require(listing.first { $0["key"] as? String == "time-format" })
    #expect(key["value"] as? String == "12h" && key["file"] as? String == path && key["line"] as? Int == 1)
    for value in ["12", "am", "twelve", "12h-"] {
      let result = try config(["time-format", value])
      #expect(result.status == 64 && result.stdout.isEmpty, "\(value)")
      #expect(
        result.stderr.hasPrefix("Error: time-format: '\(value)' is not 24h, 12h or locale\n"), "\(result.stderr)")
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "time-format = 12h\n")
    #expect(try config(["--unset", "time-format"]).stdout == "time-format    = 24h  (default)\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "")
    // A bad value written by hand stops the commands with its line, and cal config can mend it.
    try "time-format = 12-hour\n".write(toFile: path, atomically: false, encoding: .utf8)
    let broken = try cal.run(["list"])
    #expect(
      broken.status == 1 && broken.stderr == "Error: \(path):1: time-format: '12-hour' is not 24h, 12h or locale\n")
    #expect(try config(["time-format", "locale"]).stdout == "time-format    = locale  (\(path):1)\n")
    #expect(try cal.run(["list"]).status == 0)
  }

  @Test(
    "locale: LC_TIME's clock, 12-hour in en_US and 24-hour in en_GB; without the key the 24-hour clock, whatever LC_TIME",
    .enabled(if: testLocales != nil, "localedef and the locales package are needed"))
  func locale() throws {
    let cal = try PinnedCal()
    defer { cal.remove() }
    let folder = try #require(testLocales)
    try cal.setUp([["add", "2024-05-13", "x", "--at", "9:00"]])
    func list(_ locale: String, _ extra: [String] = []) throws -> String {
      try cal.run(["list", "mon", "--format", "{time}"] + extra, environment: ["LANG": locale, "LOCPATH": folder])
        .stdout
    }
    #expect(try list("en_US.UTF-8") == "09:00\n")
    #expect(try list("en_US.UTF-8", ["--time-format", "locale"]) == "9:00am\n")
    try configure("time-format = locale\n", in: cal)
    #expect(try list("en_US.UTF-8") == "9:00am\n")
    #expect(try list("en_GB.UTF-8") == "09:00\n")
    #expect(try list("de_DE.UTF-8") == "09:00\n")
    #expect(try list("en_US.UTF-8", ["--time-format", "24h"]) == "09:00\n")
    // The key given wins over the locale's clock.
    try configure("time-format = 24h\n", in: cal)
    #expect(try list("en_US.UTF-8") == "09:00\n")
    try configure("time-format = 12h\n", in: cal)
    #expect(try list("en_GB.UTF-8") == "9:00am\n")
  }
}

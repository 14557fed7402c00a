import Foundation
import Testing

/// Output at the calendar's far end: an instant past 9999-12-31 (an event's end, free time to that day's end,
/// a reminder after the end) is written with four-digit years, which RFC 3339 and other programs' readers take,
/// as 9999's last second on the local clock.
final class YearEndOutputTests {
  let cal: PinnedCal

  init() throws {
    cal = try PinnedCal()
  }

  deinit {
    cal.remove()
  }

  @Test("an end past 9999 is 9999-12-31T23:59:59 in --json, {end}, free --json and a reminder's due")
  func endsPast9999() throws {
    try cal.expect(
      ["free", "9999-12-31", "--between", "23-24", "--json"],
      prints:
        #"[{"date":"9999-12-31","start":"9999-12-31T23:00:00+01:00","end":"9999-12-31T23:59:59+01:00","minutes":60}]"#
        + "\n")
    for command in [
      ["add", "9999-12-31", "late", "--at", "23:30", "--for", "1h", "--remind", "end"],
      ["add", "9999-12-31", "eve", "--remind", "end+1h"],
    ] {
      #expect(try cal.run(command).status == 0, "\(command)")
    }
    try cal.expect(
      ["list", "9999-12-31", "--format", "{start} {end} {end-time}"],
      prints:
        "9999-12-31 9999-12-31 \n9999-12-31T23:30:00+01:00 9999-12-31T23:59:59+01:00 00:30\n")
    let listed = try cal.run(["list", "9999-12-31", "--json"])
    let events = try #require(try CalProcess.json(listed.stdout) as? [[String: Any]])
    let fields = events.map { event in
      [event["start"], event["end"], (event["reminders"] as? [[String: Any]])?.first?["due"]].map { $0 as? String }
    }
    #expect(
      fields == [
        // The all-day event's reminder an hour after its end: 10:00 on the day after, past 9999 too (it was
        // 10:00 on its own day, before its end).
        ["9999-12-31", "9999-12-31", "9999-12-31T23:59:59+01:00"],
        ["9999-12-31T23:30:00+01:00", "9999-12-31T23:59:59+01:00", "9999-12-31T23:59:59+01:00"],
      ])
  }

  @Test(
    "an event that runs past 9999 or began before the year 1 is listed as going on there, not as ending or starting")
  func listedAtTheEdges() throws {
    for command in [
      ["add", "9999-12-31", "two days", "--at", "14:00", "--for", "2d"],
      ["add", "9999-12-31", "ten hours", "--at", "14:00", "--for", "10h"],
      ["add", "9999-12-31", "nine hours", "--at", "14:00", "--for", "9h"],
      // 00:30 in Tokyo (local mean time, +09:18:59) is 16:04 on the day before the year 1 in Berlin (+00:53:28).
      ["add", "0001-01-01", "over before", "--at", "00:30", "--tz", "Asia/Tokyo", "--for", "1h"],
      ["add", "0001-01-01", "into the year 1", "--at", "00:30", "--tz", "Asia/Tokyo", "--for", "20h"],
    ] {
      #expect(try cal.run(command).status == 0, "\(command)")
    }
    try cal.expect(
      ["list", "9999-12-31"],
      prints: """
        9999-12-31  14:00-...    #1  two days
        9999-12-31  14:00-00:00  #2  ten hours
        9999-12-31  14:00-23:00  #3  nine hours

        """)
    try cal.expect(
      ["list", "9999-12-31", "--time-format", "12h"],
      prints: """
        9999-12-31   2:00pm-...      #1  two days
        9999-12-31   2:00pm-12:00am  #2  ten hours
        9999-12-31   2:00pm-11:00pm  #3  nine hours

        """)
    // One wholly before the year 1 is held to its first day with its own times.
    try cal.expect(
      ["list", "0001-01-01"],
      prints: """
        0001-01-01  16:04-17:04  #4  over before
        0001-01-01  ...-12:04    #5  into the year 1

        """)
  }

  @Test("all-day events ending on 9999-12-31 export their length (no DTEND can follow) and import back whole")
  func allDayExportAtTheEnd() throws {
    for command in [["add", "9999-12-31", "eve"], ["add", "9999-12-29", "three", "--to", "9999-12-31"]] {
      #expect(try cal.run(command).status == 0, "\(command)")
    }
    let exported = try cal.run(["export"]).stdout
    let dates = exported.split(separator: "\r\n").filter {
      ($0.hasPrefix("DT") && !$0.hasPrefix("DTSTAMP")) || $0.hasPrefix("DUR")
    }
    #expect(dates == ["DTSTART;VALUE=DATE:99991231", "DURATION:P1D", "DTSTART;VALUE=DATE:99991229", "DURATION:P3D"])
    let file = cal.process.folder + "/end.ics"
    try exported.write(toFile: file, atomically: true, encoding: .utf8)
    let other = try PinnedCal()
    defer { other.remove() }
    #expect(try other.run(["import", file]).status == 0)
    try cal.expect(
      ["list", "9999-12-29..9999-12-31"], prints: try other.run(["list", "9999-12-29..9999-12-31"]).stdout)
  }
}

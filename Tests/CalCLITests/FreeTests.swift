import Foundation
import Testing

/// `cal free` through the built `cal` on a pinned clock: Sunday 12 May 2024, 10:00 in Berlin.
@Suite("Free time between events")
final class FreeTests {
  let cal: PinnedCal

  init() throws {
    cal = try PinnedCal()
  }

  deinit {
    cal.remove()
  }

  private func addEvents() throws {
    try cal.setUp([
      ["add", "today", "call", "--at", "9:30", "--for", "1h"],
      ["add", "tomorrow", "standup", "--at", "9:00", "--for", "15m", "--repeat", "weekdays"],
      ["add", "2024-05-13", "lunch", "--at", "12:00"],
      ["add", "2024-05-13", "offsite"],
      ["add", "2024-05-14", "night shift", "--at", "16:00", "--for", "18h"],
      ["calendar", "add", "work"],
      ["add", "2024-05-15", "review", "--at", "13:00", "--for", "1h", "--calendar", "work"],
    ])
  }

  @Test("free stretches by day: from now on, timed events of every calendar busy, all-day events and moments not")
  func stretches() throws {
    try addEvents()
    try cal.expect(
      ["free", "4"],
      prints: """
        Today (2024-05-12)
          10:30-17:00  6h30m
        Tomorrow (2024-05-13)
          09:15-17:00  7h45m
        Tuesday (2024-05-14)
          09:15-16:00  6h45m
        Wednesday (2024-05-15)
          10:00-13:00  3h
          14:00-17:00  3h

        """)
    try cal.expect(
      ["free", "2024-05-15", "--calendar", "personal", "--between", "8am-6:30pm", "--for", "4h"],
      prints: "Wednesday (2024-05-15)\n  10:00-18:30  8h30m\n")
    try cal.expect(
      ["free", "next", "week", "--on", "sat,sun", "--between", "22-24"],
      prints: "2024-05-19 (Sunday)\n  22:00-24:00  2h\n2024-05-25 (Saturday)\n  22:00-24:00  2h\n")
    try cal.expect(["free", "today", "--between", "20-midnight"], prints: "Today (2024-05-12)\n  20:00-24:00  4h\n")
    // Lengths in hours, never days: a whole day is 24h.
    try cal.expect(["free", "2024-05-18", "--between", "0-24"], prints: "Saturday (2024-05-18)\n  00:00-24:00  24h\n")
    try cal.expect(
      ["free", "2024-05-13..2024-05-17", "--on", "sat,sun"],
      prints: "No free time of 30m or more from 2024-05-13 through 2024-05-17 on sat,sun between 09:00 and 17:00.\n")
    // From the next whole minute.
    try cal.expect(
      ["free", "today", "--between", "9-17", "--for", "10m"], prints: "Today (2024-05-12)\n  16:43-17:00  17m\n",
      environment: ["CAL_TEST_NOW": "2024-05-12T16:42:05+02:00"])
    try cal.expect(
      ["free", "2024-05-14", "--between", "16-23"],
      prints: "No free time of 30m or more from 2024-05-14 through 2024-05-14 between 16:00 and 23:00.\n")
    let days = try #require(try CalProcess.json(cal.run(["free", "2024-05-15", "--json"]).stdout) as? [[String: Any]])
    #expect(days.map { $0["start"] as? String } == ["2024-05-15T10:00:00+02:00", "2024-05-15T14:00:00+02:00"])
    #expect(days.map { $0["end"] as? String } == ["2024-05-15T13:00:00+02:00", "2024-05-15T17:00:00+02:00"])
    #expect(days.map { $0["minutes"] as? Int } == [180, 180])
    #expect(days.map { $0["date"] as? String } == ["2024-05-15", "2024-05-15"])
    #expect(try cal.run(["free", "2024-05-14", "--between", "16-23", "--json"]).stdout == "[]\n")
  }

  @Test("hours, lengths, days and windows that cannot be used are refused, and nothing changes")
  func refused() throws {
    try addEvents()
    for (arguments, message) in [
      (["free", "--between", "17-9"], "--between 17-9: give the hours as 9-17, 8:30-18:00 or 9am-5pm: the end"),
      (["free", "--between", "9"], "--between 9: give the hours as 9-17"),
      (["free", "--between", "-5"], "--between -5: give the hours as 9-17"),
      (["free", "--between", "9-25"], "--between: '25' is not a time"),
      (["free", "--for", "0"], "--for: '0' is not a length"),
      (["free", "--on", "mon-frx"], "--on mon-frx: expected weekdays"),
      (["free", "yesterday"], "2024-05-11 is over: cal free looks from now on"),
      (["free", "--calendar", "nope"], "there is no calendar named 'nope'"),
    ] {
      let before = cal.process.snapshot()
      let result = try cal.run(arguments)
      #expect(result.status != 0 && result.stdout.isEmpty, "\(arguments)")
      #expect(result.stderr.hasPrefix("Error: \(message)"), "\(arguments): \(result.stderr)")
      #expect(cal.process.snapshot() == before, "\(arguments)")
    }
  }
}

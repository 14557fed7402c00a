import Foundation
import Testing

/// `--format` and `--limit` on list, agenda and search, through the built `cal` on a pinned clock: Sunday
/// 12 May 2024, 10:00 in Berlin.
@Suite("Listings in the user's own format, and at most N events")
final class ListingFormatTests {
  let cal: PinnedCal

  init() throws {
    cal = try PinnedCal()
  }

  deinit {
    cal.remove()
  }

  private func addEvents() throws {
    try cal.setUp([
      ["add", "today", "birthday"],
      ["add", "today", "call", "--at", "9:30", "--for", "1h", "--location", "Room 4", "--note", "line 1\nline 2"],
      ["add", "tomorrow", "standup", "--at", "9:00", "--for", "15m", "--repeat", "weekdays"],
      ["add", "2024-05-14", "night \u{1B}[31mshift", "--at", "22:00", "--for", "6h"],
    ])
  }

  @Test("every field, the format's braces and escapes, and control characters kept out of the fields")
  func fields() throws {
    try addEvents()
    try cal.expect(
      [
        "list", "2024-05-12..2024-05-15", "--format",
        "{date} {weekday}|{time}|{start-time}|{end-time}|{handle}|{title}",
      ],
      prints: """
        2024-05-12 Sunday|all day|||1|birthday
        2024-05-12 Sunday|09:30-10:30|09:30|10:30|2|call
        2024-05-13 Monday|09:00-09:15|09:00|09:15|3@2024-05-13|standup
        2024-05-14 Tuesday|09:00-09:15|09:00|09:15|3@2024-05-14|standup
        2024-05-14 Tuesday|22:00-...|22:00|04:00|4|night ^[[31mshift
        2024-05-15 Wednesday|...-04:00|22:00|04:00|4|night ^[[31mshift
        2024-05-15 Wednesday|09:00-09:15|09:00|09:15|3@2024-05-15|standup

        """)
    try cal.expect(
      ["list", "today", "--format", "{id}\\t{start} {end} {{{calendar}}} {location}{running}\\n{note}"],
      prints: "1\t2024-05-12 2024-05-12 {personal} \n\n"
        + "2\t2024-05-12T09:30:00+02:00 2024-05-12T10:30:00+02:00 {personal} Room 4*\nline 1\nline 2\n")
    try cal.expect(
      ["list", "2024-05-13", "--format", "{repeat} \\\\ \\x"], prints: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR \\ \\x\n")
    // A format prints nothing for no events: a status bar shows an empty line, not a sentence.
    try cal.expect(["list", "2024-07-06", "--format", "{title}"], prints: "")
    try cal.expect(["agenda", "2024-07-06", "--format", "{title}"], prints: "")
  }

  @Test("agenda with a format has no headings; --limit stops list, agenda and search, also in JSON")
  func limits() throws {
    try addEvents()
    try cal.expect(
      ["next", "-n", "2", "--format", "{start-time} {title}{running}"], prints: " birthday\n09:30 call*\n")
    try cal.expect(
      ["agenda", "--limit", "2", "--format", "{date} {title}"], prints: "2024-05-12 birthday\n2024-05-12 call\n")
    try cal.expect(["list", "2024-05", "-n", "1"], prints: "2024-05-12  all day      #1  birthday\n")
    // Search lists newest first: its first is the latest.
    try cal.expect(["search", "i", "-n", "1", "--format", "{title}"], prints: "night ^[[31mshift\n")
    let days = try #require(try CalProcess.json(cal.run(["agenda", "--json", "-n", "3"]).stdout) as? [[String: Any]])
    #expect(days.map { ($0["events"] as? [Any])?.count } == [2, 1])
    let listed = try #require(try CalProcess.json(cal.run(["list", "2024-05", "--json", "-n", "4"]).stdout) as? [Any])
    #expect(listed.count == 4)
  }

  @Test("a format or a limit that cannot be read is refused before the calendar is opened")
  func refused() throws {
    try addEvents()
    try cal.expectRefused(["list", "--format", "{nope}"], "--format: '{nope}' is not a field: the fields are {date}, ")
    try cal.expectRefused(["agenda", "--format", "{title"], "--format: '{title' is not closed")
    try cal.expectRefused(
      ["search", "x", "--format", "a}b"], "--format: a '}' that closes no field: write }} for a brace")
    try cal.expectRefused(["list", "--format", "{\u{1B}]0;x\u{7}}"], "--format: '{^[]0;x^G}' is not a field")
    try cal.expectRefused(["list", "--json", "--format", "{title}"], "give --json or --format, not both")
    for limit in ["0", "-1", "x", "99999999999999999999"] {
      try cal.expectRefused(["list", "--limit", limit], "'\(limit)' is not a valid limit")
    }
  }
}

import CalCore
import Foundation
import Testing

@testable import CalCLI

/// `cal edit ID --calendar NAME`: an event, or a series with its edited occurrences, moves to another
/// calendar, through the built `cal` on a pinned clock.
@Suite("Moving events between calendars")
final class MoveBetweenCalendarsTests {
  let cal: PinnedCal

  init() throws {
    cal = try PinnedCal()
  }

  deinit {
    cal.remove()
  }

  @Test("a series moves with its edited occurrences, one undo brings it back, and the log says where it went")
  func seriesMoves() throws {
    try cal.setUp([
      ["calendar", "add", "work"],
      ["add", "2024-05-13", "standup", "--at", "10:00", "--repeat", "weekly"],
      ["edit", "1@2024-05-20", "--title", "late standup", "--at", "11:00"],
      ["add", "2024-05-14", "dentist"],
    ])
    try cal.expect(
      ["edit", "1", "--calendar", "WORK"],
      prints: "Changed (in the calendar 'work'): 2024-05-13  10:00        #1@2024-05-13  standup\n"
        + "            repeats weekly\n")
    try cal.expect(
      ["list", "2024-05-13..2024-05-21", "--calendar", "work"],
      prints: "2024-05-13  10:00        #1@2024-05-13  standup\n2024-05-20  11:00        #2  late standup\n")
    try cal.expect(
      ["list", "2024-05-13..2024-05-21", "--calendar", "personal"], prints: "2024-05-14  all day      #3  dentist\n")
    #expect(
      try cal.run(["log", "-n", "1"]).stdout.hasSuffix("changed #1 standup and moved it to the calendar 'work'\n"))
    try cal.expect(["calendar", "list"], prints: "personal  1 event   local\nwork      1 event   local\n")
    #expect(try cal.run(["undo"]).status == 0)
    try cal.expect(
      ["list", "2024-05-13..2024-05-21", "--calendar", "work"], prints: "No events from 2024-05-13 to 2024-05-21.\n")
    try cal.expect(["calendar", "list"], prints: "personal  2 events  local\nwork      0 events  local\n")
  }

  @Test("the part of a series from a day on moves when it is split off; the first part stays")
  func splitPartMoves() throws {
    try cal.setUp([
      ["calendar", "add", "work"], ["add", "2024-05-13", "standup", "--at", "10:00", "--repeat", "weekly"],
    ])
    let split = try cal.run(["edit", "1", "--on", "2024-05-27", "--from-here", "--at", "9:00", "--calendar", "work"])
    #expect(split.status == 0, "\(split.stderr)")
    try cal.expect(
      ["list", "2024-05-13..2024-06-03", "--format", "{date} {start-time} {calendar}"],
      prints: "2024-05-13 10:00 personal\n2024-05-20 10:00 personal\n2024-05-27 09:00 work\n2024-06-03 09:00 work\n")
  }

  @Test("what cannot move is refused, naming the way, and nothing changes")
  func refusals() throws {
    try cal.setUp([
      ["calendar", "add", "work"],
      ["add", "2024-05-13", "standup", "--at", "10:00", "--repeat", "weekly"],
      ["edit", "1@2024-05-20", "--title", "late standup"],
      ["add", "2024-05-14", "dentist"],
    ])
    try cal.expectRefused(
      ["edit", "1@2024-05-27", "--calendar", "work"],
      "one occurrence cannot move to another calendar: move the series (cal edit 1 --calendar NAME), or this and "
        + "the following occurrences (--on 2024-05-27 --from-here)")
    try cal.expectRefused(
      ["edit", "2", "--calendar", "work"],
      "event #2 is an occurrence of the series #1, which it stays with: move the series (cal edit 1 --calendar NAME)")
    try cal.expectRefused(["edit", "3", "--calendar", " "], "the option '--calendar <name>' needs a calendar's name")
    let unknown = try cal.run(["edit", "3", "--calendar", "nope"])
    #expect(
      unknown.status != 0 && unknown.stderr == "Error: there is no calendar named 'nope' (calendars: personal, work)\n")
  }

  /// A file `name`.ics in the test's folder holding one VEVENT of `lines`; its path.
  private func calendarFile(_ name: String, _ lines: [String]) throws -> String {
    let path = cal.process.folder + "/\(name).ics"
    try (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x", "BEGIN:VEVENT"] + lines + ["END:VEVENT", "END:VCALENDAR", ""])
      .joined(separator: "\r\n").write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test("an event cannot move to a calendar that holds its UID")
  func sameUID() throws {
    let file = try calendarFile(
      "one", ["UID:same@example.com", "DTSTAMP:20240101T000000Z", "DTSTART;VALUE=DATE:20240514", "SUMMARY:dentist"])
    try cal.setUp([["calendar", "add", "work"], ["import", file], ["import", file, "--calendar", "work"]])
    try cal.expectRefused(
      ["edit", "1", "--calendar", "work"],
      "the calendar 'work' already holds an event with the same UID as #1: #2 dentist; remove one of them first")
  }

  @Test("a series and an edited occurrence of it kept apart (an invitation) do not move into one calendar")
  func seriesAndItsLinkedOccurrence() throws {
    let series = try calendarFile(
      "series", ["UID:standup@example.com", "DTSTART:20240513T090000", "RRULE:FREQ=DAILY;COUNT=5", "SUMMARY:standup"])
    let invitation = try calendarFile(
      "invitation",
      ["UID:standup@example.com", "RECURRENCE-ID:20240514T090000", "DTSTART:20240514T110000", "SUMMARY:late standup"])
    try cal.setUp([["calendar", "add", "work"], ["import", series, "--calendar", "work"], ["import", invitation]])
    try cal.expectRefused(
      ["edit", "1", "--calendar", "personal"],
      "the calendar 'personal' holds #2 late standup, an edited occurrence of #1; remove one of them first")
    try cal.expectRefused(
      ["edit", "2", "--calendar", "work"],
      "the calendar 'work' holds the series #1 standup that #2 is an edited occurrence of; remove one of them first")
  }

  @Test("an extra date (RDATE) after the day a series is split goes with the part that moves")
  func extraDateGoesWithTheSplitPart() throws {
    let file = try calendarFile(
      "series",
      [
        "UID:standup@example.com", "DTSTART:20240513T090000", "RRULE:FREQ=DAILY;COUNT=5",
        "RDATE:20240520T090000,20240511T090000", "SUMMARY:standup",
      ])
    try cal.setUp([["calendar", "add", "work"], ["import", file]])
    #expect(try cal.run(["edit", "1", "--on", "2024-05-16", "--from-here", "--calendar", "work"]).status == 0)
    try cal.expect(
      ["list", "2024-05-11..2024-05-21", "--format", "{date} {calendar}"],
      prints: "2024-05-11 personal\n2024-05-13 personal\n2024-05-14 personal\n2024-05-15 personal\n"
        + "2024-05-16 work\n2024-05-17 work\n2024-05-20 work\n")
    let work = try cal.run(["export", "--calendar", "work"]).stdout
    #expect(work.contains("RDATE;TZID=Europe/Berlin:20240520T090000"), "\(work)")
  }

  @Test("the confirmation names the calendar as it is called, whatever the case typed")
  func calendarNamedAsItIs() throws {
    try cal.setUp([["calendar", "add", "Work"], ["add", "2024-05-14", "dentist"]])
    try cal.expect(
      ["edit", "1", "--calendar", "WORK"],
      prints: "Changed (in the calendar 'Work'): 2024-05-14  all day      #1  dentist\n")
  }

  @Test("the page's edit form, which changes an event's fields alone, refuses --calendar")
  func pageRefusesMoving() throws {
    let context = CommandContext(
      now: { 1_715_508_000_000 }, environment: [:], outputIsTerminal: false, output: TextOutput(sink: { _, _ in nil }))
    let fields = EventFields(title: "x", schedule: EventSchedule(startDay: try CivilDate(parsing: "2024-05-12")))
    #expect(throws: UsageError.self) { try EditCommand.change(fields, by: ["--calendar", "work"], context: context) }
  }
}

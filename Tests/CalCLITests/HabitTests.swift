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

  @Test("add TITLE :: NOTE, khal's description, is the note; with --note too it is refused")
  func noteAfterColons() throws {
    try cal.expect(
      ["add", "fri", "9:00", "doctor", "::", "bring", "the", "card"],
      prints: "Added: 2024-05-17  09:00        #1  doctor\n")
    try cal.expect(["list", "fri"], prints: "2024-05-17  09:00        #1  doctor\n            bring the card\n")
    try cal.expectRefused(
      ["add", "fri", "doctor", "::", "card", "--note", "x"], "a note after :: and --note: give one of them")
    try cal.expectRefused(["add", "fri", "::", "card"], "The title is empty")
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
}

import Testing

/// `cal list now` and `cal list DAY TIME[-TIME]`: what is under way at a moment, as khal's `at` tells it,
/// through the built `cal` on a pinned clock (Sunday 12 May 2024, 10:00 in Berlin).
@Suite("Listing what is under way")
final class ListUnderWayTests {
  let cal: PinnedCal

  init() throws {
    cal = try PinnedCal()
    try cal.setUp([
      ["add", "today", "holiday"],
      ["add", "today", "9:00-11:00", "workshop"],
      ["add", "today", "10:00", "call"],
      ["add", "today", "11:00-12:00", "lunch"],
      ["add", "yesterday", "23:00", "--for", "12h", "night shift"],
      ["add", "tomorrow", "9:00-9:15", "standup", "--repeat", "daily"],
    ])
  }

  deinit {
    cal.remove()
  }

  @Test("now: the day's all-day events, what began and has not ended, and a moment that is now")
  func now() throws {
    try cal.expect(
      ["list", "now"],
      prints: """
        2024-05-12  all day      #1  holiday
        2024-05-12  ...-11:00    #5  night shift
        2024-05-12  09:00-11:00  #2  workshop
        2024-05-12  10:00        #3  call

        """)
    try cal.expect(["list", "NOW", "--format", "{title}", "-n", "1"], prints: "holiday\n")
  }

  @Test("a day and a time: an event ending then is over, one starting then is under way")
  func dayAndTime() throws {
    try cal.expect(
      ["list", "today", "11:00"],
      prints: """
        2024-05-12  all day      #1  holiday
        2024-05-12  11:00-12:00  #4  lunch

        """)
    try cal.expect(["list", "mon", "9:10am"], prints: "2024-05-13  09:00-09:15  #6@2024-05-13  standup\n")
    try cal.expect(["list", "tue", "3am"], prints: "Nothing under way at 03:00 on 2024-05-14.\n")
  }

  @Test("two times: what is under way at some moment between them, the second not included")
  func span() throws {
    try cal.expect(
      ["list", "2024-05-12", "10:30-11:00"],
      prints: """
        2024-05-12  all day      #1  holiday
        2024-05-12  ...-11:00    #5  night shift
        2024-05-12  09:00-11:00  #2  workshop

        """)
  }

  @Test("a last word that is a bare hour is the day's; a time that is none is refused")
  func notTimes() throws {
    try cal.expect(["list", "may", "9"], prints: "No events on 2024-05-09.\n")
    try cal.expectRefused(["list", "fri", "25:00"], "'25:00' is not a time: hours are 00 to 23")
    try cal.expectRefused(["list", "today", "11:00-10:00"], "'11:00-10:00'")
    try cal.expectRefused(["list", "someday", "10:00"], "'someday' is not a day")
    try cal.expectRefused(["list", "now", "--from", "today"], "give a day, month or range, or --from and --to")
  }
}

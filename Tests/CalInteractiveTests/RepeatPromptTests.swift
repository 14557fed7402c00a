import CalCore
import Testing

@testable import CalCLI
@testable import CalInteractive

/// The edit form's repeat prompt: prefilled with words only when `cal edit` reads them back as the very same
/// rule, else with the rule's RRULE text, so that Enter (or an edit of another part) loses nothing.
@Suite("The edit form's repeat prompt")
struct RepeatPromptTests {
  let context = CommandContext(
    now: { 1_715_508_000_000 }, environment: [:], outputIsTerminal: false, output: TextOutput(sink: { _, _ in nil }))

  /// Checks that `rule` on a series starting on `start` is prefilled as `words` (`nil`: as `rrule RULE`), and
  /// that the prefilled answer, sent as the form sends it, gives back the same rule.
  private func check(
    _ text: String, start: String, _ words: String?, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let rule = try RecurrenceRule(parsing: text)
    let fields = EventFields(title: "x", schedule: EventSchedule(startDay: try CivilDate(parsing: start), rule: rule))
    let form = EditForm(
      target: EditForm.Target(id: 1, occurrence: nil, fromHere: false), zone: .utc, fields: fields,
      edit: { [context] fields, words in try EditCommand.change(fields, by: words, context: context) })
    let field = try #require(form.lines.first { $0.key == "r" }, sourceLocation: sourceLocation)
    #expect(field.value == words ?? "rrule \(rule)", sourceLocation: sourceLocation)
    let sent = try field.words(field.value)
    #expect(
      try EditCommand.change(fields, by: sent, context: context).schedule.rule == rule, "sent as \(sent)",
      sourceLocation: sourceLocation)
  }

  @Test("every part of a rule survives the prompt: words where they say it all, RRULE text elsewhere")
  func roundTrip() throws {
    // 2024-05-12 is a Sunday.
    try check("FREQ=DAILY", start: "2024-05-12", "daily")
    try check("FREQ=DAILY;INTERVAL=3;COUNT=10", start: "2024-05-12", "daily every 3, 10 times")
    // An imported rule whose UNTIL is before the start is shown as it is; sent back, it is refused, as
    // cal edit --rrule refuses it (such a series never happens).
    let never = EventFields(
      title: "x",
      schedule: EventSchedule(
        startDay: try CivilDate(parsing: "2024-05-12"), rule: try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20240501")))
    let form = EditForm(
      target: EditForm.Target(id: 1, occurrence: nil, fromHere: false), zone: .utc, fields: never,
      edit: { [context] fields, words in try EditCommand.change(fields, by: words, context: context) })
    let field = try #require(form.lines.first { $0.key == "r" })
    #expect(field.value == "rrule FREQ=DAILY;UNTIL=20240501")
    #expect(throws: UsageError.self) {
      try EditCommand.change(never, by: try field.words(field.value), context: context)
    }
    try check("FREQ=DAILY;BYDAY=MO,TU", start: "2024-05-13", nil)
    try check("FREQ=WEEKLY", start: "2024-05-12", "weekly")
    try check("FREQ=WEEKLY;UNTIL=20241231;BYDAY=SU,WE", start: "2024-05-12", "weekly on sun,wed until 2024-12-31")
    try check("FREQ=WEEKLY;BYDAY=MO", start: "2024-05-12", nil)  // a start out of step, as imported
    try check("FREQ=WEEKLY;BYDAY=1SU", start: "2024-05-12", nil)
    try check("FREQ=WEEKLY;WKST=SU", start: "2024-05-12", nil)
    try check("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,TU;WKST=SU", start: "2024-05-12", nil)
    try check("FREQ=MONTHLY;BYDAY=2SU", start: "2024-05-12", "monthly on 2nd-sun")
    try check("FREQ=MONTHLY;BYDAY=-3SU", start: "2024-05-12", "monthly on 3rd-last-sun")
    try check("FREQ=MONTHLY;BYDAY=5SU", start: "2024-06-30", "monthly on 5th-sun")
    try check("FREQ=MONTHLY;BYDAY=-5SU", start: "2024-06-02", "monthly on 5th-last-sun")
    try check(
      "FREQ=MONTHLY;INTERVAL=100000;COUNT=2147483647;BYDAY=-1FR", start: "2024-05-31",
      "monthly every 100000 on last-fri, 2147483647 times")
    try check("FREQ=MONTHLY;BYDAY=SU", start: "2024-05-12", nil)  // every Sunday of the month
    try check("FREQ=MONTHLY;BYMONTHDAY=12,-1", start: "2024-05-12", "monthly on 12,last")
    try check("FREQ=MONTHLY;BYMONTHDAY=-20", start: "2024-05-12", "monthly on 20th-last")
    try check("FREQ=MONTHLY;BYMONTHDAY=12;BYDAY=2SU", start: "2024-05-12", nil)
    try check("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", start: "2024-05-31", nil)
    try check("FREQ=YEARLY", start: "2024-05-12", "yearly")
    try check("FREQ=YEARLY;INTERVAL=4;UNTIL=20400229", start: "2024-02-29", "yearly every 4 until 2040-02-29")
    try check("FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", start: "2024-03-31", nil)
    try check("FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=12", start: "2024-05-12", nil)
    try check("FREQ=YEARLY;BYDAY=20SU", start: "2024-05-19", nil)
    try check("FREQ=YEARLY;BYMONTH=5;BYDAY=SU;BYSETPOS=2,-1;WKST=SU", start: "2024-05-12", nil)
  }

  @Test("an answer of RRULE text is sent whole as --rrule")
  func rruleAnswer() throws {
    #expect(try EditForm.repeatWords("rrule FREQ=YEARLY;BYMONTH=3") == ["--rrule=FREQ=YEARLY;BYMONTH=3"])
    #expect(try EditForm.repeatWords("RRULE:FREQ=DAILY") == ["--rrule=RRULE:FREQ=DAILY"])
    #expect(try EditForm.repeatWords("FREQ=DAILY;COUNT=2") == ["--rrule=FREQ=DAILY;COUNT=2"])
    #expect(throws: PageInputError.self) { try EditForm.repeatWords("rrule") }
  }
}

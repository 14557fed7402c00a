import CalCore
import CalService
import Testing

@testable import CalCLI
@testable import CalInteractive

/// The edit form's answers are sent to `cal edit` as options: an answer that reads as an option is the text
/// it is, not an option written where the value was left out.
@Suite("The edit form's answers")
struct EditFormAnswerTests {
  let context = CommandContext(
    now: { 1_715_508_000_000 }, environment: [:], outputIsTerminal: false, output: TextOutput(sink: { _, _ in nil }))

  @Test("a title --help, a location --db, a note -h are taken as written")
  func answersLikeOptions() throws {
    let day = try CivilDate(parsing: "2024-05-12")
    let fields = EventFields(
      title: "x", schedule: EventSchedule(startDay: day, startTime: TimeOfDay(minutes: 600), lengthMinutes: 30))
    let form = EditForm(
      target: EditForm.Target(id: 1, occurrence: nil, fromHere: false), zone: .utc, fields: fields,
      edit: { [context] fields, words in try EditCommand.change(fields, by: words, context: context) })
    for (key, answer) in [("t", "--help"), ("o", "--db=other.db"), ("n", "--note"), ("n", "-h")] {
      let field = try #require(form.lines.first { $0.key == Character(key) })
      let changed = try EditCommand.change(fields, by: try field.words(answer), context: context)
      let value = key == "t" ? changed.title : key == "o" ? changed.location : changed.note
      #expect(value == answer, "\(key): \(answer)")
    }
  }

  @Test("a title with spaces at its ends (imported), its prompt left as it was, is not changed")
  func answerLeftAsItWas() throws {
    let page = try PageFixture()
    let day = try CivilDate(parsing: "2024-05-12")
    _ = try page.service.add(
      EventFields(title: "  padded  ", schedule: EventSchedule(startDay: day, startTime: TimeOfDay(minutes: 600))))
    page.session.refresh()
    for key in [Key.character("e"), .character("t"), .enter] { try page.session.handle(.key(key)) }
    let screen = page.screen().joined(separator: "\n")
    #expect(screen.contains("Title"), "\(screen)")
    #expect(!screen.contains("Changed"), "\(screen)")
  }
}

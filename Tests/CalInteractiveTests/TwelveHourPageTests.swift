import CalCore
import CalService
import Testing

@testable import CalCLI
@testable import CalInteractive

/// The interactive page on the 12-hour clock (`time-format = 12h`): the agenda's lines, the day cells, the
/// week view's hours and the search results, and the edit form's prefilled times, which `cal edit` reads
/// back as the same times.
@Suite("The page on the 12-hour clock")
struct TwelveHourPageTests {
  private static let twelveHour = CalendarLocale.english.writingTimes(on: .twelveHour)

  /// A page on Sunday 12 May 2024 (UTC) on the 12-hour clock, with a morning, a noon, an afternoon and a
  /// night event.
  private func page(rows: Int = 24, columns: Int = 80) throws -> PageFixture {
    let page = try PageFixture(rows: rows, columns: columns, locale: Self.twelveHour)
    let day = try CivilDate(parsing: "2024-05-12")
    for (title, minutes, length) in [
      ("breakfast", 9 * 60 + 30, 30), ("bells", 12 * 60, nil), ("dentist", 14 * 60 + 30, 45), ("late", 23 * 60, 120),
    ] as [(String, Int, Int?)] {
      let schedule = EventSchedule(startDay: day, startTime: TimeOfDay(minutes: minutes), lengthMinutes: length)
      _ = try page.service.add(EventFields(title: title, schedule: schedule))
    }
    page.session.refresh()
    return page
  }

  @Test("the agenda's times in a column as wide as 12:30pm-12:45pm, hours lined up; the cells' start times")
  func agendaAndCells() throws {
    let page = try page()
    let screen = page.screen()
    for line in [
      "  9:30am-10:00am breakfast", " 12:00pm         bells", "  2:30pm-3:15pm  dentist", " 11:00pm-…       late",
    ] {
      #expect(screen.contains(line), "\(line):\n\(screen.joined(separator: "\n"))")
    }
    #expect(screen.contains { $0.hasPrefix("9:30am br…") }, "\(screen.joined(separator: "\n"))")
    // The next day, the night goes on to 1:00am.
    try page.session.handle(.key(.character("l")))
    #expect(page.screen().contains(" …-1:00am        late"), "\(page.screen().joined(separator: "\n"))")
  }

  @Test("the week view's hours on the 12-hour clock, its events' start times too")
  func week() throws {
    let page = try page(rows: 24, columns: 100)
    try page.session.handle(.key(.character("w")))
    let screen = page.screen()
    #expect(screen.contains { $0.hasPrefix(" 9:00am 9:30am bre") }, "\(screen.joined(separator: "\n"))")
    #expect(screen.contains { $0.hasPrefix("12:00pm 12:00pm b") }, "\(screen.joined(separator: "\n"))")
    #expect(screen.contains { $0.hasPrefix(" 2:00pm 2:30pm den") }, "\(screen.joined(separator: "\n"))")
  }

  @Test("search results carry the day and the time column")
  func search() throws {
    let page = try page()
    try page.session.handle(.key(.character("/")))
    for character in "dent" { try page.session.handle(.key(.character(character))) }
    try page.session.handle(.key(.enter))
    let screen = page.screen()
    #expect(
      screen.contains { $0.contains("2024-05-12   2:30pm-3:15pm   dentist") }, "\(screen.joined(separator: "\n"))")
  }

  @Test("the edit form prefills 12-hour times, and sent back unchanged they change nothing")
  func editForm() throws {
    let context = CommandContext(
      locale: Self.twelveHour, now: { 1_715_508_000_000 }, environment: [:], outputIsTerminal: false,
      output: TextOutput(sink: { _, _ in nil }))
    let edit = { (fields: EventFields, words: [String]) in try EditCommand.change(fields, by: words, context: context) }
    let day = try CivilDate(parsing: "2024-05-12")
    let timed = EventFields(
      title: "x",
      schedule: EventSchedule(startDay: day, startTime: TimeOfDay(minutes: 12 * 60 + 15), lengthMinutes: 30),
      reminders: [Reminder(.at(unixSeconds: 1_715_515_200))])  // 2024-05-12 12:00 UTC
    let allDay = EventFields(
      title: "y", schedule: EventSchedule(startDay: day),
      reminders: [Reminder(.start(offsetSeconds: -86_400), allDayTime: TimeOfDay(minutes: 0))])
    let cases: [(EventFields, Character, String)] = [
      (timed, "i", "12:15pm"), (timed, "m", "2024-05-12 12:00pm"), (allDay, "f", "12:00am"),
    ]
    for (fields, key, value) in cases {
      let form = EditForm(
        target: EditForm.Target(id: 1, occurrence: nil, fromHere: false), zone: .utc, clock: .twelveHour,
        fields: fields, edit: edit)
      let field = try #require(form.lines.first { $0.key == key })
      #expect(field.value == value)
      let sent = try field.words(field.value)
      #expect(try edit(fields, sent) == fields, "\(key): sent as \(sent)")
    }
  }
}

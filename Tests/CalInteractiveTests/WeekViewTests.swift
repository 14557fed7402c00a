import CalCore
import CalService
import Testing

@testable import CalInteractive

@Suite("The week view, composed")
struct WeekViewTests {
  /// A page on Sunday 12 May 2024 (UTC) with timed events added, in the week view.
  private func week(rows: Int, columns: Int, _ events: [(day: String, title: String, minutes: Int, length: Int?)])
    throws -> PageFixture
  {
    let page = try PageFixture(rows: rows, columns: columns)
    for event in events {
      let schedule = EventSchedule(
        startDay: try CivilDate(parsing: event.day), startTime: TimeOfDay(minutes: event.minutes),
        lengthMinutes: event.length)
      _ = try page.service.add(EventFields(title: event.title, schedule: schedule))
    }
    page.session.refresh()
    try page.session.handle(.key(.character("w")))
    return page
  }

  @Test(
    "no timed event of the week is left out: the hours shown are where most start, the rest on the nearest row",
    arguments: [(24, 80), (12, 60)])
  func everyEventShows(rows: Int, columns: Int) throws {
    let page = try week(
      rows: rows, columns: columns,
      [
        ("2024-05-12", "early", 7 * 60, nil), ("2024-05-12", "late", 20 * 60, nil),
        ("2024-05-14", "night", 23 * 60 + 30, 120),
      ])
    let screen = page.screen()
    let hours = screen[3..<(rows - 1)].joined(separator: "\n")
    for title in ["ea", "la", "ni", "… "] {
      #expect(hours.contains(title), "\(title):\n\(screen.joined(separator: "\n"))")
    }
  }

  @Test("the selected event is always in sight at its own hour")
  func selectedShows() throws {
    let page = try week(
      rows: 12, columns: 80, [("2024-05-12", "early", 6 * 60, nil), ("2024-05-12", "late", 22 * 60, nil)])
    #expect(page.screen().contains { $0.hasPrefix("06:00 06:00 ea") }, "\(page.screen().joined(separator: "\n"))")
    try page.session.handle(.key(.tab))
    #expect(page.screen().contains { $0.hasPrefix("22:00 22:00 la") }, "\(page.screen().joined(separator: "\n"))")
  }
}

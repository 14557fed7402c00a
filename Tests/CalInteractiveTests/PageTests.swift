import CalCore
import CalService
import Foundation
import Testing

@testable import CalInteractive

@Suite("The page, composed")
struct PageTests {
  @Test("the month page shows the days, the events by time, the agenda and the status line")
  func monthPage() throws {
    let page = try PageFixture()
    let day = try CivilDate(parsing: "2024-05-12")
    _ = try page.service.add(
      EventFields(
        title: "dentist", schedule: EventSchedule(startDay: day, startTime: TimeOfDay(minutes: 870), lengthMinutes: 45))
    )
    page.session.refresh()
    let screen = page.screen()
    #expect(screen[0].contains("May 2024"))
    #expect(screen.contains { $0.contains("14:30-15:15 dentist") })
    #expect(screen[23].hasPrefix("n/p or drag a corner: turn"))
  }

  @Test("today is read again at every redraw: a page left open across midnight marks the new day")
  func midnight() throws {
    let page = try PageFixture()
    #expect(page.screen().contains { $0.hasPrefix("12 today") })
    page.clock.now += 14 * 3_600_000  // 2024-05-13 00:00 UTC
    page.session.refresh()
    let screen = page.screen()
    #expect(screen.contains { $0.contains("13 today") } && !screen.contains { $0.contains("12 today") })
  }

  @Test("too small a screen shows one line saying so, and nothing else")
  func tooSmall() throws {
    let page = try PageFixture(rows: 11, columns: 80)
    let screen = page.screen()
    #expect(screen[0].hasPrefix("Too small for the calendar: 40×12 needed, this is 80×11."))
    #expect(screen.dropFirst().allSatisfy { $0.isEmpty })
  }

  @Test("a turn's frames keep their schedule: a frame drawn late is followed by the next one on time")
  func frameSchedule() throws {
    let page = try PageFixture()
    page.clock.monotonic = 1000
    _ = page.screen()
    try page.session.handle(.key(.character("n")))
    #expect(page.session.frameWait(at: 1000) == TurnAnimation.frameMilliseconds)
    // The frame due at 1000 took 10 ms to compose and write: the next is due at 1025, 15 ms on.
    #expect(page.session.frameWait(at: 1010) == 15)
    #expect(page.session.frameWait(at: 1031) == 19)
    // Late past a whole frame: the one missed is skipped, not drawn in a burst to catch up.
    #expect(page.session.frameWait(at: 1060) == 15)
    // The last frame, the new page alone, comes at the end whatever the schedule.
    #expect(page.session.frameWait(at: 1000 + TurnAnimation.durationMilliseconds - 5) == 5)
    #expect(page.session.frameWait(at: 1000 + TurnAnimation.durationMilliseconds) == 0)
  }

  @Test("a day cell too narrow for “+2 more” says “+2”, not a cut word")
  func narrowMore() throws {
    let page = try PageFixture(rows: 40, columns: 40)
    let day = try CivilDate(parsing: "2024-05-30")
    for title in ["v", "w", "x", "y", "z"] {
      _ = try page.service.add(EventFields(title: title, schedule: EventSchedule(startDay: day)))
    }
    page.session.refresh()
    let screen = page.screen()
    #expect(
      screen.contains { $0.hasSuffix("  +2") } && !screen.contains { $0.contains("+2 m") },
      "\(screen.joined(separator: "\n"))")
  }
}

import CalCore
import CalService
import Foundation
import Testing

@testable import CalInteractive

/// The page composed in memory over a real calendar file, at a pinned instant, in UTC.
final class PageFixture {
  let folder: String
  let service: CalendarService
  let session: PageSession

  init(rows: Int = 24, columns: Int = 80) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("cal-page-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // 2024-05-12 10:00 UTC.
    let environment = ServiceEnvironment(now: { 1_715_508_000_000 }, localZone: .utc, zones: .none())
    service = try CalendarService.open(
      CalendarLocation(path: folder + "/cal.db", isDefault: false), for: .write, environment: environment)
    session = PageSession(
      calendar: service, locale: .english, palette: Palette(colors: true), animates: true, monotonic: { 0 },
      fault: nil)
    session.resize(rows: rows, columns: columns)
    session.refresh()
  }

  deinit {
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// The screen's text, one string per row, trailing spaces removed.
  func screen() -> [String] {
    let canvas = session.frame(at: 10_000).0
    return (0..<canvas.rows).map { row in
      String(canvas.text(ofRow: row).reversed().drop { $0 == " " }.reversed())
    }
  }
}

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
    print(screen.joined(separator: "\n"))
    #expect(screen[0].contains("May 2024"))
    #expect(screen.contains { $0.contains("14:30-15:15 dentist") })
    #expect(screen[23].hasPrefix("n/p or drag a corner: turn"))
  }
}

import CalCore
import CalService
import Foundation

@testable import CalInteractive

/// The page composed in memory over a real calendar file, at a pinned instant, in UTC.
final class PageFixture {
  /// The instant the service takes for now; tests move it.
  final class Clock: @unchecked Sendable {
    var now: Int64 = 1_715_508_000_000  // 2024-05-12 10:00 UTC
    /// The monotonic clock of the animation, in milliseconds.
    var monotonic: Int64 = 0
  }

  let clock = Clock()
  let folder: String
  let service: CalendarService
  let session: PageSession

  init(rows: Int = 24, columns: Int = 80, locale: CalendarLocale = .english) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("cal-page-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let environment = ServiceEnvironment(now: { [clock] in clock.now }, localZone: .utc, zones: .none())
    service = try CalendarService.open(
      CalendarLocation(path: folder + "/cal.db", isDefault: false), for: .write, environment: environment)
    session = PageSession(
      calendar: service, locale: locale, palette: Palette(colors: true), animates: true,
      monotonic: { [clock] in clock.monotonic },
      // The prompts' answers are read by cal edit's options, which only the built cal has (InteractiveTests).
      edit: { fields, _ in fields }, fault: nil)
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

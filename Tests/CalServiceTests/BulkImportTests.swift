import CalCore
import CalService
import Foundation
import Testing

/// Imports large enough to be written in batches of rows, with the day counts made once at the end.
@Suite("Large imports in the service")
struct BulkImportTests {
  /// A file of all-day events `event 0` … on the days from 2020-01-01 on, one a day, whose UIDs are
  /// `e-0` … except where `repeats` gives the UID an event takes from an earlier one.
  private static func file(events count: Int, repeats: [Int: Int] = [:]) -> String {
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
    for index in 0..<count {
      let uid = repeats[index] ?? index
      text += "BEGIN:VEVENT\r\nUID:e-\(uid)\r\nDTSTART;VALUE=DATE:\(Self.basic(index))\r\n"
      text += "SUMMARY:event \(index)\r\nEND:VEVENT\r\n"
    }
    return text + "END:VCALENDAR\r\n"
  }

  private static func date(_ index: Int) -> CivilDate { day("2020-01-01").adding(days: index)! }

  /// `date(index)` as DTSTART;VALUE=DATE writes it.
  private static func basic(_ index: Int) -> String { date(index).description.filter { $0 != "-" } }

  private func imported(_ fixture: ServiceFixture, _ text: String) throws -> ImportReport {
    let zones = ZoneLoader(ServiceFixture.systemZone)
    let prepared = try CalendarService.prepareImport(Array(text.utf8), skipInvalid: false, zones: zones)
    return try fixture.service.importCalendar(prepared)
  }

  @Test("a UID the file repeats keeps the later event, within a batch, across batches and after the last")
  func repeatedUIDs() throws {
    let fixture = try ServiceFixture()
    // Event 10 repeats event 3's UID (one batch), 1500 event 20's (the next batch), 2100 event 1030's and
    // 2590 event 2500's (the rows after the last full batch).
    let repeats = [10: 3, 1500: 20, 2100: 1030, 2590: 2500]
    let count = 2600
    let report = try imported(fixture, Self.file(events: count, repeats: repeats))
    #expect(report.added == count - repeats.count)
    #expect(report.skipped.count == repeats.count)
    let last = Self.date(count - 1)
    let titles = Set(try fixture.service.agenda(from: Self.date(0), through: last).map(\.title))
    #expect(titles.count == count - repeats.count)
    for (later, earlier) in repeats {
      #expect(titles.contains("event \(later)") && !titles.contains("event \(earlier)"), "event \(later)")
    }
    // The day counts: the replaced events' days are empty.
    let marked = try fixture.service.markedDays(from: Self.date(0), through: last)
    #expect(marked.count == count - repeats.count)
    #expect(repeats.values.allSatisfy { !marked.contains(Self.date($0)) })
  }

  @Test("another calendar's events on the same days are not counted as the import's")
  func otherCalendarsDays() throws {
    let fixture = try ServiceFixture()
    _ = try fixture.service.addCalendar(CalendarRecord(id: 0, name: "work"))
    // Inside the days the import writes, on a day it leaves empty: the file's events are every other day.
    let workDay = Self.date(101)
    _ = try fixture.service.add(event(workDay.description, "at work"), calendar: "work")
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
    for index in stride(from: 0, to: 1200, by: 2) {
      text += "BEGIN:VEVENT\r\nUID:e-\(index)\r\nDTSTART;VALUE=DATE:\(Self.basic(index))\r\n"
      text += "SUMMARY:event \(index)\r\nEND:VEVENT\r\n"
    }
    #expect(try imported(fixture, text + "END:VCALENDAR\r\n").added == 600)
    let last = Self.date(1200)
    let personal = try fixture.service.markedDays(from: Self.date(0), through: last, calendar: "personal")
    #expect(personal.count == 600 && !personal.contains(workDay))
    #expect(try fixture.service.markedDays(from: Self.date(0), through: last, calendar: "work") == [workDay])
    #expect(try fixture.service.markedDays(from: Self.date(0), through: last).count == 601)
  }
}

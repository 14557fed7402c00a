import CalCLI
import CalCore
import Foundation
import Testing

/// Debian's cal(1), from the ncal package, which `.ci/run` installs.
let referenceCal = "/usr/bin/ncal"

@Suite("Agreement with cal(1)", .enabled(if: FileManager.default.fileExists(atPath: referenceCal)))
struct CalCompatibilityTests {
  private func sheet(_ months: [YearMonth]) -> String {
    let today = try! CivilDate(parsing: "0001-01-01")
    return MonthSheet(months: months, today: today, markedDays: [], style: .init(locale: .english)).lines()
      .map { $0 + "\n" }.joined()
  }

  /// 1753 to 9999 in chunks that run in parallel; each year is compared as `cal -y` prints it.
  @Test(
    "every month of 1753 to 9999 has cal(1)'s grid, title and header",
    arguments: Array(stride(from: 1753, through: 9999, by: 750)))
  func everyYear(from start: Int) throws {
    let end = min(start + 749, 9999)
    let reference = try shell("for y in $(seq \(start) \(end)); do cal -y $y; echo '@@'; done")
      .components(separatedBy: "@@\n")
    #expect(reference.count == end - start + 2)
    for (offset, year) in (start...end).enumerated() {
      let ours = sheet((1...12).map { try! YearMonth(year: year, month: $0) })
      #expect(ours == reference[offset], "year \(year)")
      if ours != reference[offset] { break }
    }
  }

  @Test("single months match cal M YYYY, including leap Februaries and the last month")
  func singleMonths() throws {
    for (year, month) in [(2024, 5), (2024, 2), (1900, 2), (2000, 2), (2026, 2), (2015, 2), (1753, 1), (9999, 12)] {
      let reference = try shell("cal \(month) \(year)")
      #expect(sheet([try YearMonth(year: year, month: month)]) == reference, "\(year)-\(month)")
    }
  }

  @Test("-3 and -n lay months out as cal -3 and cal -A do, with or without the year header")
  func ranges() throws {
    let may = try YearMonth(parsing: "2024-05")
    #expect(sheet((-1...1).map { may.adding(months: $0)! }) == (try shell("cal -3 5 2024")))
    let january = try YearMonth(parsing: "2024-01")
    #expect(sheet((-1...1).map { january.adding(months: $0)! }) == (try shell("cal -3 1 2024")))
    #expect(sheet((0..<5).map { may.adding(months: $0)! }) == (try shell("cal -A 4 5 2024")))
    let october = try YearMonth(parsing: "2024-10")
    #expect(sheet((0..<4).map { october.adding(months: $0)! }) == (try shell("cal -A 3 10 2024")))
  }
}

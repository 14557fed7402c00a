import Foundation
import Testing

/// Locales made for the tests with localedef, in a folder of their own (LOCPATH), so nothing is installed.
let testLocales: String? = {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cal-test-locales").path
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  for name in ["de_DE", "en_GB", "en_US", "fr_FR", "ru_RU", "zh_CN"]
  where !FileManager.default.fileExists(atPath: "\(folder)/\(name).UTF-8") {
    _ = try? shell(
      "localedef -i \(name) -f UTF-8 '\(folder)/\(name).UTF-8'", environment: ["PATH": "/usr/bin:/bin:/usr/sbin"])
  }
  return FileManager.default.fileExists(atPath: "\(folder)/zh_CN.UTF-8") ? folder : nil
}()

@Suite("Month views")
final class ViewTests {
  let cal: CalProcess

  init() throws {
    cal = try CalProcess()
  }

  deinit {
    cal.remove()
  }

  private func show(_ arguments: [String], locale: String) throws -> String {
    let folder = try #require(testLocales, "localedef could not build the test locales")
    return try cal.run(["show"] + arguments, environment: ["LANG": locale, "LOCPATH": folder]).stdout
  }

  @Test(
    "German names and Monday first come from LANG=de_DE.UTF-8",
    .enabled(if: testLocales != nil, "localedef and the locales package are needed"))
  func german() throws {
    let page = try show(["2024-05"], locale: "de_DE.UTF-8")
    #expect(page.hasPrefix("      Mai 2024        \nMo Di Mi Do Fr Sa So  \n       1  2  3  4  5  \n"))
  }

  @Test(
    "en_GB starts weeks on Monday, en_US and C on Sunday",
    .enabled(if: testLocales != nil, "localedef and the locales package are needed"))
  func firstWeekday() throws {
    #expect(try show(["2024-05"], locale: "en_GB.UTF-8").contains("\nMo Tu We Th Fr Sa Su  \n"))
    #expect(try show(["2024-05"], locale: "en_US.UTF-8").contains("\nSu Mo Tu We Th Fr Sa  \n"))
    #expect(try show(["2024-05"], locale: "C").contains("      May 2024        \nSu Mo Tu We Th Fr Sa  \n"))
    #expect(try show(["2024-05", "--sunday"], locale: "de_DE.UTF-8").contains("\nSo Mo Di Mi Do Fr Sa  \n"))
    #expect(try show(["2024-05", "--monday"], locale: "C").contains("\nMo Tu We Th Fr Sa Su  \n"))
  }

  @Test(
    "Chinese names are double-width and the columns stay aligned",
    .enabled(if: testLocales != nil, "localedef and the locales package are needed"))
  func chinese() throws {
    let page = try show(["-3", "2024-05"], locale: "zh_CN.UTF-8")
    #expect(page.contains("五月"))
    #expect(page.contains("一 二 三 四 五 六 日"))
    // Every line of the three months is 66 columns wide, counting a Chinese character as two.
    let widths = page.split(separator: "\n").dropFirst().map { line in
      line.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x2E80 ? 2 : 1) }
    }
    #expect(widths.allSatisfy { $0 == 66 }, "\(widths)")
  }

  @Test("-y prints the whole year as cal -y does, -n N months")
  func spans() throws {
    let year = try cal.run(["show", "-y", "2024"]).stdout
    #expect(
      year.hasPrefix(
        "                            2024\n      January               February               March          \n"))
    #expect(year.split(separator: "\n", omittingEmptySubsequences: false).count == 4 * 9 + 1)
    #expect(try cal.run(["show", "2024"]).stdout == year)
    let five = try cal.run(["show", "-n", "5", "2024-11"]).stdout
    #expect(five.contains("November 2024") && five.contains("March 2025") && !five.contains("April 2025"))
    let refused = try cal.run(["show", "-3", "-y"])
    #expect(refused.status == 64 && refused.stderr.hasPrefix("Error: give only one of -3, -y (or a year) and -n\n"))
  }

  @Test("-w numbers the weeks: ISO with Monday first")
  func weekNumbers() throws {
    let page = try cal.run(["show", "-w", "--monday", "2024-12"]).stdout
    #expect(page.contains("\n   Mo Tu We Th Fr Sa Su  \n48                    1  \n"))
    #expect(page.contains("\n 1 30 31                 \n"))
  }

  @Test("piped output carries no escape sequence; --color=always highlights today and event days")
  func colour() throws {
    try cal.run(["add", "today", "something"])
    let piped = try cal.run(["show", "today"]).stdout
    #expect(!piped.contains("\u{1B}"))
    #expect(piped.contains("Days with events:"))
    let forced = try cal.run(["show", "today", "--color=always"]).stdout
    #expect(forced.contains("\u{1B}[1;4;36;7m"))  // today, with an event: marked and reversed
    #expect(!forced.contains("Days with events:"))
    #expect(try cal.run(["show", "today", "--color=never"]).stdout == piped)
    let wrong = try cal.run(["show", "--color=sometimes"])
    #expect(
      wrong.status == 64
        && wrong.stderr.hasPrefix("Error: unknown color choice 'sometimes': use auto, always or never\n"))
  }

  @Test("--agenda lists the month's events under the grid")
  func agenda() throws {
    try cal.run(["add", "2024-05-12", "dentist"])
    let page = try cal.run(["show", "2024-05", "--agenda"]).stdout
    #expect(page.hasSuffix("Days with events: 12\n\n2024-05-12  all day      #1  dentist\n"))
  }

  @Test("cal with no arguments shows the month on view")
  func bareCal() throws {
    try cal.run(["goto", "2031-03"])
    #expect(try cal.run([]).stdout.hasPrefix("     March 2031       \n"))
  }
}

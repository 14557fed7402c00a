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

/// The built `cal` given cal(1)'s own words, against Debian's cal(1) and ncal given the same: the same bytes,
/// piped and on a terminal, and no calendar file opened or created. Lines that depend on the current month
/// run on the real clock, as Debian's cal has no other (each comparison is repeated when the month changed
/// while it ran); the rest pin the month with -d or name it.
@Suite("cal(1)'s own words", .enabled(if: FileManager.default.fileExists(atPath: referenceCal)))
final class CalOneFormTests {
  let cal: CalProcess

  init() throws {
    cal = try CalProcess(creatingCalendar: false)
  }

  deinit {
    cal.remove()
  }

  /// Runs our `cal` with `words` and the reference command line (Debian's `cal` with the same words unless
  /// given), in UTC and `locale`, and expects the same output, exit status 0, and a home left empty.
  private func expectSame(
    _ words: String, reference: String? = nil, locale: String = "C", sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "LC_ALL": locale]
    if locale != "C" {
      environment["LOCPATH"] = try #require(testLocales, "localedef could not build the test locales")
    }
    let arguments = words.split(separator: " ").map(String.init)
    let referenceLine = reference ?? "/usr/bin/cal \(words)"
    for _ in 0..<2 {
      let expected = try shell(referenceLine, environment: environment)
      let ours = try cal.run(arguments, withDatabase: false, environment: environment)
      // Debian's cal took the real clock: a month that changed in between gets a second try.
      guard try shell(referenceLine, environment: environment) == expected else { continue }
      #expect(ours.status == 0 && ours.stderr.isEmpty, "cal \(words): \(ours.stderr)", sourceLocation: sourceLocation)
      #expect(ours.stdout == expected, "cal \(words) against \(referenceLine)", sourceLocation: sourceLocation)
      #expect(!expected.isEmpty, "\(referenceLine) printed nothing", sourceLocation: sourceLocation)
      break
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: cal.folder)
    #expect(left.isEmpty, "cal \(words) left \(left) in its home", sourceLocation: sourceLocation)
  }

  @Test("the forms Debian's cal prints, byte for byte")
  func debianForms() throws {
    for words in [
      "5 2024", "2024", "-3", "-3 5 2024", "-y 2024", "-y", "-1", "-C 5 2024", "may 2024", "May 2024", "sept 2024",
      "mar 2024", "05 2024", "5 02024", "5f 2024", "5p 2024", "-m 5f", "-m 5p", "-m 5p 2024", "-m 5", "-m jun",
      "-m 5 2024", "-m5 2024", "-m 5 -y",
      "-d 2024-05", "-d 2024-05 -3", "-d 2024-05 -y", "-d 2024-01 -3", "-A 2 -B 1 5 2024", "-A2 5 2024",
      "-A 3 10 2024", "-B 2", "-A 13", "-y -B -6", "-3 -B 1", "-3 -1", "-1 -3", "-y -3", "-3 -y", "5 2024 -3",
      "-j 5 2024", "-j 2 2024", "-j -y 2024", "-j -3 5 2024", "9 1752", "-3 9 1752", "-y 1752", "-j -y 1752",
      "2 1700", "1 1", "-y 1", "12 9999", "-y 9999", "sep 2024", "Sep 2024", "-m sep", "-m sep 2024", "005 2024",
      "0005 2024", "-m 005", "-- 5 2024", "-3 -- 5 2024",
    ] {
      try expectSame(words)
    }
  }

  @Test("what Debian's cal refuses and util-linux's takes: -m, -s, -w, --monday, a month alone")
  func utilLinuxForms() throws {
    try expectSame("may", reference: "/usr/bin/cal -m may")
    try expectSame("-s 5 2024", reference: "/usr/bin/cal 5 2024")
    try expectSame("--sunday -y 2024", reference: "/usr/bin/cal -y 2024")
    try expectSame("-m", reference: "/usr/bin/ncal -b -h -M")
    try expectSame("--monday 5 2024", reference: "/usr/bin/ncal -b -h -M 5 2024")
    try expectSame("-m 2024", reference: "/usr/bin/ncal -b -h -M -y 2024")
    try expectSame("-w 5 2024", reference: "/usr/bin/ncal -b -h -w 5 2024")
    try expectSame("-3w 5 2024", reference: "/usr/bin/ncal -b -h -3 -w 5 2024")
    try expectSame("--monday -w 1 2021", reference: "/usr/bin/ncal -b -h -M -w 1 2021")
    try expectSame("--week -y 2026", reference: "/usr/bin/ncal -b -h -w -y 2026")
    try expectSame("-mw 1 2021", reference: "/usr/bin/ncal -b -h -M -w 1 2021")
    try expectSame("-3mw 12 2024", reference: "/usr/bin/ncal -b -h -3 -M -w 12 2024")
    try expectSame("-my 2024", reference: "/usr/bin/ncal -b -h -M -y 2024")
  }

  @Test(
    "month and weekday names from the locale, English names always",
    .enabled(if: testLocales != nil, "localedef and the locales package are needed"))
  func locales() throws {
    try expectSame("mai 2024", locale: "de_DE.UTF-8")
    try expectSame("März 2024", locale: "de_DE.UTF-8")
    try expectSame("may 2024", locale: "de_DE.UTF-8")
    try expectSame("sep 2024", locale: "de_DE.UTF-8")
    try expectSame("-m sep 2024", locale: "fr_FR.UTF-8")
    try expectSame("août 2024", locale: "fr_FR.UTF-8")
    try expectSame("-3 févr. 2024", locale: "fr_FR.UTF-8")
    try expectSame("-y 2024", locale: "de_DE.UTF-8")
    try expectSame("мая 2024", locale: "ru_RU.UTF-8")
    try expectSame("-3 2 2024", locale: "ru_RU.UTF-8")
    try expectSame("5 2024", locale: "zh_CN.UTF-8")
    try expectSame("-y 2024", locale: "zh_CN.UTF-8")
    try expectSame("-j -3 5 2024", locale: "zh_CN.UTF-8")
  }

  @Test(
    "on a terminal today is in reverse video as ncal -C shows it; not with NO_COLOR or --color=never",
    .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/script")))
  func terminal() throws {
    let environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "TERM": "xterm", "HOME": cal.folder, "LC_ALL": "C"]
    func screen(_ command: String, _ extra: [String: String] = [:]) throws -> String {
      try shell("script -qec \"\(command)\" /dev/null", environment: environment.merging(extra) { $1 })
    }
    for words in ["-C", "-3", "-y", "-j", "-j -3", "-m"] {
      let reference =
        words == "-m" ? "/usr/bin/ncal -b -M" : words == "-C" ? "/usr/bin/ncal -C" : "/usr/bin/ncal -C \(words)"
      for _ in 0..<2 {
        let expected = try screen(reference)
        let ours = try screen("\(CalProcess.binary) \(words)")
        guard try screen(reference) == expected else { continue }
        #expect(ours == expected, "cal \(words) on a terminal")
        #expect(ours.contains("\u{1B}[7m"), "cal \(words) highlights nothing")
        break
      }
    }
    #expect(!(try screen("\(CalProcess.binary) -3", ["NO_COLOR": "1"]).contains("\u{1B}")))
    #expect(!(try screen("\(CalProcess.binary) -3 --color=never")).contains("\u{1B}"))
    #expect(try cal.run(["-3", "--color=always"], withDatabase: false).stdout.contains("\u{1B}[7m"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: cal.folder).isEmpty)
  }

  @Test("ncal's own options, and what cal(1) cannot take, are refused in one line that names what to use")
  func refused() throws {
    let cases: [(String, String)] = [
      ("-J", "-J (the Julian calendar throughout) is ncal's: run ncal -J"),
      ("-e", "-e (the date of Easter) is ncal's: run ncal -e"),
      ("-o", "-o (the date of Orthodox Easter) is ncal's: run ncal -o"),
      ("-p", "-p (the countries' calendar reforms) is ncal's: run ncal -p"),
      ("-b", "-b (ncal's old-style layout) is how cal always prints: leave it out"),
      ("-M", "-M is ncal's spelling: use -m or --monday to start weeks on Monday"),
      ("-S 5 2024", "-S is ncal's spelling: use -s or --sunday to start weeks on Sunday"),
      ("-W 4", "-W (days the first week needs) is ncal's: run ncal -W; cal -m -w numbers ISO 8601 weeks"),
      ("-H 2024-05-12", "-H (a day to highlight) is ncal's: run ncal -C -H"),
      ("-N", "-N (ncal's vertical layout) is ncal's: run ncal"),
      ("-s DE 2024", "-s DE (the calendar reform of a country) is ncal's: run ncal -s DE"),
      ("13 2024", "'13' is neither a month number (1..12) nor a name"),
      ("0", "year 0 is out of range: cal covers the years 1 to 9999"),
      ("10000", "year 10000 is out of range: cal covers the years 1 to 9999"),
      ("5 2024x", "'2024x' is not a year: expected a number from 1 to 9999"),
      ("5 2024 1", "Unexpected argument '1': cal(1) takes at most a month and a year"),
      ("-3 2024", "-3 needs a month as well as the year, such as 5 2024"),
      ("-m 5 6 2024", "give the month once: with -m or before the year, not both"),
      ("-A x", "-A x: expected a whole number of months"),
      ("-A 99999999999999999999", "-A 99999999999999999999: expected a whole number of months"),
      ("-B 1 1 1", "the months asked for go beyond the years 1 to 9999"),
      ("-A -3 5 2024", "-A and -B leave no month to show"),
      ("-d 2024", "-d 2024: expected a month as YYYY-MM, such as 2024-05"),
      ("-3 --agenda", "'--agenda' is not an option of cal(1)'s forms, which open no calendar"),
      ("-y -x", "Unknown option '-x' for cal(1)'s forms"),
      ("-3 --color=sometimes", "unknown color choice 'sometimes': use auto, always or never"),
      ("--db x.db 5 2024", "cal(1)'s forms (such as cal 5) open no calendar"),
    ]
    for (words, message) in cases {
      let result = try cal.run(words.split(separator: " ").map(String.init), withDatabase: false)
      #expect(result.status == 64 && result.stdout.isEmpty, "cal \(words)")
      #expect(result.stderr.hasPrefix("Error: \(message)"), "cal \(words): \(result.stderr)")
      #expect(result.stderr.contains("\nUsage: cal [-1|-3|-y]"), "cal \(words): \(result.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: cal.folder).isEmpty)
    let help = try cal.run(["-3", "--help"], withDatabase: false)
    let root = try cal.run(["--help"], withDatabase: false).stdout
    #expect(help.status == 0 && help.stdout == root)
  }

  @Test("cal alone, cal show and cal's other options still show the month on view")
  func monthOnView() throws {
    let calendar = try CalProcess()
    defer { calendar.remove() }
    try calendar.run(["goto", "2031-03"])
    #expect(try calendar.run([]).stdout.hasPrefix("     March 2031       \n"))
    #expect(try calendar.run(["--color=never"]).stdout.hasPrefix("     March 2031       \n"))
    #expect(try calendar.run(["-n", "2"]).stdout.hasPrefix("     March 2031            April 2031"))
    #expect(try calendar.run(["show", "-3"]).stdout.hasPrefix("   February 2031"))
  }
}

@Suite("cal(1)'s calendar reform and week numbers", .enabled(if: FileManager.default.fileExists(atPath: referenceCal)))
struct CalReformTests {
  private func sheet(_ year: Int, weekNumbers: Bool = false, firstWeekday: Weekday = .sunday) -> String {
    let style = MonthSheet.Style(
      locale: CalendarLocale.english.startingWeeks(on: firstWeekday), weekNumbers: weekNumbers,
      weekNumberLayout: .ncal, reform: .britain1752, countsCharacters: true)
    return MonthSheet(
      months: (1...12).map { try! YearMonth(year: year, month: $0) }, today: .first, markedDays: [], style: style
    ).lines().map { $0 + "\n" }.joined()
  }

  @Test(
    "the years 1 to 1752 follow the Julian calendar and lose 3 to 13 September 1752, as cal -y shows",
    arguments: [1, 586, 1171])
  func julianYears(from start: Int) throws {
    let end = min(start + 584, 1752)
    let reference = try shell("for y in $(seq \(start) \(end)); do cal -y $y; echo '@@'; done")
      .components(separatedBy: "@@\n")
    for (offset, year) in (start...end).enumerated() {
      #expect(sheet(year) == reference[offset], "year \(year)")
      if sheet(year) != reference[offset] { break }
    }
  }

  @Test("week numbers of 1753 to 2200, Sunday and Monday first, as ncal -b -w numbers them", arguments: [1753, 1977])
  func weekNumbers(from start: Int) throws {
    let end = min(start + 223, 2200)
    for (flag, weekday) in [("", Weekday.sunday), ("-M", .monday)] {
      let reference = try shell("for y in $(seq \(start) \(end)); do ncal -b -h -w \(flag) -y $y; echo '@@'; done")
        .components(separatedBy: "@@\n")
      for (offset, year) in (start...end).enumerated() {
        let ours = sheet(year, weekNumbers: true, firstWeekday: weekday)
        #expect(ours == reference[offset], "year \(year) \(flag)")
        if ours != reference[offset] { break }
      }
    }
  }
}

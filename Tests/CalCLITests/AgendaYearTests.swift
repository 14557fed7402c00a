import Testing

/// `cal agenda 2024` (and `cal free 2024`): four digits read as the year, as `list` and cal(1) read them,
/// not as 2,024 days; numbers of days keep their meaning, and a year that is over is refused with a hint.
final class AgendaYearTests {
  let cal: PinnedCal

  init() throws {
    cal = try PinnedCal()
  }

  deinit {
    cal.remove()
  }

  private func expectRun(
    _ arguments: [String], status: Int32 = 0, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let result = try cal.run(arguments)
    #expect(
      result.status == status && (status == 0 ? result.stdout : result.stderr).hasPrefix(expected),
      "\(arguments): \(result.stdout)\(result.stderr)", sourceLocation: sourceLocation)
  }

  @Test("agenda 2024 is the rest of 2024, agenda 2025 the year 2025; 30, 0030 and 2024d are days")
  func years() throws {
    try cal.run(["add", "2025-03-01", "spring"])
    try cal.run(["add", "2031-01-01", "far"])
    try expectRun(["agenda", "2024"], "No events from now through 2024-12-31.\n")
    try expectRun(["agenda", "2025"], "2025-03-01 (Saturday)\n  all day      #1  spring\n")
    try expectRun(["agenda", "next year", "--json"], #"[{"date":"2025-03-01","#)
    try expectRun(["agenda", "30"], "No events from now through 2024-06-10.\n")
    try expectRun(["agenda", "0030"], "No events from now through 2024-06-10.\n")
    try expectRun(["agenda", "2024d"], "2025-03-01 (Saturday)\n  all day      #1  spring\n")
    try expectRun(["agenda", "3000d"], "2025-03-01 (Saturday)\n  all day      #1  spring\n2031-01-01 (Wednesday)\n")
    try expectRun(
      ["agenda", "2023"], status: 64,
      "Error: 2023 is over: cal agenda shows what is next; cal list 2023 shows that year; for 2023 days from today, "
        + "2023d\n")
    let free = try cal.run(["free", "2024", "--between", "9-10"])
    #expect(free.stdout.hasSuffix("2024-12-31 (Tuesday)\n  09:00-10:00  1h\n"), "\(free.stdout.suffix(80))")
  }
}

import Foundation
import Testing

/// What `cal help`, each command's help, the manual page and the README say, held against what the built
/// `cal` does: each command's help describes its own options, every command and alias is documented, and
/// a mistake names what was typed and the forms that exist.
@Suite("Documentation: help, the manual page and the README say what cal does")
final class DocumentationTests {
  let cal: CalProcess

  init() throws {
    cal = try CalProcess()
  }

  deinit {
    cal.remove()
  }

  /// The help `arguments` print, its lines joined into one run of words (help wraps at 80 columns).
  private func help(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let result = try cal.run(arguments, withDatabase: false)
    #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    return result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// Expects the help of `arguments` to say `text` (or, with `says: false`, not to).
  private func expect(
    _ arguments: [String], says text: String, _ says: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let help = try help(arguments, sourceLocation: sourceLocation)
    #expect(
      help.contains(text) == says, "\(arguments) \(says ? "lacks" : "says") \(text)", sourceLocation: sourceLocation)
  }

  /// The commands `cal help` lists, each as its names (`["agenda", "next"]`).
  private func listedCommands() throws -> [[String]] {
    let rootHelp = try cal.run(["help"], withDatabase: false).stdout
    return rootHelp.components(separatedBy: "SUBCOMMANDS:\n")[1].split(separator: "\n")
      .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && !$0.contains("See 'cal help") }
      .map { $0.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0].components(separatedBy: ", ") }
  }

  @Test("each command's help describes its own options, not another command's")
  func ownOptions() throws {
    // edit's --on picks an occurrence: its repeat's days are --repeat-on.
    try expect(["help", "edit"], says: "(instead of --repeat, --every and --repeat-on;")
    try expect(["help", "add"], says: "(instead of --repeat, --every and --on;")
    // Each says what one end alone covers for it: export all before or after, the others their usual days.
    try expect(["help", "export"], says: "alone: 30 days", false)
    try expect(["help", "list"], says: "The first day (alone: 30 days from it; a month: its first day).")
    try expect(["help", "search"], says: "The last day (alone: from today; a month: its last day).")
    try expect(["help", "agenda"], says: "The first day (alone: 7 days from it; a month: its first day).")
    try expect(["help", "free"], says: "The last day (alone: from today; a month: its last day).")
    // rm takes the handle list prints, as edit does.
    try expect(["help", "rm"], says: "#3@2024-05-22 names one occurrence.")
    // edit's times take what add's take.
    try expect(["help", "edit"], says: "A new start time: 9, 9:30, 9.30, 9h30, 21:30, 9am, 9:30pm, noon")
    try expect(["help", "edit"], says: "A new end time, the same day: 10:15, 5pm.")
    try expect(["help", "edit"], says: "HH:MM", false)
    // calendar's --json is for list alone, as its other options say which action they go with.
    try expect(["help", "calendar"], says: "--json list: print JSON")
    try expect(["help", "undo"], says: "cal calendar add, edit and rm")
  }

  @Test("cal help help explains help, which cal help lists")
  func helpOfHelp() throws {
    try expect(["help", "help"], says: "OVERVIEW: Show help for a command, or for dates, times and lengths")
    try expect(["help", "help"], says: "--man Print the whole manual page")
  }

  @Test("the global --verbose and the aliases next and i are in the help and the manual page")
  func globalsAndAliases() throws {
    try expect(["help"], says: "--verbose Add the details behind an error")
    try expect(["help", "agenda"], says: "ALIASES: cal next")
    try expect(["help", "i"], says: "ALIASES: cal i")
    let manual = try cal.run(["help", "--man"], withDatabase: false).stdout
    #expect(manual.contains(".SH OPTIONS\n.TP\n\\fB\\-\\-version\\fR"))
    #expect(manual.contains("\\fB\\-\\-verbose\\fR"))
    #expect(manual.contains("Also run as \\fBcal next\\fR."))
    #expect(manual.contains("Also run as \\fBcal i\\fR."))
    #expect(manual.contains("141 when the reader of"))
  }

  @Test(
    "a day given to an option that is not one names the option and what was typed",
    arguments: [
      (
        ["list", "--from", "2024-05-01", "--to", "2024-02-30"],
        "--to: '2024-02-30' is not a day: February 2024 has 29 days"
      ),
      (["add", "today", "x", "--repeat", "daily", "--until", "foo"], "--until: 'foo' is not a day: write 2024-05-12"),
      (["add", "today", "x", "--to", "2024-13-01"], "--to: '2024-13-01' is not a day: month 13 does not exist"),
      (["edit", "1", "--date", "0000-01-01"], "--date: '0000-01-01' is not a day: year 0 is out of range"),
      (["edit", "1", "--on", "2024-04-31", "--title", "x"], "--on: '2024-04-31' is not a day: April 2024 has 30 days"),
      (["rm", "1", "--on", "13"], "--on: '13' is ambiguous"),
      (["search", "x", "--from", "soon"], "--from: 'soon' is not a day"),
      // The hint names the forms with dots and slashes too.
      (
        ["add", "someday", "x"],
        "'someday' is not a day: write 2024-05-12, 5-12, 18.05., 18.05.2024, 5/20, may 12, today, tomorrow, fri, "
          + "next fri, +3d, in 3 days (see cal help dates)"
      ),
      (["list", "--to", "2000-01-01"], "--to alone runs from today ("),
      (
        ["list", "next weeks"],
        "'next weeks' is not a day, a month, a year, a range or week: write a day as 2024-05-12, 5-12, 18.05., "
          + "18.05.2024, 5/20, may 12, today, tomorrow, fri, next fri, +3d, in 3 days, a month as 2024-05, 2024-5, "
          + "may, may 2024, this month, next month, last month, +2m, in 2 months, a year as 2024 or next year, a range "
          + "as 2024-05-01..2024-06-15 or today..fri, or week, next week, last week (see cal help dates)"
      ),
      (
        ["rm", "x@2024-05-12"],
        "'x@2024-05-12' is not an event id: expected a positive whole number such as 3, or "
          + "3@2024-05-22 for one occurrence"
      ),
    ])
  func refusedDay(arguments: [String], message: String) throws {
    let result = try cal.run(arguments)
    #expect(result.status == 64 && result.stdout.isEmpty, "\(arguments)")
    #expect(result.stderr.hasPrefix("Error: \(message)"), "\(arguments): \(result.stderr)")
    #expect(result.stderr.split(separator: "\n").first?.hasPrefix("Error: ") == true)
    #expect(result.stderr.split(separator: "\n").count == 3, "one Error: line, then the usage")
  }

  @Test("--color decides whether titles take their calendar's colour in list, search, agenda and show --agenda")
  func titleColors() throws {
    let now = ["CAL_TEST_NOW": "2024-05-12T10:00:00+02:00", "TZ": "Europe/Berlin"]
    try cal.run(["calendar", "add", "work", "--color", "red"])
    try cal.run(["add", "today", "review", "--calendar", "work"], environment: now)
    for command in [["list", "today"], ["search", "review"], ["agenda"], ["show", "--agenda"]] {
      let always = try cal.run(command + ["--color=always"], environment: now)
      #expect(always.status == 0 && always.stdout.contains("#1  \u{1B}[31mreview\u{1B}[0m"), "\(command)")
      let never = try cal.run(command + ["--color", "never"], environment: now)
      #expect(never.status == 0 && !never.stdout.contains("\u{1B}"), "\(command)")
    }
  }

  @Test("the README's table of commands names every command and alias cal help lists")
  func commandTable() throws {
    let readme = try String(contentsOfFile: ReadmeTests.readme, encoding: .utf8)
    let table = readme.components(separatedBy: "| command | what it does |\n")[1].components(separatedBy: "\n\n")[0]
    // The first column's `cal WORD` spellings.
    var documented: Set<String> = []
    for row in table.replacingOccurrences(of: "\\|", with: "/").split(separator: "\n") {
      let cell = row.split(separator: "|", omittingEmptySubsequences: true).first ?? ""
      for code in cell.split(separator: "`", omittingEmptySubsequences: false).enumerated() where code.offset % 2 == 1 {
        let words = code.element.split(separator: " ")
        if words.count >= 2, words[0] == "cal" { documented.insert(String(words[1])) }
      }
    }
    let commands = try listedCommands().flatMap { $0 }
    #expect(commands.count >= 22, "cal help lists \(commands)")
    for command in commands + ["help"] {
      #expect(documented.contains(command), "the README's table lacks cal \(command)")
    }
  }

  @Test("the README names every command that takes --json")
  func jsonCommands() throws {
    let readme = try String(contentsOfFile: ReadmeTests.readme, encoding: .utf8)
    let sentence = readme.components(separatedBy: "### JSON for scripts\n\n")[1].components(
      separatedBy: " take `--json`")[0]
    let named = Set(
      sentence.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
        String($0.element)
      })
    for name in try listedCommands().map({ $0[0] }) where try help(["help", name]).contains("[--json]") {
      #expect(named.contains(name) || named.contains("\(name) list"), "the README's JSON section lacks \(name)")
    }
  }
}

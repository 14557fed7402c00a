import Foundation
import Testing

/// The completion scripts, run in real shells (see `CompletionShell`): the same lines give the same offers
/// in bash, zsh and fish.
@Suite("Shell completion")
struct CompletionTests {
  /// A line as typed (its last word, maybe empty, being completed) and what every shell offers for it.
  struct Case {
    let line: String
    let offers: [String]
    let location: SourceLocation
  }

  private static func offers(
    _ line: String, _ offers: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) -> Case {
    Case(line: line, offers: offers, location: sourceLocation)
  }

  private static let files = ["calendar.db", "events.ics", "notes/"]
  private static let directions = ["up-left", "up-right", "down-right", "down-left"]

  /// Run with `$TZDIR` at the fixture's zones (Europe/Berlin, Belgrade, Paris; America/New_York,
  /// Argentina/Salta; Etc/GMT+5; UTC; and posix/, right/, zone.tab and such, which are not zones).
  static let cases: [Case] = [
    // Commands, after the options that may come before one.
    offers("cal fl", ["flip"]),
    offers("cal h", ["help", "history"]),
    offers("cal --db x ex", ["export"]),
    offers("cal --db=x --json ex", ["export"]),
    offers("cal --verbose co", ["completion", "config"]),
    offers("cal foo ", []),
    // Each command's options, also after options before the command; an option first runs show.
    offers("cal add --no", ["--no-remind", "--note"]),
    offers("cal config re", ["remind", "remind-all-day"]),  // the configuration's keys
    offers("cal config t", ["time-format"]),
    // A key's values, by the key before them.
    offers("cal config week-start s", ["sunday", "saturday"]),
    offers("cal config time-format ", ["24h", "12h", "locale"]),
    offers("cal config dates m", ["month-first"]),
    offers("cal config --json color a", ["auto", "always"]),
    offers("cal config length ", []),
    offers("cal config format {title} ", []),
    offers("cal todo ", ["list", "add", "done", "reopen", "cancel", "edit", "rm"]),
    offers("cal todo add x --priority ", ["high", "medium", "low", "none"]),
    offers("cal todo edit 3 --status s", ["started"]),
    offers("cal list --ti", ["--time-format"]),
    offers("cal --db x show --c", ["--calendar", "--color"]),
    offers("cal --db x.db show -n 3 --co", ["--color"]),
    offers("cal -3 --mo", ["--monday"]),  // a cal(1) line
    offers("cal --agenda --mo", ["--monday", "--months"]),  // show's
    offers("cal -3w -", Self.calOneOptions),
    offers("cal --monday 5 2024 --c", ["--color"]),
    offers("cal help --", ["--help", "--man"]),
    // Option values, also written --name=value.
    offers("cal add 2024-05-12 x --repeat ", ["daily", "weekdays", "weekly", "monthly", "yearly", "none"]),
    offers("cal edit 3 --repeat=w", ["--repeat=weekdays", "--repeat=weekly"]),
    offers("cal show --color a", ["auto", "always"]),
    offers("cal flip --color=", ["--color=auto", "--color=always", "--color=never"]),
    offers("cal agenda --time-format ", ["24h", "12h", "locale"]),
    offers("cal free --time-format=1", ["--time-format=12h"]),
    offers("cal calendar add work --color b", ["black", "blue"]),
    offers("cal calendar r", ["rm"]),
    offers("cal add x y --at 10:30 --tz Eur", ["Europe/"]),
    offers("cal add x y --tz ", ["America/", "Etc/", "Europe/", "UTC"]),
    offers("cal add x y --tz Europe/", ["Europe/Belgrade", "Europe/Berlin", "Europe/Paris"]),
    offers("cal add x y --tz Europe/Be", ["Europe/Belgrade", "Europe/Berlin"]),
    offers("cal add x y --tz America/", ["America/Argentina/", "America/New_York"]),
    offers("cal add x y --tz Etc/", ["Etc/GMT+5"]),
    offers("cal edit 3 --tz=Europe/P", ["--tz=Europe/Paris"]),
    offers("cal add x y --tz ../", []),
    offers("cal list --from to", ["today", "tomorrow"]),
    offers("cal edit 3 --on y", ["yesterday"]),
    offers("cal flip --swipe ", []),
    offers("cal add x y --note ", []),
    // File names: import's and export's file, and --db.
    offers("cal import ev", ["events.ics"]),
    offers("cal import ", files),
    offers("cal import notes/", ["notes/plan.txt"]),
    offers("cal export no", ["notes/"]),
    offers("cal export --from today ev", ["events.ics"]),
    offers("cal export x.ics ", []),
    offers("cal --db ca", ["calendar.db"]),
    offers("cal --db=ca", ["--db=calendar.db"]),
    offers("cal list --db ", files),
    // Arguments.
    offers("cal flip up", ["up-left", "up-right"]),
    offers("cal flip ", directions),
    offers("cal --db x flip --no-animation down", ["down-right", "down-left"]),
    offers("cal flip down-left ", []),
    offers("cal list t", ["today", "tomorrow"]),
    offers("cal list w", ["week"]),
    offers("cal --json list y", ["yesterday"]),
    offers("cal list 2019-1", ["2019-10", "2019-11", "2019-12"]),
    offers("cal goto 2019-0", (1...9).map { "2019-0\($0)" }),
    offers("cal --db x show to", ["today"]),
    offers("cal show -y 2019-1", ["2019-10", "2019-11", "2019-12"]),
    offers("cal add to", ["today", "tomorrow"]),
    offers("cal add --at 10:00 --for 1h to", ["today", "tomorrow"]),
    offers("cal add today Tea t", []),
    offers("cal rm ", []),
    offers("cal completion ", ["bash", "fish", "zsh"]),
    offers("cal help fl", ["flip"]),
    offers("cal help da", ["dates"]),
    offers("cal ag", ["agenda"]),
    offers("cal ne", ["next"]),
    offers("cal next --j", ["--json"]),
    offers("cal agenda 2w --d", ["--db"]),
  ]

  /// What a cal(1) line takes.
  static let calOneOptions = [
    "-1", "--one", "-3", "--three", "-y", "--year", "-j", "--julian", "-m", "--monday", "-s", "--sunday", "-w",
    "--week", "-A", "--after", "-B", "--before", "--color", "-h", "--help",
  ]

  /// Cases read from the help of the built `cal`, so that a new command or option is checked too: `cal `
  /// offers every command the help lists, `cal NAME -` every option `cal NAME --help` lists, and `cal -`
  /// the options of show (the default command) and those that may stand before a command.
  private static func helpCases(sourceLocation: SourceLocation = #_sourceLocation) throws -> [Case] {
    let help = { (arguments: [String]) in
      try Subprocess.run([CalProcess.binary] + arguments, environment: ["PATH": "/usr/bin:/bin"]).stdout
    }
    // `agenda, next   List what is next ...`: a command's names before its abstract.
    let commands = section("SUBCOMMANDS", of: try help(["--help"])).filter { $0.first != " " }.flatMap {
      ($0.components(separatedBy: "  ").first ?? "").components(separatedBy: ", ")
    }
    var cases = [offers("cal ", commands + ["help"], sourceLocation: sourceLocation)]
    for command in commands {
      // `-n, --months <n>   Show N months...`: the spellings before the help.
      let options = section("OPTIONS", of: try help([command, "--help"])).filter { $0.hasPrefix("-") }.flatMap {
        ($0.components(separatedBy: "  ").first ?? "").components(separatedBy: ", ").compactMap {
          $0.split(separator: " ").first.map(String.init)
        }
      }
      cases.append(offers("cal \(command) -", options, sourceLocation: sourceLocation))
      if command == "show" {
        cases.append(
          offers(
            "cal -", Array(Set(options + calOneOptions + ["--json", "--verbose", "--version"])),
            sourceLocation: sourceLocation))
      }
    }
    return cases
  }

  /// The lines of a help section (`OPTIONS:`) up to the blank line after it, without their indentation.
  private static func section(_ title: String, of help: String) -> [String] {
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: "\(title):"[...]) else { return [] }
    return lines[(start + 1)...].prefix { !$0.isEmpty }.map { String($0.dropFirst(2)) }
  }

  private func check(_ shell: CompletionShell) throws {
    let fixture = try CompletionFixture()
    defer { fixture.remove() }
    try expect(shell, Self.cases + (try Self.helpCases()), in: fixture, loading: .installed, zones: fixture.zones)
    // Loaded as `source <(cal completion SHELL)` (fish: `| source`), with the system's zone database.
    var piped = [Self.offers("cal --db x show --c", ["--calendar", "--color"])]
    if FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Europe/Berlin") {
      piped.append(Self.offers("cal add x y --at 9:00 --tz Europe/Berl", ["Europe/Berlin"]))
    }
    try expect(shell, piped, in: fixture, loading: .piped, zones: nil)
  }

  private func expect(
    _ shell: CompletionShell, _ cases: [Case], in fixture: CompletionFixture, loading: CompletionShell.Loading,
    zones: String?, extra: [String: String] = [:]
  ) throws {
    let offered = try shell.complete(cases.map(\.line), in: fixture, loading: loading, zones: zones, extra: extra)
    try #require(offered.count == cases.count, "\(shell) answered \(offered.count) of \(cases.count) lines")
    for (entry, offers) in zip(cases, offered) {
      #expect(offers == entry.offers.sorted(), "\(shell), \(loading): '\(entry.line)'", sourceLocation: entry.location)
    }
  }

  @Test(
    "bash completes commands, options, values, files and arguments",
    .enabled(if: CompletionShell.bash.path != nil, "bash is not installed"))
  func bash() throws {
    try check(.bash)
  }

  @Test(
    "zsh completes the same, on a pseudo-terminal",
    .enabled(if: CompletionShell.zsh.path != nil, "zsh is not installed (.ci/run installs it): zsh completion untested")
  )
  func zsh() throws {
    try check(.zsh)
  }

  @Test(
    "fish completes the same",
    .enabled(
      if: CompletionShell.fish.path != nil, "fish is not installed (.ci/run installs it): fish completion untested"))
  func fish() throws {
    try check(.fish)
  }

  /// Calendar names, after `--calendar` and as `sync`'s arguments, come from the `cal` on `$PATH` (the one
  /// built) for the calendar file of the line's `--db`, else `$CAL_DB`; a file that is not there offers nothing,
  /// and says nothing.
  private func checkCalendarNames(_ shell: CompletionShell) throws {
    let fixture = try CompletionFixture()
    defer { fixture.remove() }
    let bin = fixture.folder + "/bin"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: bin + "/cal", withDestinationPath: CalProcess.binary)
    let odd = ["Home Stuff", "it's", "x$(touch pwned)"]
    for (file, names) in [("cals.db", ["work", "workshop"]), ("other.db", ["holidays"]), ("odd.db", odd)] {
      for name in names {
        let added = try Subprocess.run(
          [CalProcess.binary, "--db", fixture.home + "/" + file, "calendar", "add", name],
          environment: ["PATH": "/usr/bin:/bin", "HOME": fixture.home])
        try #require(added.status == 0, "\(added.stderr)")
      }
    }
    let cases = [
      Self.offers("cal list --calendar ", ["personal", "work", "workshop"]),
      Self.offers("cal list --calendar=wo", ["--calendar=work", "--calendar=workshop"]),
      Self.offers("cal --db ~/other.db add x y --calendar ", ["holidays", "personal"]),
      Self.offers("cal agenda --db=~/other.db --calendar h", ["holidays"]),
      Self.offers("cal sync w", ["work", "workshop"]),
      Self.offers("cal sync --db ~/other.db personal ", ["holidays", "personal"]),
      Self.offers("cal list --db ~/missing.db --calendar ", []),
      // Inserted as one word, nothing in it run: quoted (fish quotes what it is offered as it inserts it).
      Self.offers(
        "cal list --db ~/odd.db --calendar ",
        (shell != .fish ? ["Home\\ Stuff", "it\\'s", "x\\$\\(touch\\ pwned\\)"] : odd) + ["personal"]),
    ]
    let extra = ["PATH": bin + ":/usr/bin:/bin", "CAL_DB": fixture.home + "/cals.db"]
    try expect(shell, cases, in: fixture, loading: .installed, zones: fixture.zones, extra: extra)
    #expect(!FileManager.default.fileExists(atPath: fixture.home + "/missing.db"))
  }

  @Test(
    "bash, zsh and fish complete calendar names by asking cal for them",
    arguments: CompletionShell.allCases.filter { $0.path != nil })
  func calendarNames(_ shell: CompletionShell) throws {
    try checkCalendarNames(shell)
  }

  @Test("unknown shells are refused")
  func unknownShell() throws {
    let cal = try CalProcess(creatingCalendar: false)
    defer { cal.remove() }
    let refused = try cal.run(["completion", "tcsh"], withDatabase: false)
    #expect(refused.status == 64 && refused.stderr.hasPrefix("Error: unknown shell 'tcsh': use bash, zsh or fish\n"))
  }

  @Test("the manual page is roff made from the same help text")
  func manual() throws {
    let cal = try CalProcess()
    defer { cal.remove() }
    let page = try cal.run(["help", "--man"], withDatabase: false).stdout
    #expect(page.hasPrefix(".TH CAL 1 "))
    #expect(page.contains(".SS \"cal flip [<direction>] [\\-\\-swipe <dx,dy>]"))
    #expect(page.contains("Turn the page from a corner."))
    #expect(
      page.split(separator: "\n").allSatisfy {
        !$0.hasPrefix(".") || $0.first == "." && $0.dropFirst().first?.isLetter == true
      })
  }
}

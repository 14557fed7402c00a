import Testing

@testable import CalCLI

@Suite("Argument parsing")
struct ArgumentParserTests {
  static let note = OptionSpec("note", value: "note", help: "A note.")
  static let swipe = OptionSpec("swipe", value: "dx,dy", help: "Swipe.")
  static let limit = OptionSpec("limit", short: "n", value: "n", help: "Limit.")
  static let json = OptionSpec("json", help: "JSON.")
  static let three = OptionSpec("three", short: "3", help: "Three.")
  static let weeks = OptionSpec("weeks", short: "w", help: "Weeks.")
  static let db = OptionSpec("db", value: "path", help: "A file.")

  let spec = CommandSpec(
    name: "demo", abstract: "A demo.",
    arguments: [ArgumentSpec("first", help: "First."), ArgumentSpec("rest", help: "Rest.", takesRest: true)],
    options: [note, swipe, limit, json, three, weeks, db])

  private func parse(_ words: [String]) throws(UsageError) -> ParsedArguments {
    try ArgumentParser(spec: spec).parse(words)
  }

  @Test("values attach with a space or =, and the last one wins")
  func optionValues() throws {
    let parsed = try parse(["a", "b", "--note", "x", "--note=y", "-n", "3"])
    #expect(parsed.value(Self.note) == "y")
    #expect(parsed.value(Self.limit) == "3")
    #expect(try parse(["a", "b", "-n7"]).value(Self.limit) == "7")
  }

  @Test("the word after an option is its value, even a negative number")
  func negativeValues() throws {
    #expect(try parse(["a", "b", "--swipe", "-5,-5"]).value(Self.swipe) == "-5,-5")
    #expect(try parse(["a", "b", "--swipe=-5,-5"]).value(Self.swipe) == "-5,-5")
    #expect(try parse(["a", "-5", "b"]).positionals == ["a", "-5 b"])
  }

  @Test("short flags bundle as getopt bundles them; a value-taking letter takes the rest of the word")
  func bundledFlags() throws {
    let bundled = try parse(["a", "b", "-3w"])
    #expect(bundled.flag(Self.three) && bundled.flag(Self.weeks))
    let withValue = try parse(["a", "b", "-wn5"])
    #expect(withValue.flag(Self.weeks) && withValue.value(Self.limit) == "5")
    let separate = try parse(["a", "b", "-3n", "7"])
    #expect(separate.flag(Self.three) && separate.value(Self.limit) == "7")
    #expect(throws: UsageError("unknown option '-x'")) { try parse(["a", "b", "-3x"]) }
  }

  @Test("-h given as an option's value is that value, not a request for help")
  func helpAsValue() throws {
    let parsed = try parse(["a", "b", "--note", "-h"])
    #expect(!parsed.wantsHelp && parsed.value(Self.note) == "-h")
    #expect(try parse(["a", "b", "--note=--help"]).value(Self.note) == "--help")
    #expect(try parse(["a", "b", "--note", "x", "-h"]).wantsHelp)
  }

  @Test("the last argument takes the remaining words; -- ends the options")
  func restAndDoubleDash() throws {
    #expect(try parse(["a", "dentist", "at", "noon", "--json"]).positionals == ["a", "dentist at noon"])
    #expect(try parse(["a", "--", "--not-an-option"]).positionals == ["a", "--not-an-option"])
  }

  @Test("mistakes name the problem the way swift-argument-parser does")
  func errors() throws {
    #expect(throws: UsageError("unknown option '--nite' (did you mean '--note'?)")) {
      try parse(["a", "b", "--nite", "x"])
    }
    #expect(throws: UsageError("unknown option '--colour'")) { try parse(["a", "b", "--colour"]) }
    #expect(throws: UsageError("missing value for '--note <note>'")) { try parse(["a", "b", "--note"]) }
    #expect(throws: UsageError("missing expected argument '<rest>'")) { try parse(["a"]) }
    #expect(throws: UsageError("the option '--json' takes no value")) { try parse(["a", "b", "--json=1"]) }
    // A value left out before another option is not a file or a text named after it (`--note --db x` would
    // add to the default calendar); written attached, or as a path, it is one. Other words may be anything.
    #expect(
      throws: UsageError(
        "missing value for '--db <path>' ('--json' is an option; for a file of that name, write ./--json)")
    ) { try parse(["a", "b", "--db", "--json"]) }
    #expect(
      throws: UsageError(
        "missing value for '--note <note>' ('--db' is an option; for a value of that text, write --note=--db)")
    ) { try parse(["a", "b", "--note", "--db", "x"]) }
    // The same with the next option's value attached (the fuzzer, seed 713: `--db --location=2024-05-12`
    // added the event to a new calendar file of that name in the current folder, without its location).
    #expect(
      throws: UsageError(
        "missing value for '--db <path>' ('--note=x' is an option; for a file of that name, write ./--note=x)")
    ) { try parse(["a", "b", "--db", "--note=x"]) }
    #expect(
      throws: UsageError(
        "missing value for '--note <note>' ('--db=c.db' is an option; for a value of that text, write "
          + "--note=--db=c.db)")
    ) { try parse(["a", "b", "--note", "--db=c.db"]) }
    #expect(try parse(["a", "b", "--note", "--jsonish=1"]).values["note"] == "--jsonish=1")
    #expect(try parse(["a", "b", "--db", "./--json"]).values["db"] == "./--json")
    #expect(try parse(["a", "b", "--note=--json"]).values["note"] == "--json")
    #expect(try parse(["a", "b", "--note", "--jsonish"]).values["note"] == "--jsonish")
    #expect(try parse(["a", "b", "--note", "-h"]).values["note"] == "-h")
  }

  @Test("help wins over every other mistake")
  func helpWins() throws {
    #expect(try parse(["--nonsense", "-h"]).wantsHelp)
    #expect(try parse(["a", "b"]).wantsHelp == false)
    #expect(try parse(["-h"]).wantsHelp)
    #expect(try parse(["a", "--help"]).wantsHelp)
  }

  @Test("suggestions need a near miss")
  func suggestions() {
    #expect(EditDistance.closest(to: "lsit", among: ["list", "show", "flip"]) == "list")
    #expect(EditDistance.closest(to: "hist", among: ["list", "history"]) == "history")
    #expect(EditDistance.closest(to: "zzzzzz", among: ["list", "show"]) == nil)
    #expect(EditDistance.distance("flip", "filp") == 1)
  }
}

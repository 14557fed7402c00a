import Testing

@Suite("The interactive page without a terminal")
struct InteractiveRefusalTests {
  @Test("cal interactive and cal i refuse to run without a terminal: one clear error, exit 64")
  func notATerminal() throws {
    let cal = try CalProcess()
    defer { cal.remove() }
    for command in ["interactive", "i"] {
      let result = try cal.run([command])
      #expect(result.status == 64)
      #expect(result.stderr.hasPrefix("Error: cal interactive needs a terminal"))
      #expect(result.stdout.isEmpty)
    }
  }

  @Test("help names the command and its alias")
  func help() throws {
    let cal = try CalProcess()
    defer { cal.remove() }
    #expect(try cal.run(["help"], withDatabase: false).stdout.contains("  interactive, i "))
    let help = try cal.run(["i", "--help"], withDatabase: false)
    #expect(help.status == 0 && help.stdout.contains("USAGE: cal interactive"))
  }
}

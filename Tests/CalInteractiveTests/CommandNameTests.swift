import Testing

@testable import CalCLI

/// `CalApp.command(named:)` answers a word that does not start with a lower-case letter without building any
/// command's spec: that holds only while every command's name and alias starts with one.
@Suite("Command names")
struct CommandNameTests {
  @Test("every command's name and alias starts with a lower-case letter, and is found by it")
  func names() {
    for command in CalApp.commands {
      for name in command.spec.names {
        #expect(name.first.map { ("a"..."z").contains($0) } == true, "\(name)")
        #expect(CalApp.command(named: name) == nil ? false : true, "\(name)")
      }
    }
    #expect(CalApp.command(named: "--version") == nil)
    #expect(CalApp.command(named: "5") == nil)
    #expect(CalApp.command(named: "") == nil)
  }
}

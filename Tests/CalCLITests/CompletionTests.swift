import Foundation
import Testing

@Suite("Shell completion")
struct CompletionTests {
  /// What bash completes for `line` (the words typed so far, the last one being completed).
  private func complete(_ words: [String]) throws -> [String] {
    let cal = try CalProcess()
    defer { cal.remove() }
    let script = try cal.run(["completion", "bash"], withDatabase: false).stdout
    let path = cal.folder + "/cal.bash"
    try script.write(toFile: path, atomically: true, encoding: .utf8)
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let output = try shell(
      "source '\(path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _cal; printf '%s\\n' \"${COMPREPLY[@]}\""
    )
    return output.split(separator: "\n").map(String.init)
  }

  @Test("bash completes commands, options, directions, colour choices and months")
  func bash() throws {
    #expect(try complete(["cal", "fl"]) == ["flip"])
    #expect(try complete(["cal", "h"]) == ["history", "help"])
    #expect(try complete(["cal", "flip", "up"]) == ["up-left", "up-right"])
    #expect(try complete(["cal", "flip", "--sw"]) == ["--swipe"])
    #expect(try complete(["cal", "show", "--color", "a"]) == ["auto", "always"])
    #expect(try complete(["cal", "goto", "2019-1"]) == ["2019-10", "2019-11", "2019-12"])
    #expect(try complete(["cal", "--db", "x.db", "show", "to"]) == ["today"])
    #expect(try complete(["cal", "add", "--no"]) == ["--note"])
    #expect(try complete(["cal", "ag"]) == ["agenda"])
    #expect(try complete(["cal", "ne"]) == ["next"])
    #expect(try complete(["cal", "next", "--j"]) == ["--json"])
    #expect(try complete(["cal", "help", "da"]) == ["dates"])
  }

  @Test("zsh and fish scripts are generated, and unknown shells refused")
  func otherShells() throws {
    let cal = try CalProcess()
    defer { cal.remove() }
    #expect(try cal.run(["completion", "zsh"], withDatabase: false).stdout.hasPrefix("#compdef cal\n"))
    #expect(try cal.run(["completion", "fish"], withDatabase: false).stdout.contains("complete -c cal"))
    let refused = try cal.run(["completion", "tcsh"], withDatabase: false)
    #expect(refused.status == 64 && refused.stderr.hasPrefix("Error: Unknown shell 'tcsh': use bash, zsh or fish\n"))
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

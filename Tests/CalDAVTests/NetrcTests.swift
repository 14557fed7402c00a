import CalDAV
import Testing

/// `~/.netrc` as curl and ftp read it.
@Suite struct NetrcTests {
  let netrc = Netrc(
    """
    # Accounts for cal sync
    machine cal.example.com login alice password "p a\\"ss\\\\word"
    machine other.example.org
      login bob # a comment after a token
      password x#y account acct
    macdef init
    machine inside.macro login no password no

    machine second.example.com login carol password "#not a comment"
    default login anonymous password guest
    machine cal.example.com login shadowed password shadowed
    """)

  func entry(
    _ host: String, _ login: String?, _ password: String?, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let found = netrc.entry(forHost: host)
    #expect(found?.login == login, sourceLocation: sourceLocation)
    #expect(found?.password == password, sourceLocation: sourceLocation)
  }

  @Test func entriesByHost() {
    entry("cal.example.com", "alice", #"p a"ss\word"#)
    entry("CAL.Example.com", "alice", #"p a"ss\word"#)
    entry("other.example.org", "bob", "x#y")
    entry("second.example.com", "carol", "#not a comment")
    entry("inside.macro", "anonymous", "guest")  // a macro body is not an entry
    entry("unknown.example.net", "anonymous", "guest")
    #expect(netrc.entry(forHost: "other.example.org")?.account == "acct")
  }

  @Test func noDefaultMeansNoEntry() {
    let netrc = Netrc("machine a login b password c")
    #expect(netrc.entry(forHost: "z") == nil)
    #expect(netrc.machines == [NetrcEntry(machine: "a", login: "b", password: "c")])
  }

  @Test func brokenFilesYieldWhatCanBeRead() {
    #expect(Netrc("").machines.isEmpty)
    #expect(Netrc("machine").machines == [NetrcEntry(machine: "")])
    #expect(Netrc(#"machine h login "unterminated"#).entry(forHost: "h")?.login == "unterminated")
    #expect(Netrc("login x password y").machines.isEmpty)
  }

  @Test func printingNeverShowsThePassword() {
    let entry = NetrcEntry(machine: "h", login: "u", password: "hunter2")
    #expect(!"\(entry)".contains("hunter2"))
    let credentials = CalDAVCredentials(user: "u", password: "hunter2")
    #expect(!"\(credentials)".contains("hunter2"))
    #expect(!String(reflecting: credentials).contains("hunter2"))
    var dumped = ""
    dump(credentials, to: &dumped)
    #expect(!dumped.contains("hunter2"))
  }
}

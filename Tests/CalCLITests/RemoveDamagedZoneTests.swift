import Testing

/// An event another program gave a zone this system lacks cannot be listed, but it can be removed: that is
/// the way out, and the removal says what it removed without the times it cannot work out (found by
/// `Scripts/fuzz --seed 839`, where the removal was made and the command then failed).
@Suite("Removing an event in an unknown zone")
struct RemoveDamagedZoneTests {
  @Test(arguments: [false, true])
  func removedAndSaid(json: Bool) throws {
    let cal = try PinnedCal()
    defer { cal.remove() }
    try cal.setUp([
      ["add", "2024-05-13", "call", "--at", "9:00", "--tz", "Europe/Berlin"],
      ["add", "2024-05-14", "standup", "--at", "9:00", "--tz", "Europe/Berlin", "--repeat", "daily"],
    ])
    try cal.process.tamper("UPDATE events SET time_zone = '/dev/zero'")
    let list = try cal.run(["list", "2024-05"])
    #expect(list.status == 1 && list.stderr.contains("'/dev/zero', which this system does not know"))

    let problem = "an event uses the time zone '/dev/zero', which this system does not know"
    let flag = json ? ["--json"] : []
    let occurrence = try cal.run(["rm", "2@2024-05-15"] + flag)
    #expect(occurrence.status == 0, "\(occurrence.stderr)")
    let removed = try cal.run(["rm", "1"] + flag)
    #expect(removed.status == 0, "\(removed.stderr)")
    if json {
      #expect(removed.stdout == #"{"id":1,"title":"call","problem":"\#(problem)"}"# + "\n")
    } else {
      #expect(
        occurrence.stdout
          == "Removed the 2024-05-15 occurrence of: #2  standup (its time cannot be shown: \(problem))\n")
      #expect(removed.stdout == "Removed: #1  call (its time cannot be shown: \(problem))\n")
    }
    #expect(try cal.run(["rm", "2"]).status == 0)
    try cal.expect(["list", "2024-05"], prints: "No events in May 2024.\n")
    // Each removal is a change of its own, undone as any other.
    #expect(try cal.run(["log", "--limit", "3"]).stdout.split(separator: "\n").count == 3)
  }

  @Test("a zone's name that holds control characters is shown harmlessly (Scripts/fuzz --seed 844)")
  func controlCharacters() throws {
    let cal = try PinnedCal()
    defer { cal.remove() }
    try cal.setUp([["add", "2024-05-13", "call", "--at", "9:00", "--tz", "Europe/Berlin"]])
    try cal.process.tamper("UPDATE events SET time_zone = CAST(X'1B5B33316D' AS TEXT)")
    let removed = try cal.run(["rm", "1"])
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(!removed.stdout.contains("\u{1B}"))
    #expect(
      removed.stdout.hasPrefix("Removed: #1  call (its time cannot be shown: an event uses the time zone '^[[31m'"))
  }
}

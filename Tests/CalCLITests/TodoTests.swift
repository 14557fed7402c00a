import Foundation
import Testing

/// `cal todo`: to-dos beside the events, added, listed, finished, changed and removed, every change undoable.
@Suite("To-dos")
struct TodoTests {
  let cal: PinnedCal

  init() throws {
    cal = try PinnedCal()
  }

  /// Adds the four to-dos most tests start from (the clock is Sunday 12 May 2024, 10:00 in Berlin).
  func addFour() throws {
    try cal.setUp([
      ["todo", "add", "file", "taxes", "--due", "2024-05-31", "--priority", "high"],
      ["todo", "add", "buy stamps"],
      [
        "todo", "add", "call the bank", "--due", "tomorrow", "--at", "9:30", "--note",
        "ask about the card\nand the loan",
      ],
      ["todo", "add", "renew passport", "--due", "2024-05-10", "--priority", "low"],
    ])
  }

  @Test("add prints the to-do with only the columns it fills; the title may be several words")
  func add() throws {
    try cal.expect(
      ["todo", "add", "file", "taxes", "--due", "2024-05-31", "--priority", "high"],
      prints: "Added: [ ] 2024-05-31  !!!  #1  file taxes\n")
    try cal.expect(["todo", "add", "buy stamps"], prints: "Added: [ ] #2  buy stamps\n")
    try cal.expect(
      ["todo", "add", "call", "--due", "tomorrow", "--at", "2:30pm", "--location", "Bank"],
      prints: "Added: [ ] 2024-05-13 14:30  #3  call @ Bank\n")
    // A time may follow the day in --due, as it follows the date of cal add.
    try cal.expect(
      ["todo", "add", "post", "--due", "next fri 9am"], prints: "Added: [ ] 2024-05-24 09:00  #4  post\n")
    try cal.expect(["todo", "edit", "4", "--due", "fri"], prints: "Changed: [ ] 2024-05-17 09:00  #4  post\n")
    try cal.expectRefused(
      ["todo", "add", "x", "--due", "fri 9am", "--at", "10:00"], "give the time in --due or with --at, not both")
    try cal.expectRefused(["todo", "add", "x", "--due", "fri 9h5"], "--due: 'fri 9h5' is not a day")
    try cal.expect(
      ["todo", "add", "pay", "--due", "today", "--priority", "5"],
      prints: "Added: [ ] 2024-05-12  !!  #5  pay (due today)\n")
    // An h parts hours and minutes as in French, and may end the hour: 9h is 09:00 here, a time and no title.
    try cal.expect(["todo", "add", "mail", "--due", "fri 9h"], prints: "Added: [ ] 2024-05-17 09:00  #6  mail\n")
  }

  @Test("the list: the overdue first, then by when they are due, then by priority; those without a date last")
  func listOrder() throws {
    try addFour()
    try cal.setUp([["todo", "add", "also on the 31st", "--due", "2024-05-31", "--priority", "9"]])
    try cal.expect(
      ["todo"],
      prints: """
        [ ] 2024-05-10        !    #4  renew passport (overdue)
        [ ] 2024-05-13 09:30       #3  call the bank
            ask about the card
            and the loan
        [ ] 2024-05-31        !!!  #1  file taxes
        [ ] 2024-05-31        !    #5  also on the 31st
        [ ]                        #2  buy stamps

        """)
    try cal.expect(["todo", "list"], prints: try cal.run(["todo"]).stdout)
    // Those due by the end of a day, the overdue among them.
    try cal.expect(
      ["todo", "list", "tomorrow"],
      prints: """
        [ ] 2024-05-10        !  #4  renew passport (overdue)
        [ ] 2024-05-13 09:30     #3  call the bank
            ask about the card
            and the loan

        """)
    try cal.expect(["todo", "list", "yesterday", "--done"], prints: "No finished to-dos due by 2024-05-11.\n")
    try cal.expectRefused(["todo", "list", "fri", "x"], "Unexpected argument 'x'")
  }

  @Test("a time due on another zone's clock is shown on the user's, and is overdue once it has passed")
  func zones() throws {
    try cal.expect(
      ["todo", "add", "call New York", "--due", "2024-05-12", "--at", "3:00", "--tz", "America/New_York"],
      prints: "Added: [ ] 2024-05-12 09:00  #1  call New York (overdue)\n")
    let json = try cal.run(["todo", "list", "--json"]).stdout
    #expect(json.contains("\"due\":\"2024-05-12T09:00:00+02:00\",\"timeZone\":\"America/New_York\""))
    #expect(json.contains("\"overdue\":true"))
    // 12-hour clock.
    try cal.expect(
      ["todo", "add", "tea", "--due", "2024-05-20", "--at", "16:00"], prints: "Added: [ ] 2024-05-20 4:00pm  #2  tea\n",
      environment: ["XDG_CONFIG_HOME": cal.process.folder + "/config"].merging(try twelveHourConfig()) { $1 })
  }

  /// A configuration folder whose file asks for the 12-hour clock.
  func twelveHourConfig() throws -> [String: String] {
    let folder = cal.process.folder + "/config/cal"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "time-format = 12h\n".write(toFile: folder + "/config", atomically: true, encoding: .utf8)
    return ["XDG_CONFIG_HOME": cal.process.folder + "/config"]
  }

  @Test("done, reopen and cancel mark several at once; one already so is said, not refused")
  func marking() throws {
    try addFour()
    try cal.expect(
      ["todo", "done", "4", "#2"],
      prints: """
        Done: [x] 2024-05-10  !  #4  renew passport (done 2024-05-12)
        Done: [x] #2  buy stamps (done 2024-05-12)

        """)
    try cal.expect(["todo", "done", "2"], prints: "Already done: [x] #2  buy stamps (done 2024-05-12)\n")
    try cal.expect(["todo", "cancel", "1"], prints: "Cancelled: [-] 2024-05-31  !!!  #1  file taxes\n")
    try cal.expect(
      ["todo", "list", "--done"],
      prints: """
        [-] 2024-05-31  !!!  #1  file taxes
        [x]                  #2  buy stamps (done 2024-05-12)
        [x] 2024-05-10  !    #4  renew passport (done 2024-05-12)

        """)
    try cal.expect(["todo", "reopen", "2"], prints: "Reopened: [ ] #2  buy stamps\n")
    try cal.expect(
      ["todo", "list"],
      prints: """
        [ ] 2024-05-13 09:30  #3  call the bank
            ask about the card
            and the loan
        [ ]                   #2  buy stamps

        """)
    #expect(try cal.run(["todo", "list", "--all"]).stdout.split(separator: "\n").count == 6)
  }

  @Test("edit changes what its options give and keeps the rest; \"\" removes a due date, a note or a place")
  func edit() throws {
    try addFour()
    try cal.expect(
      ["todo", "edit", "3", "--title", "call the bank again", "--priority", "medium", "--at", "11:00"],
      prints: "Changed: [ ] 2024-05-13 11:00  !!  #3  call the bank again\n")
    try cal.expect(
      ["todo", "edit", "3", "--due", "2024-05-20"],
      prints: "Changed: [ ] 2024-05-20 11:00  !!  #3  call the bank again\n")
    try cal.expect(["todo", "edit", "3", "--at", ""], prints: "Changed: [ ] 2024-05-20  !!  #3  call the bank again\n")
    try cal.expect(
      ["todo", "edit", "3", "--due", "", "--note", ""], prints: "Changed: [ ] !!  #3  call the bank again\n")
    try cal.expect(["todo", "edit", "3", "--status", "started"], prints: "Changed: [~] !!  #3  call the bank again\n")
    try cal.expect(
      ["todo", "edit", "3", "--status", "done"], prints: "Changed: [x] !!  #3  call the bank again (done 2024-05-12)\n")
    try cal.expectRefused(["todo", "edit", "3", "--at", "9:00"], "--at gives the time on the day it is due")
    try cal.expectRefused(["todo", "edit", "3"], "nothing to change")
    try cal.expectRefused(["todo", "edit", "3", "--title", " "], "the title is empty")
    try cal.expectRefused(["todo", "edit", "3", "--tz", "Europe/Paris"], "--tz goes with a time")
  }

  @Test("every change is one change of the log, which undo takes back and redo makes again")
  func undo() throws {
    try addFour()
    try cal.setUp([["todo", "done", "1", "2"], ["todo", "rm", "3"]])
    try cal.expect(
      ["log", "--limit", "2"],
      prints: """
        6  2024-05-12T10:00:00+02:00  todo      removed to-do #3 call the bank
        5  2024-05-12T10:00:00+02:00  todo      marked to-do #1 file taxes, to-do #2 buy stamps done

        """)
    try cal.setUp([["undo", "2"]])
    try cal.expect(
      ["todo"],
      prints: """
        [ ] 2024-05-10        !    #4  renew passport (overdue)
        [ ] 2024-05-13 09:30       #3  call the bank
            ask about the card
            and the loan
        [ ] 2024-05-31        !!!  #1  file taxes
        [ ]                        #2  buy stamps

        """)
    try cal.setUp([["redo"]])
    #expect(try cal.run(["todo", "list", "--done"]).stdout.contains("#2  buy stamps"))
  }

  @Test("rm removes several as one change, all or none; rm --done every finished one")
  func remove() throws {
    try addFour()
    let refused = try cal.run(["todo", "rm", "1", "9"])
    #expect(refused.status == 1 && refused.stderr == "Error: there is no to-do #9\n")
    try cal.expect(
      ["todo", "rm", "1", "2"],
      prints: """
        Removed: [ ] 2024-05-31  !!!  #1  file taxes
        Removed: [ ] #2  buy stamps

        """)
    try cal.setUp([["todo", "done", "3"], ["todo", "cancel", "4"]])
    try cal.expect(["todo"], prints: "No to-dos left to do.\n")
    let removed = try cal.run(["todo", "rm", "--done"]).stdout
    #expect(removed.hasPrefix("Removed: [x] 2024-05-13 09:30  #3  call the bank (done 2024-05-12)\n"))
    try cal.expect(["todo", "list", "--all"], prints: "No to-dos.\n")
    try cal.expect(["todo", "rm", "--done"], prints: "No finished to-dos to remove.\n")
  }

  @Test("JSON has the documented fields")
  func json() throws {
    try addFour()
    try cal.expect(
      ["todo", "add", "x", "--due", "2024-06-01", "--priority", "3", "--json"],
      prints: """
        {"id":5,"title":"x","note":null,"location":null,"due":"2024-06-01","timeZone":null,"priority":3,\
        "status":"open","completed":null,"overdue":false,"calendar":"personal"}

        """)
    let done = try cal.run(["todo", "done", "2", "--json"]).stdout
    #expect(done.contains("\"status\":\"done\",\"completed\":\"2024-05-12T10:00:00+02:00\""))
    let list = try cal.run(["todo", "list", "--json"]).stdout
    #expect(list.hasPrefix("[{\"id\":4,") && list.hasSuffix("}]\n"))
    try cal.expect(["todo", "list", "--json", "--calendar", "personal", "--done"], prints: "[\(done.dropLast())]\n")
  }

  @Test("list --format prints each to-do as the user's text, its fields in braces; nothing when none is listed")
  func format() throws {
    try addFour()
    try cal.expect(
      [
        "todo", "list", "--format",
        "{box} {marks}{title}|{due}|{due-date}|{due-time}|{priority}|{status}|{overdue}|#{id}",
      ],
      prints: """
        [ ] !renew passport|2024-05-10|2024-05-10||low|open|overdue|#4
        [ ] call the bank|2024-05-13 09:30|2024-05-13|09:30||open||#3
        [ ] !!!file taxes|2024-05-31|2024-05-31||high|open||#1
        [ ] buy stamps|||||open||#2

        """)
    // A note keeps its lines; the calendar, braces, and tabs as a shell cannot write them. Due by tomorrow's
    // end: the overdue too.
    try cal.expect(
      ["todo", "list", "tomorrow", "--format", "{{{calendar}}}\\t{title}: {note}"],
      prints: "{personal}\trenew passport: \n{personal}\tcall the bank: ask about the card\nand the loan\n")
    try cal.expect(["todo", "list", "--done", "--format", "{title}"], prints: "")
    try cal.expectRefused(
      ["todo", "list", "--format", "{summary}"],
      "--format: '{summary}' is not a field: the fields are {id}, {title}, {status}, {box}, {due}, {due-date}, "
        + "{due-time}, {priority}, {marks}, {note}, {location}, {calendar}, {overdue} (and {{ and }} for braces)")
    try cal.expectRefused(["todo", "list", "--format", "{title}", "--json"], "give --json or --format, not both")
    try cal.expectRefused(
      ["todo", "add", "x", "--format", "{title}"], "The option '--format' does not go with cal todo add")
  }

  @Test(
    "to-dos live in calendars: a subscription is refused, and rm of a calendar counts them"
  )
  func calendars() throws {
    try cal.setUp([["calendar", "add", "errands"], ["todo", "add", "milk", "--calendar", "errands"]])
    try cal.expect(["todo", "list", "--calendar", "errands"], prints: "[ ] #1  milk\n")
    try cal.expect(
      ["calendar", "list"],
      prints: """
        personal  0 events  0 to-dos  local
        errands   0 events  1 to-do   local

        """)
    #expect(
      try cal.run(["calendar", "list", "--json"]).stdout.contains(
        "\"name\":\"errands\",\"color\":null,\"kind\":\"local\",\"url\":null,\"user\":null,\"events\":0,\"todos\":1"))
    try cal.expect(
      ["todo", "list", "--calendar", "personal"], prints: "No to-dos left to do in the calendar 'personal'.\n")
    try cal.expect(["todo", "edit", "1", "--calendar", "personal"], prints: "Changed: [ ] #1  milk\n")
    try cal.expect(["todo", "list", "--calendar", "personal"], prints: "[ ] #1  milk\n")
    try cal.expectRefused(
      ["calendar", "rm", "personal"],
      "the calendar 'personal' holds 1 to-do: remove them first, or give --force to remove them with it")
    try cal.setUp([["calendar", "rm", "personal", "--force"]])
    try cal.expect(["todo", "list", "--all"], prints: "No to-dos.\n")
    try cal.setUp([["undo"]])
    try cal.expect(["todo", "list", "--all"], prints: "[ ] #1  milk\n")
    // A feed is read-only.
    try """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//test//EN\r
    END:VCALENDAR\r

    """.write(toFile: cal.process.folder + "/feed.ics", atomically: true, encoding: .utf8)
    try cal.setUp([["calendar", "add", "team", "--subscribe", "file://" + cal.process.folder + "/feed.ics"]])
    try cal.expectRefused(["todo", "add", "x", "--calendar", "team"], "the calendar 'team' is a subscription")
    try cal.expectRefused(["todo", "edit", "1", "--calendar", "team"], "the calendar 'team' is a subscription")
  }

  @Test(
    "bad input is refused with one line and changes nothing",
    arguments: [
      (["todo", "frob"], "'frob' is not something cal todo does"),
      (["todo", "add"], "the title is empty"),
      (["todo", "add", "  "], "the title is empty"),
      (["todo", "add", "x", "--at", "9:00"], "--at gives the time on the day it is due"),
      (["todo", "add", "x", "--due", "fri", "--tz", "Europe/Paris"], "--tz goes with --at"),
      (["todo", "add", "x", "--due", "2024-02-30"], "--due: '2024-02-30' is not a day"),
      (["todo", "add", "x", "--due", "fri", "--at", "25:00"], "--at: '25:00' is not a time"),
      (["todo", "add", "x", "--due", "fri", "--at", "9:00", "--tz", "Mars/Olympus"], "unknown time zone"),
      (["todo", "add", "x", "--priority", "10"], "'10' is not a priority"),
      (["todo", "add", "x", "--priority", "urgent"], "'urgent' is not a priority"),
      (["todo", "add", "x", "--due", ""], "The option '--due <date>' needs a date"),
      (["todo", "add", "x", "--status", "done"], "The option '--status' does not go with cal todo add"),
      (["todo", "list", "x"], "'x' is not a day"),
      (["todo", "list", "--all", "--done"], "give --all or --done, not both"),
      (["todo", "done"], "Missing expected argument '<id>'"),
      (["todo", "done", "x1"], "'x1' is not a to-do's id"),
      (["todo", "done", "0"], "there is no to-do #0"),
      (["todo", "done", "99999999999999999999"], "there is no to-do #99999999999999999999"),
      (["todo", "rm", "1", "--done"], "give to-do ids or --done, not both"),
      (["todo", "rm", "1", "--calendar", "personal"], "--calendar goes with cal todo rm --done"),
      (["todo", "edit", "1", "2", "--title", "x"], "Unexpected argument '2'"),
      (["todo", "edit", "1", "--status", "finished"], "'finished' is not a to-do's status"),
      (["todo", "add", "x", "--calendar", "nope"], "there is no calendar named 'nope'"),
    ])
  func refused(arguments: [String], message: String) throws {
    try addFour()
    let before = cal.process.snapshot()
    let result = try cal.run(arguments)
    #expect(result.status != 0 && result.stdout.isEmpty, "\(arguments)")
    #expect(result.stderr.hasPrefix("Error: \(message)"), "\(arguments): \(result.stderr)")
    #expect(cal.process.snapshot() == before, "\(arguments) changed the calendar")
  }
}

/// Attacks on the to-dos' edges: times a clock change skips, and the like.
@Suite("To-do edges")
struct TodoEdgeTests {
  let cal: PinnedCal

  init() throws {
    cal = try PinnedCal()
  }

  @Test(
    "a time the clocks skip or show twice: shown as the instant it stands for; add and edit say so, as cal add does")
  func timeInAGap() throws {
    // 2024-03-31 02:30 does not happen in Berlin: the clocks go from 02:00 to 03:00.
    try cal.expect(
      ["todo", "add", "gap", "--due", "2024-03-31", "--at", "02:30"],
      prints: """
        Added: [ ] 2024-03-31 03:30  #1  gap (overdue)
            02:30 does not exist on 2024-03-31 in Europe/Berlin (the clocks go forward 1h): it is due at 03:30

        """)
    let json = try cal.run(["todo", "list", "--json"]).stdout
    #expect(json.contains("\"due\":\"2024-03-31T03:30:00+02:00\""))
    // The same words as cal add's for an event, from the same code.
    let event = try cal.run(["add", "2024-03-31", "x", "--at", "02:30"]).stdout
    #expect(
      event.hasSuffix(
        " 02:30 does not exist on 2024-03-31 in Europe/Berlin (the clocks go forward 1h): it starts at 03:30\n"))
    // A time that happens twice (the clocks go back) is the first, shown as written, and said to be.
    let twice =
      "happens twice on 2024-10-27 in Europe/Berlin (the clocks go back 1h): it is due at the first, before they go back"
    try cal.expect(
      ["todo", "add", "fold", "--due", "2024-10-27", "--at", "02:30"],
      prints: "Added: [ ] 2024-10-27 02:30  #2  fold\n    02:30 \(twice)\n")
    // Through --due with a time, and through edit; another zone's clock is the one named.
    try cal.expect(
      ["todo", "edit", "2", "--due", "2024-10-27 2:15"],
      prints: "Changed: [ ] 2024-10-27 02:15  #2  fold\n    02:15 \(twice)\n")
    try cal.expect(
      ["todo", "add", "ny", "--due", "2024-03-10", "--at", "2:30", "--tz", "America/New_York"],
      prints: """
        Added: [ ] 2024-03-10 08:30  #3  ny (overdue)
            02:30 does not exist on 2024-03-10 in America/New_York (the clocks go forward 1h): it is due at 03:30

        """)
    // An edit that leaves the time says it still; JSON, marking and times the clocks show once say nothing.
    #expect(try cal.run(["todo", "edit", "1", "--title", "gap!"]).stdout.contains("\n    02:30 does not exist"))
    #expect(try cal.run(["todo", "edit", "2", "--json", "--title", "fold!"]).stdout.hasPrefix("{"))
    try cal.expect(["todo", "done", "2"], prints: "Done: [x] 2024-10-27 02:15  #2  fold! (done 2024-05-12)\n")
    try cal.expect(
      ["todo", "add", "after", "--due", "2024-10-27 3:00"], prints: "Added: [ ] 2024-10-27 03:00  #4  after\n")
    try cal.expect(
      ["todo", "edit", "4", "--due", "2024-03-31", "--at", "1:59"],
      prints: "Changed: [ ] 2024-03-31 01:59  #4  after (overdue)\n")
  }

  @Test("--tz local is the user's own clock, as for events: a to-do's time loses its zone, and keeps its hour")
  func localZone() throws {
    try cal.expect(
      ["todo", "add", "call", "--due", "2024-05-17", "--at", "10:00", "--tz", "local"],
      prints: "Added: [ ] 2024-05-17 10:00  #1  call\n")
    try cal.expect(
      ["todo", "add", "call Tokyo", "--due", "2024-05-17", "--at", "10:00", "--tz", "Asia/Tokyo"],
      prints: "Added: [ ] 2024-05-17 03:00  #2  call Tokyo\n")
    // The time stays 10:00, now on the user's clock.
    try cal.expect(["todo", "edit", "2", "--tz", "local"], prints: "Changed: [ ] 2024-05-17 10:00  #2  call Tokyo\n")
    let json = try cal.run(["todo", "list", "--json"]).stdout
    #expect(!json.contains("Asia/Tokyo"))
    try cal.setUp([["todo", "add", "post", "--due", "2024-05-20"]])
    try cal.expect(["todo", "edit", "3", "--tz", "local"], prints: "Changed: [ ] 2024-05-20  #3  post\n")
    try cal.expectRefused(["todo", "edit", "3", "--tz", "Europe/Paris"], "--tz goes with a time")
  }
}

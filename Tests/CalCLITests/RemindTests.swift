import CalStorage
import Foundation
import Glibc
import Testing

/// Reminders through the real `cal`, on a Berlin clock pinned with CAL_TEST_NOW (the tests move it between
/// runs; a running `--watch` reads it from a file the test rewrites, `CAL_TEST_NOW=@FILE`).
final class RemindTests {
  let cal: CalProcess

  init() throws {
    cal = try CalProcess()
  }

  deinit {
    cal.remove()
  }

  @discardableResult
  private func run(_ arguments: [String], at now: String = "2024-05-12T10:00:00+02:00") throws -> Subprocess.Result {
    try cal.run(arguments, at: now)
  }

  private func json(_ arguments: [String], at now: String = "2024-05-12T10:00:00+02:00") throws -> [[String: Any]] {
    let result = try run(arguments + ["--json"], at: now)
    return try #require(try CalProcess.json(result.stdout) as? [[String: Any]], "\(result.stderr)")
  }

  @Test("add and edit take --remind (repeatable), --remind-at and --no-remind; list and JSON show them")
  func options() throws {
    let added = try run(["add", "2024-05-12", "dentist", "--at", "14:30", "--remind", "15m", "--remind", "1d"])
    #expect(
      added.stdout == "Added: 2024-05-12  14:30        #1  dentist\n            reminders: 15m before, 1d before\n")
    try run(["add", "2024-05-13", "holiday", "--remind", "1d", "--remind-at", "18:00"])
    #expect(
      try run(["list", "2024-05-12..2024-05-13"]).stdout == """
        2024-05-12  14:30        #1  dentist
                    reminders: 15m before, 1d before
        2024-05-13  all day      #2  holiday
                    reminders: 1d before 18:00

        """)
    let reminders = try #require(try json(["list", "2024-05-12"]).first?["reminders"] as? [[String: Any]])
    #expect(reminders.map { $0["relativeTo"] as? String } == ["start", "start"])
    #expect(reminders.map { $0["offsetSeconds"] as? Int } == [-900, -86_400])
    #expect(reminders.map { $0["due"] as? String } == ["2024-05-12T14:15:00+02:00", "2024-05-11T14:30:00+02:00"])
    let holiday = try #require(try json(["list", "2024-05-13"]).first?["reminders"] as? [[String: Any]])
    #expect(holiday.first?["time"] as? String == "18:00")
    #expect(holiday.first?["due"] as? String == "2024-05-12T18:00:00+02:00")
    try run(["edit", "1", "--remind", "end-5m", "--remind", "2024-05-12T08:00"])
    #expect(
      try run(["list", "2024-05-12"]).stdout
        == "2024-05-12  14:30        #1  dentist\n            reminders: 5m before the end, at 2024-05-12 08:00\n")
    try run(["edit", "1", "--no-remind"])
    #expect(try run(["list", "2024-05-12"]).stdout == "2024-05-12  14:30        #1  dentist\n")
    let cases: [([String], String)] = [
      (["add", "2024-05-12", "x", "--remind", "soon"], "Error: --remind: 'soon' is not a reminder: expected 15m"),
      (
        ["add", "2024-05-12", "x", "--at", "10:00", "--remind", "5m", "--remind-at", "09:00"],
        "Error: --remind-at is for all-day events"
      ),
      (["add", "2024-05-12", "x", "--remind-at", "09:00"], "Error: --remind-at needs a reminder: give --remind too"),
      (
        ["edit", "1", "--no-remind", "--remind", "5m"], "Error: give --no-remind or --remind and --remind-at, not both"
      ),
      (
        ["add", "2024-05-12", "x", "--remind", "2024-02-30T08:00"],
        "Error: --remind: '2024-02-30T08:00' is not a reminder time"
      ),
    ]
    let before = cal.snapshot()
    for (arguments, message) in cases {
      let result = try run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
    }
    #expect(cal.snapshot() == before)
  }

  @Test("cal remind tells each due reminder once: on time, late after the machine was off, missed after a day")
  func remind() throws {
    try run([
      "add", "2024-05-12", "dentist", "--at", "14:30", "--for", "45m", "--location", "Praxis", "--remind", "15m",
    ])
    try run(["add", "2024-05-13", "standup", "--at", "09:00", "--repeat", "daily", "--remind", "5m"])
    #expect(try run(["remind"]).stdout.isEmpty)
    #expect(
      try run(["remind"], at: "2024-05-12T14:16:00+02:00").stdout
        == "Reminder (15m before): 2024-05-12  14:30-15:15  #1  dentist @ Praxis\n")
    #expect(try run(["remind"], at: "2024-05-12T14:17:00+02:00").stdout.isEmpty)
    #expect(
      try run(["remind"], at: "2024-05-13T09:30:00+02:00").stdout
        == "Late reminder (5m before, due 08:55): 2024-05-13  09:00        #2@2024-05-13  standup\n")
    let told = try json(["remind"], at: "2024-05-15T08:56:00+02:00")
    #expect(told.map { $0["outcome"] as? String } == ["missed", "on time"])
    #expect(told.map { $0["due"] as? String } == ["2024-05-14T08:55:00+02:00", "2024-05-15T08:55:00+02:00"])
    let event = try #require(told.last?["event"] as? [String: Any])
    #expect(event["occurrence"] as? String == "2024-05-15" && event["series"] as? Int == 2)
    #expect((told.last?["reminder"] as? [String: Any])?["offsetSeconds"] as? Int == -300)
    #expect(try json(["remind"], at: "2024-05-15T08:57:00+02:00").isEmpty)
  }

  @Test("a month without a run reports each reminder of each event missed once, counted, not once a day")
  func missedCounted() throws {
    let reminders = (1...20).flatMap { ["--remind", "\($0)m"] }
    for time in ["09:00", "09:30", "10:00"] {
      try run(
        ["add", "2024-04-01", "standup \(time)", "--at", time, "--repeat", "daily"] + reminders,
        at: "2024-04-01T00:00:00+02:00")
    }
    #expect(try run(["remind"], at: "2024-04-01T00:00:00+02:00").stdout.isEmpty)
    // 32 days later: a run looks 30 days back; those due more than a day ago are missed, the rest late.
    let told = try json(["remind"], at: "2024-05-12T08:00:00+02:00")
    #expect(told.count == 120)
    #expect(told.prefix(60).allSatisfy { $0["outcome"] as? String == "missed" && $0["count"] as? Int == 29 })
    #expect(told.suffix(60).allSatisfy { $0["outcome"] as? String == "late" && $0["count"] as? Int == 1 })
    let first = try #require(told.first)
    #expect(first["due"] as? String == "2024-04-12T08:40:00+02:00")
    #expect(first["lastDue"] as? String == "2024-05-10T08:40:00+02:00")
    #expect((first["event"] as? [String: Any])?["occurrence"] as? String == "2024-04-12")
    #expect(told.last?["due"] as? String == "2024-05-11T09:59:00+02:00")
    #expect(told.last?["lastDue"] as? String == "2024-05-11T09:59:00+02:00")
    #expect(try run(["remind"], at: "2024-05-12T08:01:00+02:00").stdout.isEmpty)
    // What is due now is told one by one again, each once.
    let now = try run(["remind"], at: "2024-05-12T08:42:00+02:00").stdout.split(separator: "\n")
    #expect(
      now == [
        "Reminder (20m before): 2024-05-12  09:00        #1@2024-05-12  standup 09:00",
        "Reminder (19m before): 2024-05-12  09:00        #1@2024-05-12  standup 09:00",
        "Reminder (18m before): 2024-05-12  09:00        #1@2024-05-12  standup 09:00",
      ])
  }

  @Test("--exec runs the command for reminders on time or late; one missed by more than a day is printed instead")
  func execLeavesMissed() throws {
    try run(["add", "2024-05-13", "standup", "--at", "09:00", "--repeat", "daily", "--remind", "5m"])
    #expect(try run(["remind"]).stdout.isEmpty)
    let log = cal.folder + "/told"
    let result = try run(
      ["remind", "--exec", "echo \"$CAL_OUTCOME $CAL_DUE\" >> '\(log)'"], at: "2024-05-15T09:56:00+02:00")
    #expect(
      result.stdout
        == "Missed 2 reminders (5m before, due 2024-05-13 08:55 to 2024-05-14 08:55): #1 standup\n")
    let told = Watch(pid: 0, clock: "", output: log)
    #expect(told.waitFor(1) == ["late 2024-05-15T08:55:00+02:00"])
  }

  @Test("--exec runs at most 16 commands at once: a burst of 40 reminders waits for places, with --watch and without")
  func execBurst() throws {
    // 40 events at 10:20 and 40 at 10:21, each reminding 15 minutes before.
    func burst(_ minute: Int) throws -> String {
      let events = (1...40).map { number in
        "BEGIN:VEVENT\r\nUID:burst-\(minute)-\(number)\r\nDTSTAMP:20240501T000000Z\r\n"
          + "DTSTART:20240512T10\(minute)00\r\nSUMMARY:burst \(number)\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\n"
          + "DESCRIPTION:x\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VEVENT\r\n"
      }
      return "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + events.joined() + "END:VCALENDAR\r\n"
    }
    let file = cal.folder + "/burst.ics"
    try (try burst(20) + burst(21)).write(toFile: file, atomically: true, encoding: .utf8)
    try run(["import", file])
    // Each command says when it starts and ends; the most started and not yet ended is how many ran at once.
    func mostAtOnce(_ log: String) -> (starts: Int, most: Int) {
      let lines = Watch(pid: 0, clock: "", output: log).waitFor(80)
      var (running, most) = (0, 0)
      for line in lines {
        running += line == "start" ? 1 : -1
        most = max(most, running)
      }
      return (lines.filter { $0 == "start" }.count, most)
    }
    let command = { (log: String) in "echo start >> '\(log)'; sleep 0.2; echo end >> '\(log)'" }
    let once = cal.folder + "/once"
    try run(["remind", "--exec", command(once)], at: "2024-05-12T10:05:00+02:00")
    let (starts, most) = mostAtOnce(once)
    #expect(starts == 40 && most <= 16 && most > 1, "\(starts) started, \(most) at once")

    let watched = cal.folder + "/watched-burst"
    let watch = try watch(["--exec", command(watched)], at: "2024-05-12T10:06:00+02:00")
    let (watchStarts, watchMost) = mostAtOnce(watched)
    #expect(watchStarts == 40 && watchMost <= 16 && watchMost > 1, "\(watchStarts) started, \(watchMost) at once")
    #expect(watch.stop(SIGTERM) == 0)
  }

  @Test("a reminder whose notice cannot be written (a full disk, a reader gone) is not recorded: it comes again")
  func unwrittenNotice() throws {
    try run(["add", "2024-05-12", "dentist", "--at", "14:30", "--remind", "15m"])
    let environment = ["PATH": "/usr/bin:/bin", "TZ": "Europe/Berlin", "HOME": cal.folder]
    let remind = "CAL_TEST_NOW=2024-05-12T14:16:00+02:00 '\(CalProcess.binary)' remind --db '\(cal.database)'"
    let full = try Subprocess.run(["/bin/bash", "-c", remind + " > /dev/full"], environment: environment)
    #expect(full.status == 1 && full.stderr == "Error: cannot write the output: No space left on device\n")
    // A pipe whose reader is gone before cal starts: `cal remind | true` raced `true`'s exit, and under load
    // the notice went into the pipe's buffer.
    let closedPipe =
      "import os, subprocess, sys; r, w = os.pipe(); os.close(r); print(subprocess.run(sys.argv[1:], stdout=w).returncode)"
    let gone = try Subprocess.run(
      ["/usr/bin/env", "python3", "-c", closedPipe, CalProcess.binary, "remind", "--db", cal.database],
      environment: environment.merging(["CAL_TEST_NOW": "2024-05-12T14:16:00+02:00"]) { $1 })
    #expect(gone.stdout == "141\n" && gone.stderr.isEmpty)  // 128 + SIGPIPE, as a shell reports a pipe gone
    #expect(
      try run(["remind"], at: "2024-05-12T14:16:00+02:00").stdout
        == "Reminder (15m before): 2024-05-12  14:30        #1  dentist\n")
    #expect(try run(["remind"], at: "2024-05-12T14:17:00+02:00").stdout.isEmpty)
  }

  @Test("ten cal remind started at the same moment tell each reminder exactly once")
  func concurrent() throws {
    for minute in 0..<20 {
      try run(["add", "2024-05-12", "event \(minute)", "--at", String(format: "11:%02d", minute), "--remind", "15m"])
    }
    let outputs = (0..<10).map { cal.folder + "/out\($0)" }
    let processes = try outputs.map { output in
      try Subprocess.spawn(
        [CalProcess.binary, "remind", "--json", "--db", cal.database],
        environment: ["TZ": "Europe/Berlin", "CAL_TEST_NOW": "2024-05-12T11:30:00+02:00", "HOME": cal.folder],
        stdout: output)
    }
    #expect(processes.map(Subprocess.wait) == Array(repeating: 0, count: 10))
    var titles: [String] = []
    for output in outputs {
      let text = try String(contentsOfFile: output, encoding: .utf8)
      let notices = try #require(try CalProcess.json(text) as? [[String: Any]])
      titles += notices.compactMap { ($0["event"] as? [String: Any])?["title"] as? String }
    }
    #expect(titles.count == 20)
    #expect(Set(titles).count == 20)
  }

  /// A running `cal remind --watch` on the test's clock file, its output in a file.
  private struct Watch {
    let pid: pid_t
    let clock: String
    let output: String

    /// Sets the clock the watch reads.
    func set(_ instant: String) throws {
      try Data(instant.utf8).write(to: URL(fileURLWithPath: clock + ".new"))
      // A rename, so that the watch never reads a half-written file.
      guard rename(clock + ".new", clock) == 0 else { throw POSIXError(.EIO) }
    }

    /// The lines written so far.
    func lines() -> [String] {
      let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
      return text.split(separator: "\n").map(String.init)
    }

    /// Sends `signal` and returns the exit status; a watch still running after five seconds is killed, so a
    /// test never hangs on it.
    func stop(_ signal: Int32) -> Int32 {
      kill(pid, signal)
      var status: Int32 = 0
      for _ in 0..<500 {
        if waitpid(pid, &status, WNOHANG) == pid {
          return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        }
        usleep(10_000)
      }
      kill(pid, SIGKILL)
      return Subprocess.wait(pid) + 1000
    }

    /// Waits (a few seconds at most) until there are `count` lines.
    func waitFor(_ count: Int) -> [String] {
      for _ in 0..<500 where lines().count < count { usleep(10_000) }
      return lines()
    }
  }

  private func watch(_ extra: [String], at instant: String, output name: String = "watched") throws -> Watch {
    let clock = cal.folder + "/clock"
    try Data(instant.utf8).write(to: URL(fileURLWithPath: clock))
    let output = cal.folder + "/" + name
    let pid = try Subprocess.spawn(
      [CalProcess.binary, "remind", "--watch", "--db", cal.database] + extra,
      environment: [
        "TZ": "Europe/Berlin", "CAL_TEST_NOW": "@" + clock, "HOME": cal.folder, "PATH": "/usr/bin:/bin",
        "LANG": "C.UTF-8",
      ], stdout: output, stderr: cal.folder + "/" + name + ".err")
    return Watch(pid: pid, clock: clock, output: output)
  }

  @Test("--watch sleeps until a reminder is due, wakes when the calendar or the clock changes, and ends on SIGTERM")
  func watchPrints() throws {
    try run(["add", "2024-05-12", "dentist", "--at", "10:20", "--remind", "15m"])
    let watch = try watch([], at: "2024-05-12T10:00:00+02:00")
    usleep(300_000)
    #expect(watch.lines().isEmpty)
    try watch.set("2024-05-12T10:05:00+02:00")
    #expect(watch.waitFor(1) == ["Reminder (15m before): 2024-05-12  10:20        #1  dentist"])
    // A reminder added while it watches is told at its time.
    try run(["add", "2024-05-12", "call", "--at", "10:06", "--remind", "start"], at: "2024-05-12T10:05:00+02:00")
    usleep(200_000)
    #expect(watch.lines().count == 1)
    try watch.set("2024-05-12T10:06:00+02:00")
    #expect(watch.waitFor(2).last == "Reminder (at the start): 2024-05-12  10:06        #2  call")
    #expect(watch.stop(SIGTERM) == 0)
  }

  @Test("a failed command's warning shows a title of 100 KB by its ends, as an Error: line shows a long value")
  func longTitleInAWarning() throws {
    let title = "A" + String(repeating: "b", count: 100_000) + "Z"
    try run(["add", "2024-05-12", title, "--at", "10:20", "--remind", "15m"])
    let watch = try watch(["--exec", "exit 3"], at: "2024-05-12T10:05:00+02:00")
    let errors = Watch(pid: watch.pid, clock: watch.clock, output: watch.output + ".err")
    let warning = errors.waitFor(1).first ?? ""
    #expect(watch.stop(SIGTERM) == 0)
    #expect(
      warning
        == "Warning: the command run for the reminder of #1 A\(String(repeating: "b", count: 99))…(100002 characters "
        + "in all)…\(String(repeating: "b", count: 39))Z (due 10:05) ended with exit status 3")
  }

  @Test("--watch outlasts another program holding the calendar's write lock past the busy timeout (a long import)")
  func watchOutlastsALongLock() throws {
    try run(["add", "2024-05-12", "dentist", "--at", "10:20", "--remind", "15m"])
    let watch = try watch([], at: "2024-05-12T10:00:00+02:00")
    usleep(300_000)
    // As a `cal import` of a million events holds it: longer than the five seconds a write waits.
    let holder = try Database(path: cal.database, mode: .existing)
    try holder.execute("BEGIN IMMEDIATE")
    try watch.set("2024-05-12T10:05:00+02:00")
    usleep(5_600_000)
    try holder.execute("COMMIT")
    holder.close()
    #expect(watch.waitFor(1) == ["Reminder (15m before): 2024-05-12  10:20        #1  dentist"])
    #expect(watch.stop(SIGTERM) == 0, "\((try? String(contentsOfFile: watch.output + ".err", encoding: .utf8)) ?? "")")
  }

  @Test("--watch whose reader stops reading (a full pipe) lets go of the calendar: others still write, nothing is lost")
  func watchWithAStuckReader() throws {
    // Two thousand reminders due at once: more lines than a pipe holds.
    var calendar = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
    for number in 0..<2000 {
      calendar +=
        "BEGIN:VEVENT\r\nUID:stuck-\(number)\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240512T082000Z\r\n"
        + "SUMMARY:reminder \(number)\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\n"
        + "END:VEVENT\r\n"
    }
    try Data((calendar + "END:VCALENDAR\r\n").utf8).write(to: URL(fileURLWithPath: cal.folder + "/many.ics"))
    #expect(try run(["import", cal.folder + "/many.ics"]).status == 0)
    let pipe = cal.folder + "/stuck"
    #expect(mkfifo(pipe, 0o600) == 0)
    // A reader that never reads.
    let reader = open(pipe, O_RDWR)
    defer { close(reader) }
    let watch = try watch([], at: "2024-05-12T10:06:00+02:00", output: "stuck")
    usleep(500_000)
    let added = try run(["add", "2024-05-13", "meanwhile"], at: "2024-05-12T10:06:00+02:00")
    #expect(added.status == 0, "\(added.stderr)")
    let error = { (try? String(contentsOfFile: watch.output + ".err", encoding: .utf8)) ?? "" }
    #expect(watch.stop(SIGTERM) == 1, "\(error())")
    #expect(error().hasPrefix("Error: cannot write the output: "), "\(error())")
    // Not recorded as told: they come again.
    #expect(try run(["remind"], at: "2024-05-12T10:06:00+02:00").stdout.split(separator: "\n").count == 2000)
  }

  @Test("--watch follows a calendar file renamed over its own (a restored backup): the new file's reminders are told")
  func watchFollowsAReplacedFile() throws {
    try run(["add", "2024-05-12", "old", "--at", "10:20", "--remind", "15m"])
    let backup = cal.folder + "/backup.db"
    try cal.run(
      ["add", "2024-05-12", "restored", "--at", "10:30", "--remind", "15m", "--db", backup], withDatabase: false,
      environment: ["TZ": "Europe/Berlin", "CAL_TEST_NOW": "2024-05-12T10:00:00+02:00"])
    let watch = try watch([], at: "2024-05-12T10:00:00+02:00")
    usleep(300_000)
    #expect(rename(backup, cal.database) == 0)
    try watch.set("2024-05-12T10:16:00+02:00")
    #expect(watch.waitFor(1) == ["Reminder (15m before): 2024-05-12  10:30        #1  restored"])
    #expect(watch.stop(SIGTERM) == 0)
  }

  @Test("--exec runs the command with the event in its environment, for each reminder")
  func watchRuns() throws {
    try run([
      "add", "2024-05-12", "dentist's", "--at", "10:20", "--for", "45m", "--location", "Praxis", "--remind", "15m",
    ])
    let log = cal.folder + "/log"
    let watch = try watch(
      [
        "--exec",
        "printf '%s|%s|%s|%s|%s|%s|%s|%s\\n' \"$CAL_TITLE\" \"$CAL_START\" \"$CAL_END\" \"$CAL_LOCATION\" "
          + "\"$CAL_NOTE\" \"$CAL_ID\" \"$CAL_OCCURRENCE\" \"$LANG\" >> '\(log)'",
      ],
      at: "2024-05-12T10:05:00+02:00")
    let logged = Watch(pid: watch.pid, clock: watch.clock, output: log)
    #expect(
      logged.waitFor(1) == [
        "dentist's|2024-05-12T10:20:00+02:00|2024-05-12T11:05:00+02:00|Praxis||1|2024-05-12|C.UTF-8"
      ])
    #expect(watch.stop(SIGINT) == 0)
    #expect(watch.lines().isEmpty)
  }

  @Test("--exec: a command that fails or is killed is named on standard error at once; one that hangs holds up nothing")
  func watchRunsBadCommands() throws {
    try run(["add", "2024-05-12", "fails", "--at", "10:20", "--remind", "15m"])
    try run(["add", "2024-05-12", "killed", "--at", "10:20", "--remind", "15m"])
    try run(["add", "2024-05-12", "hangs", "--at", "10:20", "--remind", "15m"])
    try run(["add", "2024-05-12", "works", "--at", "10:21", "--remind", "15m"])
    let hanging = cal.folder + "/hanging"
    let watch = try watch(
      [
        "--exec",
        "case \"$CAL_TITLE\" in fails) exit 3;; killed) kill -9 $$;; hangs) echo $$ > '\(hanging)'; exec sleep 30;; "
          + "*) echo \"$CAL_TITLE\" >> '\(cal.folder)/told';; esac",
      ],
      at: "2024-05-12T10:05:00+02:00", output: "bad")
    let errors = Watch(pid: watch.pid, clock: watch.clock, output: watch.output + ".err")
    // No change to the calendar or the clock wakes the watch: the commands' ends do.
    #expect(
      Set(errors.waitFor(2)) == [
        "Warning: the command run for the reminder of #1 fails (due 10:05) ended with exit status 3",
        "Warning: the command run for the reminder of #2 killed (due 10:05) was killed by signal 9",
      ])
    try watch.set("2024-05-12T10:06:00+02:00")
    let told = Watch(pid: watch.pid, clock: watch.clock, output: cal.folder + "/told")
    #expect(told.waitFor(1) == ["works"])
    #expect(watch.stop(SIGTERM) == 0)
    #expect(errors.lines().count == 2)
    if let pid = try? String(contentsOfFile: hanging, encoding: .utf8),
      let number = pid_t(pid.trimmingCharacters(in: .whitespacesAndNewlines))
    {
      kill(number, SIGKILL)
    }
  }

  @Test("kill -9 of --watch leaves nothing half-done: each batch of reminders is recorded whole or not at all")
  func killed() throws {
    for round in 0..<5 {
      let base = 10 + round
      for minute in 0..<20 {
        try run([
          "add", "2024-05-12", "r\(round) e\(minute)", "--at", String(format: "%02d:%02d", base, 30 + minute),
          "--remind", "30m",
        ])
      }
      let due = String(format: "2024-05-12T%02d:49:00+02:00", base)
      let watch = try watch(
        ["--exec", "echo \"$CAL_TITLE\" >> '\(cal.folder)/told'; sleep 0.01"], at: due, output: "killed\(round)")
      usleep(useconds_t(round * 40_000))
      #expect(watch.stop(SIGKILL) == 128 + SIGKILL)
      let rest = try json(["remind"], at: due).compactMap { ($0["event"] as? [String: Any])?["title"] as? String }
      #expect(rest.count == 0 || rest.count == 20, "round \(round): \(rest.count) of 20 left")
    }
    usleep(300_000)  // the commands the watches started finish
    let told = ((try? String(contentsOfFile: cal.folder + "/told", encoding: .utf8)) ?? "").split(separator: "\n")
    #expect(Set(told).count == told.count, "a reminder told twice")
    #expect(try run(["list", "2024-05-12"]).status == 0)
    #expect(try run(["add", "2024-05-12", "after"]).status == 0)
  }

  @Test("--install writes a systemd user unit that runs this cal, and says how to enable it without doing it")
  func install() throws {
    let result = try cal.run(
      ["remind", "--install", "--exec", "notify-send \"$CAL_TITLE\" 100%"], environment: ["HOME": cal.folder])
    #expect(result.status == 0, "\(result.stderr)")
    let path = cal.folder + "/.config/systemd/user/cal-remind.service"
    #expect(result.stdout.hasPrefix("Wrote \(path), a systemd user service that runs `cal remind --watch`.\n"))
    #expect(
      result.stdout.contains("systemctl --user daemon-reload && systemctl --user enable --now cal-remind.service"))
    let unit = try String(contentsOfFile: path, encoding: .utf8)
    let binary = URL(fileURLWithPath: CalProcess.binary).resolvingSymlinksInPath().path
    #expect(
      unit.contains(
        "ExecStart=\(binary) remind --watch --exec \"notify-send \\\"$$CAL_TITLE\\\" 100%%\" --db \(cal.database)\n"))
    #expect(unit.contains("[Install]\nWantedBy=default.target\n"))
    // XDG_CONFIG_HOME wins over HOME.
    let elsewhere = cal.folder + "/config"
    let again = try cal.run(["remind", "--install"], environment: ["HOME": cal.folder, "XDG_CONFIG_HOME": elsewhere])
    #expect(again.status == 0 && again.stdout.contains("notify-send"))
    #expect(FileManager.default.fileExists(atPath: elsewhere + "/systemd/user/cal-remind.service"))
    #expect(try run(["remind", "--install", "--json"]).status == 64)
  }

  /// The reminders of listed events (JSON), as `title: relativeTo offset due`.
  static func reminders(of events: [[String: Any]]) -> [String] {
    events.flatMap { event in
      ((event["reminders"] as? [[String: Any]]) ?? []).map { reminder in
        let offset = (reminder["offsetSeconds"] as? Int).map(String.init) ?? "-"
        return "\(event["title"] as? String ?? ""): \(reminder["relativeTo"] as? String ?? "") \(offset) "
          + (reminder["due"] as? String ?? "")
      }
    }
  }

  @Test("reminders are exported as VALARMs and imported back the same, all-day ones counted from midnight")
  func roundTrip() throws {
    try run(["add", "2024-05-12", "dentist", "--at", "14:30", "--for", "45m", "--remind", "15m", "--remind", "end+5m"])
    try run(["add", "2024-05-13", "holiday", "--to", "2024-05-14", "--remind", "1d", "--remind-at", "18:00"])
    try run(["add", "2024-05-14", "call", "--at", "09:00", "--tz", "America/New_York", "--remind", "2024-05-14T08:00"])
    let exported = try run(["export"]).stdout
    let lines = exported.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
    #expect(
      lines.filter { $0.hasPrefix("TRIGGER") } == [
        "TRIGGER:-PT15M", "TRIGGER;RELATED=END:PT5M", "TRIGGER:-PT6H", "TRIGGER;VALUE=DATE-TIME:20240514T060000Z",
      ])
    #expect(lines.filter { $0 == "ACTION:DISPLAY" }.count == 4)
    let original = Self.reminders(of: try json(["list", "2024-05-12..2024-05-14"]))
    let other = try CalProcess()
    defer { other.remove() }
    let file = other.folder + "/out.ics"
    try exported.write(toFile: file, atomically: true, encoding: .utf8)
    let imported = try other.run(["import", file], environment: ["TZ": "Europe/Berlin"])
    #expect(
      imported.stdout.hasPrefix("Imported \(file): 3 added, 0 updated, 0 unchanged, 0 skipped."), "\(imported.stdout)")
    let listed = try other.run(["list", "2024-05-12..2024-05-14", "--json"], environment: ["TZ": "Europe/Berlin"])
    let events = try #require(try CalProcess.json(listed.stdout) as? [[String: Any]])
    // The same moments; an all-day event's reminder now counts from midnight.
    let moments = { (lines: [String]) in
      lines.map { "\($0.prefix { $0 != ":" }) \($0.split(separator: " ").last ?? "")" }
    }
    #expect(moments(Self.reminders(of: events)) == moments(original))
    #expect(original.count == 5)  // the holiday is listed on both its days
  }

  /// The iCalendar corpus of real files, when it is there: `$CAL_ICS_CORPUS`, else `shared/ics-corpus`
  /// beside the checkout or above it.
  static let corpus: String? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
    let candidates =
      [ProcessInfo.processInfo.environment["CAL_ICS_CORPUS"]].compactMap { $0 }
      + ["../shared/ics-corpus", "../../shared/ics-corpus"].map { root.appendingPathComponent($0).standardized.path }
    return candidates.first { FileManager.default.fileExists(atPath: $0 + "/MANIFEST.tsv") }
  }()

  @Test("real files with alarms: DISPLAY ones read as reminders, EMAIL and unknown actions kept and exported as read")
  func corpusAlarms() throws {
    guard let corpus = Self.corpus else {
      print("note: the iCalendar corpus (shared/ics-corpus) is not here; its alarm files were not imported")
      return
    }
    let cases: [(file: String, window: String, exported: [String], reminders: [String])] = [
      (
        "icalendar/alarm_etar_notification.ics", "2024-10-05", [],
        [
          "event with alarms android: start -1800 2024-10-05T13:30:00+02:00",
          "event with alarms android: start -1500 2024-10-05T13:35:00+02:00",
          "event with alarms android: start -300 2024-10-05T13:55:00+02:00",
        ]
      ),
      (
        "ical4j/maritz.ics", "2025-07-01", ["ACTION:EMAIL"],
        [
          "Foobar: start -1177200 2025-06-17T09:00:00+02:00", "Foobar: start -54000 2025-06-30T09:00:00+02:00",
          "Foobar: start 0 2025-07-01T00:00:00+02:00",
        ]
      ),
      (
        "ical.net/Trigger1.ics", "2010-09-24",
        ["ACTION:EMAIL", "ACTION:X-SUNW-FLASHING"], []
      ),
      (
        "khal/non_dst_error.ics", "2023-02-03", [],
        ["Trip from Utrecht to Bruxelles Central/Brussel Centraal: start -7200 2023-02-03T13:15:00+01:00"]
      ),
    ]
    for (file, window, exported, expected) in cases {
      let calendar = try CalProcess()
      defer { calendar.remove() }
      let result = try calendar.run(["import", corpus + "/" + file], environment: ["TZ": "Europe/Berlin"])
      #expect(result.status == 0, "\(file): \(result.stderr)")
      #expect(!result.stdout.contains("VALARM"), "\(file): \(result.stdout)")
      let written = try calendar.run(["export"], environment: ["TZ": "Europe/Berlin"]).stdout
      for line in exported { #expect(written.contains(line + "\r\n"), "\(file): \(written)") }
      let listed = try calendar.run(["list", window, "--json"], environment: ["TZ": "Europe/Berlin"])
      let events = try #require(try CalProcess.json(listed.stdout) as? [[String: Any]])
      #expect(Self.reminders(of: events) == expected, "\(file)")
    }
  }
}

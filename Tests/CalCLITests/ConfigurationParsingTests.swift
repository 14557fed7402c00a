import CalCore
import Testing

@testable import CalCLI

/// The configuration file's text, parsed in-process: what each line means, and the one error a bad line gives.
@Suite("Configuration file parsing")
struct ConfigurationParsingTests {
  /// Sunday 12 May 2024, 10:00 in Berlin, as UTC milliseconds.
  private let context = CommandContext(
    now: { 1_715_500_800_000 }, environment: [:], outputIsTerminal: false, output: TextOutput(sink: { _, _ in nil }))

  private func parse(_ text: String) throws(CalError) -> Configuration {
    try Configuration.read(
      ConfigurationFile(path: "/c/config", contents: .bytes(Array(text.utf8))), context: context)
  }

  private func expectError(_ text: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
      _ = try parse(text)
      Issue.record("'\(text)' was accepted", sourceLocation: sourceLocation)
    } catch {
      #expect(error.message == message, sourceLocation: sourceLocation)
    }
  }

  @Test("keys and values are trimmed; blank lines and lines starting with # are comments; a value may hold #")
  func values() throws {
    let configuration = try parse(
      """
      # my settings
        week-start   =  Monday\u{20}\u{20}

      \t# indented comment
      format = #{id} {title} # not a comment
      calendar = Work stuff\r
      length = 1h30
      remind = 15m, 1d, 15m
      remind-all-day = none
      color = never
      dates = day-first
      """)
    #expect(configuration.firstWeekday == .monday)
    #expect(configuration.format == "#{id} {title} # not a comment")
    #expect(configuration.calendar == "Work stuff")
    #expect(configuration.length == "1h30")
    #expect(configuration.reminders?.map(\.offsetSeconds) == [-900, -86_400])
    #expect(configuration.allDayReminders == [])
    #expect(configuration.color == .never)
    #expect(configuration.dayBeforeMonth == true)
    #expect(configuration.source(of: .weekStart) == "/c/config:2")
    #expect(configuration.source(of: .dates) == "/c/config:11")
    let locale = configuration.applied(to: .english)
    #expect(locale.firstWeekday == .monday && locale.dayBeforeMonth == true)
  }

  @Test("defaults: no file, an empty one, and locale for week-start and dates leave the locale as it is")
  func defaults() throws {
    let none = try Configuration.read(ConfigurationFile(path: "/c/config", contents: .missing), context: context)
    #expect(none.entries.isEmpty && none.source(of: .color) == "default" && none.value(of: .weekStart) == "locale")
    #expect(try parse("").entries.isEmpty)
    let locale = CalendarLocale.english.startingWeeks(on: .saturday).withDayBeforeMonth(false)
    let applied = try parse("week-start = locale\ndates = locale\n").applied(to: locale)
    #expect(applied.firstWeekday == .saturday && applied.dayBeforeMonth == false)
  }

  @Test("time-format: 24h, 12h or locale in any case; the file's clock over the locale's, 24h without it")
  func timeFormat() throws {
    // A locale whose own clock is the 12-hour one, as en_US's: cal writes 24h unless told.
    let us = CalendarLocale(
      monthNames: CalendarLocale.english.monthNames, weekdayNames: CalendarLocale.english.weekdayNames,
      firstWeekday: .sunday, localeClock: .twelveHour)
    #expect(us.clock == .twentyFourHour)
    #expect(try parse("").applied(to: us).clock == .twentyFourHour)
    #expect(try parse("color = never").applied(to: us).clock == .twentyFourHour)
    let cases: [(String, ClockStyle, ClockStyle)] = [
      // (the value, the clock for the 12-hour locale, for the C locale)
      ("12h", .twelveHour, .twelveHour),
      ("12H", .twelveHour, .twelveHour),
      ("24h", .twentyFourHour, .twentyFourHour),
      ("locale", .twelveHour, .twentyFourHour),
      ("Locale", .twelveHour, .twentyFourHour),
    ]
    for (value, forUS, forC) in cases {
      let configuration = try parse("time-format = \(value)\n")
      #expect(configuration.applied(to: us).clock == forUS, "\(value)")
      #expect(configuration.applied(to: .english).clock == forC, "\(value)")
      #expect(configuration.source(of: .timeFormat) == "/c/config:1" && configuration.value(of: .timeFormat) == value)
    }
    #expect(try parse("").value(of: .timeFormat) == "24h")
    for value in ["12", "am/pm", "24", "h12", "12-hour", "%I:%M %p"] {
      expectError("time-format = \(value)", "/c/config:1: time-format: '\(value)' is not 24h, 12h or locale")
    }
    expectError(
      "time-format =",
      "/c/config:1: time-format needs a value: \(ConfigurationKey.timeFormat.meaning); for the default write 24h")
  }

  @Test("a remind list of thousands is refused at its 101st reminder, in far less than a second")
  func manyReminders() {
    let text = "remind = " + (1...9000).map { "\($0)m" }.joined(separator: ", ")
    let started = ContinuousClock.now
    expectError(text, "/c/config:1: remind: at most \(Reminder.maximumCount) reminders")
    // Each reminder was looked for among all before it, and only then counted: 3.5 s in a debug build.
    #expect(ContinuousClock.now - started < .milliseconds(500))
  }

  @Test("a byte order mark before the first key is none of it; color, like week-start and dates, takes any case")
  func markAndCase() throws {
    let configuration = try parse("\u{FEFF}week-start = monday\r\ncolor = NEVER\r\n")
    #expect(configuration.firstWeekday == .monday && configuration.color == .never)
    #expect(configuration.source(of: .color) == "/c/config:2")
  }

  @Test("every kind of bad line is one error naming path:line")
  func errors() {
    expectError(
      "week-strat = monday",
      "/c/config:1: unknown key 'week-strat' (did you mean 'week-start'?); the keys are calendar, week-start, "
        + "length, remind, remind-all-day, format, color, dates, time-format")
    expectError(
      "\n\nweek-start = mon2",
      "/c/config:3: week-start: 'mon2' is no weekday: use sunday, monday, tuesday, wednesday, thursday, friday, "
        + "saturday, or locale")
    expectError("color = blue", "/c/config:1: color: 'blue' is not auto, always or never")
    expectError("dates = ymd", "/c/config:1: dates: 'ymd' is not day-first, month-first or locale")
    expectError(
      "length = soon",
      "/c/config:1: length: 'soon' is not a length: write 45m, 1h, 1h30m, 1h30, 1.5h, 90 (minutes) or 2d")
    expectError(
      "remind = 15m, later",
      "/c/config:1: remind: 'later' is not a reminder: expected \(ReminderExpression.forms)")
    expectError(
      "remind = tomorrow 8am",
      "/c/config:1: remind: 'tomorrow 8am' is one fixed moment; a default reminder counts from each event: 15m, 1d, end"
    )
    expectError(
      "format = {nope}",
      "/c/config:1: format: '{nope}' is not a field: the fields are {date}, {weekday}, {time}, {start-time}, "
        + "{end-time}, {start}, {end}, {title}, {note}, {location}, {calendar}, {id}, {handle}, {repeat}, {running} "
        + "(and {{ and }} for braces)")
    expectError("color = always\n# x\ncolor = never", "/c/config:3: color is given twice (first on line 1): keep one")
    expectError(
      "color always", "/c/config:1: 'color always' is no setting: write key = value, or # before a comment")
    expectError("calendar =", "/c/config:1: calendar needs a value: \(ConfigurationKey.calendar.meaning)")
    expectError(
      "remind = ", "/c/config:1: remind needs a value: \(ConfigurationKey.remind.meaning); for the default write none")
    let latin1 = ConfigurationFile(
      path: "/c/config", contents: .bytes(Array("color = auto\n".utf8) + [0x63, 0xE9, 0x0A]))
    #expect(throws: CalError("/c/config:2: the line is not UTF-8 text")) {
      try Configuration.read(latin1, context: context)
    }
    let folder = ConfigurationFile(path: "/c", contents: .unreadable("it is a folder"))
    #expect(throws: CalError("cannot read the configuration file /c: it is a folder")) {
      try Configuration.read(folder, context: context)
    }
  }

  @Test("setting a key replaces its line, drops its repeats, keeps every other line; unsetting takes it out")
  func editing() {
    let lines = ["# mine", "color = always", "  week-start = sunday # old", "bad line", "week-start=monday"]
    #expect(
      Configuration.setting("week-start", to: "friday", in: lines)
        == ["# mine", "color = always", "week-start = friday", "bad line"])
    #expect(Configuration.setting("length", to: "1h", in: lines) == lines + ["length = 1h"])
    #expect(Configuration.setting("week-start", to: nil, in: lines) == ["# mine", "color = always", "bad line"])
    #expect(Configuration.setting("length", to: "1h", in: []) == ["length = 1h"])
  }
}

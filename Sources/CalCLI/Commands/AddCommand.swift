import CalCore
import CalService
import Glibc

/// `cal add DATE [TIME[-TIME]|TIME TIME|TIME LENGTH] TITLE [--at TIME] [--for LENGTH|--end TIME] [--to DATE] [--tz ZONE] [--repeat ...]`
struct AddCommand: Command {
  static let spec = CommandSpec(
    name: "add", abstract: "Add an event.",
    discussion: """
      Without --at the event lasts all day (--to makes it several days); with --at it starts at that time, \
      on your clock or, with --tz, on the clock of its own time zone, and is shown converted to yours.
      Repeats follow RFC 5545: a monthly event on the 31st skips months without a 31st, and a yearly \
      event on 29 February happens only in leap years. A series starts on its first day, which must be one \
      of the days it repeats on. --rrule takes any rule cal can read from a calendar file, such as \
      FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1 (the last weekday of each month) or \
      FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO (Monday of week 20).
      The title may be several words; quote it or not. Put -- before a title that starts with a dash. A date \
      of several words (next fri, in 3 days) takes the first words of the line, and a time after it is the \
      start, or the start and end: cal add fri 14:30 dentist, cal add tomorrow 9am-10:30am standup, \
      cal add fri 14:30 1h30 review (a length in hours or minutes after the time), cal add fri 9:00 10:00 \
      review (an end after it); a bare hour such as 9 is refused there: write 9:00 or 9am, or --at 9. Four \
      digits are the time (cal add fri 1400 review, as khal reads them with timeformat %H%M), unless they \
      could be a year near this one (fri 2030 dinner is refused: write 20:30, or quote the title whole). As \
      khal's new, a second date after the date is an all-day event's last day (cal add 2024-07-01 2024-07-14 \
      holiday, cal add 18.05. 25.05. holiday; 5/25 or may 25 after a first date written the same way), and the \
      words after a lone :: are the note (cal add fri 9:00 doctor :: \
      bring the card).
      --editor opens the event as a form in your editor ($VISUAL, $EDITOR or vi), as cal edit --editor \
      does, filled in from the rest of the line (the date and the title may be left out: today, and a title \
      to write); an empty title, or a form emptied of every line, adds nothing.
      """,
    arguments: [
      ArgumentSpec(
        "date",
        help: "The day: 2024-05-12, 5-12, may 12, today, tomorrow, fri, next fri, +3d, in 3 days (see cal help dates)."
      ),
      ArgumentSpec("title", help: "What happens that day.", takesRest: true),
    ],
    options: ScheduleOptions.all(for: .add) + ReminderOptions.forAdd + [
      editor, CalendarOption.target, JSONOption.option, StoreOptions.option,
    ], argumentsOptionalWith: editor)

  static let editor = OptionSpec(
    "editor",
    help: "Write the event in your editor ($VISUAL, $EDITOR or vi) as a form, filled in from the rest of the line.")

  let fields: EventFields
  let calendarName: String?
  /// The calendar typed with `--calendar`, if any (else the configuration file may name one).
  let typedCalendar: String?
  let json: Bool
  let store: StoreOptions
  /// Whether the event is written in the user's editor, as a form filled in from the line.
  let inEditor: Bool

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    let dates = DateReader(context)
    inEditor = arguments.flag(Self.editor)
    // A date of several words (next fri, in 3 days) takes the first words; the rest is the title. The editor's
    // form may be given neither: it starts on today, its title to write.
    var (day, count) =
      inEditor && arguments.words.isEmpty ? (dates.today, 0) : try dates.leadingDay(arguments.words)
    var schedule = EventSchedule(startDay: day)
    var end: TimeOfDay?
    let timeStart = count
    // With --at given, the words after the date are all title.
    if !arguments.isGiven(ScheduleOptions.at) {
      count = try Self.readTime(arguments.words, at: count, into: &schedule, end: &end, today: dates.today)
      if schedule.lengthMinutes != nil
        && (arguments.isGiven(ScheduleOptions.length) || arguments.isGiven(ScheduleOptions.end))
      {
        let given = arguments.words[timeStart..<count].concatenated(separator: " ")
        throw UsageError("'\(given)' gives the end already: leave out --for and --end")
      }
    }
    let timeEnd = count
    count = try Self.readLastDay(
      arguments.words, at: count, timeStart: timeStart, into: &schedule, dates: dates, arguments: arguments)
    // khal's `new ... TITLE :: DESCRIPTION`: the words after a lone `::` are the note.
    var titleWords = arguments.words.dropFirst(count)
    var note: String?
    if let colons = titleWords.firstIndex(of: "::") {
      if arguments.isGiven(ScheduleOptions.note) { throw UsageError("a note after :: and --note: give one of them") }
      let text = titleWords[(colons + 1)...].concatenated(separator: " ")
      note = text.isEmpty ? nil : text
      titleWords = titleWords[..<colons]
    }
    let title = titleWords.concatenated(separator: " ")
    if title.allSatisfy(\.isWhitespace) && !inEditor {
      guard count > timeStart else { throw UsageError("the title is empty: give the event a title") }
      // `cal add 18.05. 25.05.`: the last day took the last words.
      guard count == timeEnd else {
        let last = arguments.words[timeEnd..<count].concatenated(separator: " ")
        throw UsageError("the title is empty: '\(last)' was read as the last day; give the title after it")
      }
      // `cal add fri noon`: the time took the last words, which may have been meant as the title.
      let time = arguments.words[timeStart..<count].concatenated(separator: " ")
      throw UsageError(
        "the title is empty: '\(time)' was read as the time; give the title after it, or with --at all the words "
          + "after the date are the title")
    }
    var options = ScheduleOptions(arguments: arguments, dates: dates, endTime: end)
    let configuration = context.configuration
    options.defaultLength = configuration.length
    var fields = try options.apply(
      to: EventFields(title: title, note: note, schedule: schedule), newDay: nil, context: context)
    // The file's reminders are those of an event added without --remind; --remind-at applies to them too.
    let defaultReminders = fields.schedule.isAllDay ? configuration.allDayReminders : configuration.reminders
    if let defaultReminders, !arguments.isGiven(ReminderOptions.remind) { fields.reminders = defaultReminders }
    self.fields = try ReminderOptions(arguments, context: context).apply(to: fields)
    typedCalendar = try CalendarOption.parse(arguments)
    calendarName = configuration.targetCalendar(typedCalendar)
    json = arguments.flag(JSONOption.option)
    store = try StoreOptions(arguments)
  }

  /// Reads the time after the date, as khal's `new` takes it, into `schedule`, and returns where the title
  /// starts: a start (`fri 14:30 dentist`, `fri 1430 dentist`), a span (`9am-10am`), or a start and then an
  /// end (`9:00 10:00`) or a length in hours or minutes (`14:30 1h30`). An end time is also handed back as
  /// `endTime`, since ``ScheduleOptions`` reads it on the clock as it reads `--end`.
  private static func readTime(
    _ words: [String], at index: Int, into schedule: inout EventSchedule, end endTime: inout TimeOfDay?,
    today: CivilDate
  ) throws(UsageError) -> Int {
    guard index < words.count, let (start, end) = try time(words[index...], today: today) else { return index }
    schedule.startTime = start
    schedule.lengthMinutes = end.map { $0.minutes - start.minutes }
    endTime = end
    guard end == nil, index + 1 < words.count else { return index + 1 }
    let next = words[index + 1]
    if let minutes = try length(next) {
      schedule.lengthMinutes = minutes
      return index + 2
    }
    // Only an unmistakable time is an end here: `9:00 10 people` keeps `10 people` as its title.
    guard
      let span = try fourDigitTime(words[(index + 1)...], today: today)
        ?? (try? TimeExpression.leading(next)).flatMap({ $0 }),
      span.end == nil
    else { return index + 1 }
    guard span.start > start else { throw UsageError("'\(words[index]) \(next)' ends before it starts") }
    schedule.lengthMinutes = span.start.minutes - start.minutes
    endTime = span.start
    return index + 2
  }

  /// Reads a second date (`2024-05-31`) after the date, khal's `new START END` for an all-day event, into
  /// `schedule` as its last day, and returns where the title starts. Only a date no title starts with counts
  /// (see ``lastDayWordCount(_:at:timeStart:)``), so that a title such as `3-2 win` stays one; after a time it
  /// is refused, since a timed event ends by a length, and taking it as the title would hide the mistake.
  private static func readLastDay(
    _ words: [String], at index: Int, timeStart: Int, into schedule: inout EventSchedule, dates: DateReader,
    arguments: ParsedArguments
  ) throws(UsageError) -> Int {
    let count = lastDayWordCount(words, at: index, timeStart: timeStart)
    guard count > 0 else { return index }
    let word = words[index..<(index + count)].concatenated(separator: " ")
    if schedule.startTime != nil || arguments.isGiven(ScheduleOptions.at) {
      throw UsageError(
        "'\(word)' after the \(index > timeStart ? "time" : "date") would be the title's first word: a timed event "
          + "that ends on another day takes --for (such as --for 20h); quote a title that starts with a date")
    }
    if arguments.isGiven(ScheduleOptions.to) {
      throw UsageError("'\(word)' gives the last day already: leave out --to")
    }
    // Without a year it is the coming one from the first day, so that `28.12. 3.1.` runs into January; but
    // one that comes a year round (`25.05. 18.05.`) was written backwards, and is refused as a full date is.
    let yearless = !isFullDate(words[index])
    let last = try dates.day(word, yearlessFrom: schedule.startDay)
    guard last >= schedule.startDay,
      !yearless || last.year == schedule.startDay.year
        || last.daysSince1970 - schedule.startDay.daysSince1970 <= Self.longestYearlessSpan
    else {
      let hint = yearless ? ": give the last day's year for a span into the next year" : ""
      throw UsageError("'\(words[..<(index + count)].concatenated(separator: " "))' ends before it starts\(hint)")
    }
    schedule.endDay = last == schedule.startDay ? nil : last
    // A time after the last day (`18.05. 25.05. 9:00 meeting`) would begin the title of an all-day event, as
    // a last day after a time would: the event was meant timed, and is refused as that one is.
    let next = index + count
    if next < words.count, (try? TimeExpression.leading(words[next])) != nil {
      throw UsageError(
        "'\(words[next])' after the last day would be the title's first word: a span of days is all day; a timed "
          + "event that ends on another day takes --for (such as --for 2d); quote a title that starts with a time")
    }
    return next
  }

  /// The most days a second date without a year may lie after the first in the next year: half a year, so
  /// that one written before the first in the same year is refused rather than read a year on.
  private static let longestYearlessSpan = 183

  /// How many of the words at `index` are a second date, 0 when they begin the title: a date written out in
  /// full (2024-05-31, 31.05.2024), one with dots that ends with its dot (`25.05.`), which no title begins
  /// with; and, after a first date written the same way, one with a slash (`5/18 5/25`) or a month's name
  /// and a day (`may 18 may 25`), so that `fri 24/7 support` and `fri may 25 talk` keep their titles.
  private static func lastDayWordCount(_ words: [String], at index: Int, timeStart: Int) -> Int {
    guard index < words.count else { return 0 }
    let word = words[index]
    if isFullDate(word) || isDottedDay(word) { return 1 }
    let first = words[..<timeStart]
    if first.count == 1, isSlashedDay(first[0]), isSlashedDay(word) { return 1 }
    if first.count == 2, index + 1 < words.count, isMonthNameDay(first.first!, first.last!),
      isMonthNameDay(word, words[index + 1])
    {
      return 2
    }
    return 0
  }

  /// `25.05.`, `25.5.`: a day and a month of digits, each ended by a dot.
  private static func isDottedDay(_ word: String) -> Bool {
    let parts = word.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 3 && parts[2].isEmpty
      && parts.dropLast().allSatisfy { (1...2).contains($0.count) && isDigits($0) }
  }

  /// `5/18`, `18/5`: two numbers of one or two digits parted by a slash.
  private static func isSlashedDay(_ word: String) -> Bool {
    let parts = word.split(separator: "/", omittingEmptySubsequences: false)
    return parts.count == 2 && parts.allSatisfy { (1...2).contains($0.count) && isDigits($0) }
  }

  /// `may 18`, `18 may`, `18. mai`: a number of one or two digits (a dot after it or not) beside a word of
  /// letters; whether the word names a month is left to reading the day.
  private static func isMonthNameDay(_ first: String, _ second: String) -> Bool {
    func isDay(_ word: String) -> Bool {
      let digits = word.hasSuffix(".") ? word.dropLast() : Substring(word)
      return (1...2).contains(digits.count) && isDigits(digits)
    }
    func isName(_ word: String) -> Bool { !word.isEmpty && word.allSatisfy(\.isLetter) }
    return (isDay(first) && isName(second)) || (isName(first) && isDay(second))
  }

  /// Whether `text` is ASCII digits only.
  private static func isDigits(_ text: some StringProtocol) -> Bool {
    text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }

  /// Whether `word` is a date written out in full: a year of four digits, a month and a day (2024-05-31,
  /// 31.05.2024, 05/31/2024).
  private static func isFullDate(_ word: String) -> Bool {
    for separator: Character in ["-", ".", "/"] {
      var parts = word.split(separator: separator, omittingEmptySubsequences: false)
      guard parts.count == 3 else { continue }
      // The year first with dashes, last with dots and slashes.
      if separator != "-" { parts.reverse() }
      return parts[0].count == 4 && parts.dropFirst().allSatisfy { (1...2).contains($0.count) }
        && parts.allSatisfy(isDigits)
    }
    return false
  }

  /// The time four digits give after the date, as khal reads `1400` with `timeformat = %H%M`: `nil` for
  /// a word that is not four digits or no time (`2500 steps`), refused when it is also a year near today's
  /// (`2030 dinner`: 20:30, or a title about 2030?), since reading either way files the event where it is not
  /// looked for. A year far from today's (`1400 km ride`) is taken for the time, as khal takes it; the
  /// confirmation shows it, and a title quoted whole keeps it.
  private static func fourDigitTime(_ words: ArraySlice<String>, today: CivilDate) throws(UsageError)
    -> (start: TimeOfDay, end: TimeOfDay?)?
  {
    guard let word = words.first, let time = try fourDigitTime(Substring(word), in: words, today: today) else {
      return nil
    }
    return (time, nil)
  }

  /// The time of `word`, four digits among the first of `words`, as ``fourDigitTime(_:today:)`` reads it.
  private static func fourDigitTime(_ word: Substring, in words: ArraySlice<String>, today: CivilDate)
    throws(UsageError) -> TimeOfDay?
  {
    guard let time = TimeExpression.fourDigits(word), let number = Int(word) else { return nil }
    guard abs(number - today.year) > DayExpression.nearYears else {
      let title = words.prefix { $0 != "::" }.concatenated(separator: " ")
      throw UsageError(
        "'\(word)' could be the time \(time) or a year in the title: write \(time) for the time, "
          + "or quote the title whole ('\(title)') to keep it")
    }
    return time
  }

  /// The time (and end) the first of `words` gives after the date, `nil` when it begins the title.
  private static func time(_ words: ArraySlice<String>, today: CivilDate) throws(UsageError)
    -> (start: TimeOfDay, end: TimeOfDay?)?
  {
    if let time = try fourDigitTime(words, today: today) { return time }
    let word = words.first ?? ""
    let span: (start: TimeOfDay, end: TimeOfDay?)?
    do {
      span = try TimeExpression.leading(word)
    } catch {
      throw UsageError(error.description)
    }
    // The ends of a span (1400-1530) are judged as four digits alone are: 2024-2025 may be the title's years.
    if span?.end != nil {
      for end in word.split(separator: "-") { _ = try fourDigitTime(end, in: words, today: today) }
    }
    return span
  }

  /// The minutes a length after the start time gives, `nil` when the word begins the title.
  private static func length(_ word: String) throws(UsageError) -> Int? {
    do {
      return try LengthExpression.leading(word)
    } catch {
      throw UsageError(error.description)
    }
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context, for: .write)
    let event = try context.configuration.namingCalendarSource(calendarName, typed: typedCalendar) {
      inEditor ? try addInEditor(calendar, context: context) : try calendar.add(fields, calendar: calendarName)
    }
    context.print(try EventPresenter.report("Added", event, asJSON: json, calendar: calendar, context: context))
  }

  /// Opens the event the line gives as a form in the user's editor (see ``EventForm``) and adds what the text
  /// makes of it.
  ///
  /// - Throws: `CalError` when nothing is added: the title left empty, a value refused (the text is then
  ///   kept in a file the message names), the editor failed.
  private func addInEditor(_ calendar: CalendarService, context: CommandContext) throws -> EventRecord {
    // A calendar that cannot take the event is refused before the editor opens.
    try calendar.checkTarget(calendarName)
    let form = EventForm(fields, localZone: context.localZone, clock: context.locale.clock) { options in
      (try? EditCommand.change(fields, by: options, context: context))?.schedule.rule
    }
    let folder = TextEditor.folder(context.environment)
    let edited = try TextEditor(environment: context.environment).edit(
      form.text(naming: "cal add", adding: true), name: "add", in: folder, environment: context.inheritedEnvironment())
    let kept = "; your text is kept in \(TerminalText.sanitized(edited.path))"
    guard !EventForm.holdsNoField(edited.text) else {
      unlink(edited.path)
      throw CalError("nothing added: the form is empty")
    }
    let after: EventFields
    do {
      let words = try EventForm(parsing: edited.text, defaults: form).options(from: form)
      after = words.isEmpty ? fields : try EditCommand.change(fields, by: words, context: context)
    } catch {
      // The text's fault, not the command line's: no usage.
      throw CalError(error.message + kept)
    }
    guard !after.title.allSatisfy(\.isWhitespace) else {
      // As git does with an empty message: an empty title is the way to change one's mind.
      unlink(edited.path)
      throw CalError("nothing added: the title is empty")
    }
    let event: EventRecord
    do {
      event = try calendar.add(after, calendar: calendarName)
    } catch let error as ServiceError {
      throw EditCommand.keepingText(error, kept)
    }
    unlink(edited.path)
    return event
  }
}

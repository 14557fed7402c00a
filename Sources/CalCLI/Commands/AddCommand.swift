import CalCore
import CalService

/// `cal add DATE TITLE [--at TIME] [--for LENGTH|--end TIME] [--to DATE] [--tz ZONE] [--repeat ...]`
struct AddCommand: Command {
  static let spec = CommandSpec(
    name: "add", abstract: "Add an event.",
    discussion: """
      Without --at the event lasts all day (--to makes it several days); with --at it starts at that time, \
      on your clock or, with --tz, on the clock of its own time zone, and is shown converted to yours.
      Repeats follow RFC 5545: a monthly event on the 31st skips months without a 31st, and a yearly \
      event on 29 February happens only in leap years. A series starts on its first day, which must be one \
      of the days it repeats on. --rrule takes any rule cal can read from a calendar file, such as \
      FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1 (the last weekday of each month).
      The title may be several words; quote it or not. Put -- before a title that starts with a dash. A date \
      of several words (next fri, in 3 days) takes the first words of the line.
      """,
    arguments: [
      ArgumentSpec(
        "date", help: "The day: 2024-05-12, 5-12, today, tomorrow, fri, next fri, +3d, in 3 days (see cal help dates)."
      ),
      ArgumentSpec("title", help: "What happens that day.", takesRest: true),
    ],
    options: ScheduleOptions.all(for: .add) + ReminderOptions.forAdd + [
      CalendarOption.target, JSONOption.option, StoreOptions.option,
    ])

  let fields: EventFields
  let calendarName: String?
  let json: Bool
  let store: StoreOptions

  init(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) {
    let dates = DateReader(context)
    // A date of several words (next fri, in 3 days) takes the first words; the rest is the title.
    let (day, count) = try dates.leadingDay(arguments.words)
    let title = arguments.words.dropFirst(count).concatenated(separator: " ")
    if title.allSatisfy(\.isWhitespace) { throw UsageError("The title is empty: give the event a title") }
    let options = ScheduleOptions(arguments: arguments, dates: dates)
    fields = try ReminderOptions(arguments, context: context).apply(
      to: try options.apply(
        to: EventFields(title: title, schedule: EventSchedule(startDay: day)), newDay: nil, context: context))
    calendarName = try CalendarOption.parse(arguments)
    json = arguments.flag(JSONOption.option)
    store = try StoreOptions(arguments)
  }

  func run(_ context: CommandContext) throws {
    let calendar = try store.open(context, for: .write)
    let event = try calendar.add(fields, calendar: calendarName)
    context.print(try EventPresenter.report("Added", event, asJSON: json, calendar: calendar, context: context))
  }
}

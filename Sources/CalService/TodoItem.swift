public import CalCore

/// A to-do as it is shown: the stored record, with when it is due on the user's clock and whether that is
/// past.
public struct TodoItem: Sendable {
  /// The to-do as stored.
  public let record: TodoRecord
  /// Its calendar's name and colour.
  public let calendarName: String
  /// Its calendar's colour.
  public let calendarColor: CalendarColor?
  /// The day it is due, on the user's clock; `nil` without a date.
  public let dueDay: CivilDate?
  /// The time it is due that day, on the user's clock; `nil` for the day as a whole.
  public let dueTime: TimeOfDay?
  /// The instant it is due (Unix milliseconds): the time, or for a day the end of that day on the user's
  /// clock; `nil` without a date.
  public let dueInstant: Int64?
  /// Whether it is still to do and its due instant has passed.
  public let isOverdue: Bool
  /// Whether it is still to do and due today (and not yet overdue).
  public let isDueToday: Bool
  /// Whether its calendar's collection takes no to-dos (``CalendarRecord/refusesTodos``): the to-do stays on
  /// this machine, never sent to the server.
  public let staysHere: Bool
  /// The components its calendar's collection says it holds (``CalendarRecord/components``).
  public let calendarComponents: [String]?

  init(_ todo: TodoRecord, calendar: CalendarRecord?, environment: ServiceEnvironment) {
    record = todo
    calendarName = calendar?.name ?? ""
    calendarColor = calendar?.color
    staysHere = calendar?.refusesTodos ?? false
    calendarComponents = calendar?.components
    let local = environment.localZone
    var day: CivilDate?
    var time: TimeOfDay?
    var instant: Int64?
    if let due = todo.fields.due {
      day = due.day
      time = due.time
      if let dueTime = due.time {
        let localSeconds = Int64(due.day.daysSince1970) * 86_400 + Int64(dueTime.minutes) * 60
        let zone = due.timeZone.flatMap { name in name == "UTC" ? ZoneInfo.utc : try? environment.zones.zone(name) }
        let utc = (zone ?? local).utc(fromLocal: localSeconds)
        instant = utc.multipliedReportingOverflow(by: 1000).overflow ? nil : utc * 1000
        // On the user's clock: another zone's time moved to it, and a time of theirs that a clock change
        // skips shown as the instant it stands for (02:30 as 03:30), as JSON and the order read it.
        if let shown = local.wallClock(atUTC: utc) {
          day = shown.date
          time = TimeOfDay(minutes: shown.secondOfDay / 60)
        }
      } else {
        let nextMidnight = Int64(due.day.daysSince1970 + 1) * 86_400
        let utc = local.utc(fromLocal: nextMidnight)
        instant = utc.multipliedReportingOverflow(by: 1000).overflow ? nil : utc * 1000
      }
    }
    dueDay = day
    dueTime = time
    dueInstant = instant
    let pending = todo.status.isPending
    let now = environment.now()
    isOverdue = pending && instant.map { $0 <= now } == true
    isDueToday = pending && !isOverdue && day == environment.today
  }

  /// When it is due on the user's clock, its time written on `clock`: `2024-05-31`, `2024-05-31 17:00`, or
  /// nothing.
  public func dueText(on clock: ClockStyle) -> String {
    guard let day = dueDay else { return "" }
    guard let time = dueTime else { return day.description }
    return day.description + " " + time.description(on: clock)
  }

  /// The order a listing shows to-dos in (see ``CalendarService/todos(calendar:_:)``).
  static func listsBefore(_ left: TodoItem, _ right: TodoItem) -> Bool {
    let leftPending = left.record.status.isPending
    let rightPending = right.record.status.isPending
    if leftPending != rightPending { return leftPending }
    if !leftPending {
      let leftEnd = left.record.fields.completedAt ?? left.record.updatedAt
      let rightEnd = right.record.fields.completedAt ?? right.record.updatedAt
      if leftEnd != rightEnd { return leftEnd > rightEnd }
      return left.record.id < right.record.id
    }
    switch (left.dueInstant, right.dueInstant) {
    case (let l?, let r?) where l != r: return l < r
    case (.some, .none): return true
    case (.none, .some): return false
    default: break
    }
    if left.record.fields.priority != right.record.fields.priority {
      return left.record.fields.priority < right.record.fields.priority
    }
    return left.record.id < right.record.id
  }
}

/// Reminders as iCalendar alarms and back.
extension Reminder {
  /// The reminder an imported alarm stands for. An all-day event's DTSTART and DTEND are midnights, so its
  /// alarms are kept relative to 00:00, which fires them when the file meant.
  public init(_ alarm: ICSAlarm, allDay: Bool) {
    let time = allDay ? TimeOfDay(minutes: 0) : nil
    switch alarm.trigger {
    case .absolute(let instant): self.init(.at(unixSeconds: instant))
    case .relative(let seconds, let fromEnd):
      self.init(fromEnd ? .end(offsetSeconds: seconds) : .start(offsetSeconds: seconds), allDayTime: time)
    }
  }

  /// The alarm that says this reminder in iCalendar: for an all-day event, the offset counted from midnight
  /// (DTSTART, or DTEND for the end), so that every reader fires it at the same moment.
  public func alarm(allDay: Bool) -> ICSAlarm {
    let shift = allDay ? Int64((allDayTime ?? Self.defaultAllDayTime).minutes) * 60 : 0
    switch trigger {
    case .at(let instant): return ICSAlarm(.absolute(unixSeconds: instant))
    case .start(let offset): return ICSAlarm(.relative(seconds: offset + shift, fromEnd: false))
    case .end(let offset): return ICSAlarm(.relative(seconds: offset + shift, fromEnd: true))
    }
  }
}

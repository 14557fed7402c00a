/// A VALARM that `cal` reads as a reminder: when it triggers, as RFC 5545 §3.8.6.3 says it (relative to
/// DTSTART or DTEND of each occurrence, or an instant in UTC). DISPLAY and AUDIO alarms are read (both alert
/// the user at their time); EMAIL and other actions are kept with the event as they came, and written back.
public struct ICSAlarm: Equatable, Sendable {
  /// When it triggers.
  public enum Trigger: Equatable, Sendable {
    /// `seconds` after DTSTART (or, with `fromEnd`, after DTEND); negative: before.
    case relative(seconds: Int64, fromEnd: Bool)
    /// At this instant, Unix seconds (`TRIGGER;VALUE=DATE-TIME:...Z`).
    case absolute(unixSeconds: Int64)
  }

  /// When it triggers.
  public var trigger: Trigger
  /// The line its BEGIN:VALARM stands on.
  public var line: Int

  /// An alarm.
  public init(_ trigger: Trigger, line: Int = 0) {
    self.trigger = trigger
    self.line = line
  }

  /// What reading one VALARM gave: the alarm, with notes on what of it was not kept, or why it was skipped.
  public enum Reading: Equatable, Sendable {
    /// The alarm, with notes on what was approximated.
    case alarm(ICSAlarm, notes: [String])
    /// Not kept, and why.
    case skipped(String)
  }

  /// Whether the VALARM `component` is one that becomes a reminder (DISPLAY or AUDIO): the others are kept
  /// with their event as they came.
  static func isReminder(_ component: ICSComponent) -> Bool {
    let action = component.property("ACTION")?.value.trimmingSpaces().uppercased() ?? ""
    return action == "DISPLAY" || action == "AUDIO"
  }

  /// Reads one VALARM component.
  public static func read(_ component: ICSComponent) -> Reading {
    guard isReminder(component) else {
      let action = component.property("ACTION")?.value.trimmingSpaces().uppercased() ?? ""
      let name = action.isEmpty ? "alarms without an ACTION" : "\(action) alarms"
      return .skipped("\(name) are no reminders (only DISPLAY and AUDIO alarms are)")
    }
    guard let property = component.property("TRIGGER") else { return .skipped("an alarm without a TRIGGER") }
    var notes: [String] = []
    if let repeats = component.property("REPEAT"), repeats.value.trimmingSpaces() != "0" {
      notes.append("the alarm's REPEAT is not kept: it reminds once")
    }
    let value = property.value.trimmingSpaces()
    if property.parameter("VALUE")?.uppercased() == "DATE-TIME" || ICSDateTime(value) != nil {
      guard let moment = ICSDateTime(value), moment.secondOfDay != nil else {
        return .skipped("TRIGGER '\(value)' is not a date-time")
      }
      if !moment.isUTC { notes.append("TRIGGER '\(value)' has no Z; read as UTC, as RFC 5545 requires") }
      return .alarm(ICSAlarm(.absolute(unixSeconds: moment.wallSeconds), line: component.line), notes: notes)
    }
    // khal and others write the sign after the P (PT-2H): the same duration, signed.
    var seconds = ICSDuration.seconds(value)
    if seconds == nil, let sign = value.firstIndex(of: "-"), sign != value.startIndex {
      var unsigned = value
      unsigned.remove(at: sign)
      seconds = ICSDuration.seconds(unsigned).map { -$0 }
      if seconds != nil { notes.append("TRIGGER '\(value)' has its sign inside; read as -\(unsigned)") }
    }
    guard let seconds else { return .skipped("TRIGGER '\(value)' is not a duration or a date-time") }
    let fromEnd = property.parameter("RELATED")?.uppercased() == "END"
    return .alarm(ICSAlarm(.relative(seconds: seconds, fromEnd: fromEnd), line: component.line), notes: notes)
  }

  /// The VALARM's content lines, unfolded: a DISPLAY alarm whose DESCRIPTION is `description` (RFC 5545
  /// requires one).
  public func lines(description: String) -> [String] {
    let trigger: String
    switch self.trigger {
    case .relative(let seconds, let fromEnd):
      // Whole days as days (`P1D`), as calendars write a reminder the day before; read back as 86,400 seconds.
      let magnitude = Int64(seconds.magnitude)
      let days = magnitude % 86_400 == 0 ? magnitude / 86_400 : 0
      let duration = (seconds < 0 ? "-" : "") + ICSDuration.text(days: days, seconds: magnitude - days * 86_400)
      trigger = "TRIGGER" + (fromEnd ? ";RELATED=END" : "") + ":" + duration
    case .absolute(let instant):
      trigger = "TRIGGER;VALUE=DATE-TIME:" + ICSWriter.utc(instant * 1000)
    }
    return ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:\(ICSText.escaped(description))", trigger, "END:VALARM"]
  }

  /// The alarms of a VEVENT that `cal` keeps, each once; what is not kept is named in `notes`.
  static func alarms(of component: ICSComponent, notes: inout ImportNotes) -> [ICSAlarm] {
    var alarms: [ICSAlarm] = []
    // The others are kept with the event as they came (``ICSImporter/Context/keptLines(of:notes:)``).
    for child in component.components where child.name == "VALARM" && isReminder(child) {
      switch ICSAlarm.read(child) {
      case .skipped(let reason): notes.skip("VALARM", line: child.line, reason)
      case .alarm(let alarm, let approximations):
        guard !alarms.contains(where: { $0.trigger == alarm.trigger }) else {
          notes.skip("VALARM", line: child.line, "the same trigger as another alarm of the event")
          continue
        }
        // As many as add and edit take: an event kept with more could not be edited at all afterwards.
        guard alarms.count < Reminder.maximumCount else {
          notes.skip("VALARM", line: child.line, "an event keeps at most \(Reminder.maximumCount) alarms")
          continue
        }
        for note in approximations { notes.approximate(line: child.line, note) }
        alarms.append(alarm)
      }
    }
    return alarms
  }
}

/// How one VTODO becomes a to-do (RFC 5545 §3.6.2).
extension ICSImporter.Context {
  /// One VTODO as a to-do with `uid`: SUMMARY (none, or a blank one: "(no title)"), DESCRIPTION, LOCATION,
  /// DUE (read as an event's DTSTART is: a DATE, or a DATE-TIME in UTC, in a zone or floating), or DTSTART
  /// and DURATION without DUE (their sum), PRIORITY (anything but 0 to 9: none, noted), STATUS (none, or one
  /// a to-do cannot have: done when it has COMPLETED or PERCENT-COMPLETE:100, else open), COMPLETED (an
  /// instant: a value without zone read as UTC, noted; left out, noted, unless it is done) and the lines
  /// cal does not read, kept. DTSTART is kept too, as cal writes it (its zone resolved as DUE's is), first
  /// among them, so that an export can write the VTIMEZONE it names.
  ///
  /// - Throws: `ICSError` for a DUE, DTSTART, DURATION or COMPLETED that cannot be read.
  mutating func todo(_ component: ICSComponent, uid: String, notes: inout ImportNotes) throws(ICSError) -> TodoFields {
    let summary = component.property(.summary).map { Self.text($0, notes: &notes) } ?? ""
    var fields = TodoFields(
      title: summary.isBlank ? EventFields.placeholderTitle : summary,
      note: component.property(.description).map { Self.text($0, notes: &notes) }?.nonEmpty,
      location: component.property(.location).map { Self.text($0, notes: &notes) }?.nonEmpty, uid: uid)
    var start: Moment?
    if let property = component.property(.dtstart) {
      start = try moment(property.value, parameters: property, notes: &notes)
    }
    if let property = component.property("DUE") {
      let due = try moment(property.value, parameters: property, notes: &notes)
      fields.due = TodoDue(day: due.date, time: due.minute.flatMap(TimeOfDay.init(minutes:)), timeZone: due.zoneName)
      if let duration = component.property(.duration) {
        notes.approximate(line: duration.line, "DURATION beside DUE left out (RFC 5545 allows one of them)")
      }
    } else if let property = component.property(.duration) {
      let duration = try ICSDuration.parts(of: property)
      if let start, duration.days >= 0, duration.seconds >= 0 {
        fields.due = try due(after: start, duration, property)
      } else {
        notes.approximate(
          line: property.line, start == nil ? "DURATION without DTSTART left out" : "a negative DURATION left out")
      }
    }
    if let property = component.property("PRIORITY") {
      let text = property.value.trimmingSpaces()
      if let number = Int(text), let priority = TodoPriority(number) {
        fields.priority = priority
      } else {
        notes.approximate(line: property.line, "PRIORITY '\(text)' is not a number from 0 to 9: read as none (0)")
      }
    }
    try readStatus(of: component, into: &fields, notes: &notes)
    var kept = Self.keptLines(of: component, isTodo: true, notes: &notes)
    if let start {
      let line = ICSWriter.dateLine(
        "DTSTART", day: start.date, time: start.minute.flatMap(TimeOfDay.init(minutes:)), zone: start.zoneName)
      kept = kept.map { line + "\n" + $0 } ?? line
    }
    fields.keptLines = kept
    return fields
  }

  /// STATUS, COMPLETED and PERCENT-COMPLETE as the to-do's status and when it was done.
  private mutating func readStatus(of component: ICSComponent, into fields: inout TodoFields, notes: inout ImportNotes)
    throws(ICSError)
  {
    var status: TodoStatus?
    if let property = component.property(.status) {
      let text = property.value.trimmingSpaces()
      status = TodoStatus(iCalendarValue: text)
      if status == nil {
        notes.approximate(
          line: property.line,
          "STATUS '\(text)' is not one of a to-do's (NEEDS-ACTION, IN-PROCESS, COMPLETED, CANCELLED): left out")
      }
    }
    var completedAt: Int64?
    let completed = component.property("COMPLETED")
    if let completed {
      var instant: Int64?
      if let tzid = completed.parameter("TZID"), resolver.resolve(tzid) == nil,
        let value = ICSDateTime(completed.value)
      {
        // An instant in a zone cal does not know is read as UTC, as one without a zone is, and said once (not
        // as an event's time is, on the user's clock, which an import does not know).
        notes.approximate(line: completed.line, "COMPLETED in the unknown time zone '\(tzid)' read as UTC")
        instant = Int64(value.date.daysSince1970) * 86_400 + Int64(value.secondOfDay ?? 0)
      } else {
        let moment = try moment(completed.value, parameters: completed, notes: &notes)
        instant = moment.instant
        if instant == nil {
          notes.approximate(line: completed.line, "COMPLETED without a zone read as UTC")
          instant = Int64(moment.date.daysSince1970) * 86_400 + Int64(moment.minute ?? 0) * 60
        }
      }
      // Years 1 to 9999 in seconds, times 1000, stay far inside Int64.
      completedAt = instant.map { $0 * 1000 }
    }
    let percent = component.property("PERCENT-COMPLETE").flatMap { Int($0.value.trimmingSpaces()) }
    fields.status = status ?? (completed != nil || percent == 100 ? .done : .open)
    if fields.status == .done {
      fields.completedAt = completedAt
    } else if let completed {
      notes.approximate(
        line: completed.line, "COMPLETED left out: the to-do is not done (STATUS:\(fields.status.iCalendarValue))")
    }
  }

  /// When a to-do that starts at `start` and takes `duration` (nominal days, then exact seconds, as RFC 5545
  /// §3.3.6 counts them, on the start's clock) is due: a day for a DATE start.
  ///
  /// - Throws: `ICSError` at `property`'s line when that is outside the years 1 to 9999.
  private mutating func due(after start: Moment, _ duration: (days: Int64, seconds: Int64), _ property: ICSProperty)
    throws(ICSError) -> TodoDue
  {
    // ICSDuration bounds both parts by the calendar's span: nothing here can overflow.
    let outside = ICSError(
      line: property.line, "DTSTART with DURATION '\(property.value)' is due outside the years 1 to 9999")
    guard let minute = start.minute else {
      guard let day = start.date.adding(days: Int(duration.days + duration.seconds / 86_400)) else { throw outside }
      return TodoDue(day: day)
    }
    var wall = (Int64(start.date.daysSince1970) + duration.days) * 86_400 + Int64(minute) * 60
    if let name = start.zoneName, name != "UTC", case .named(_, let zone)? = resolver.resolve(name) {
      guard let local = zone.wallClock(atUTC: zone.utc(fromLocal: wall) + duration.seconds) else { throw outside }
      wall = Int64(local.date.daysSince1970) * 86_400 + Int64(local.secondOfDay)
    } else {
      wall += duration.seconds
    }
    guard let due = LocalDateTime(unixSeconds: wall, utcOffsetSeconds: 0) else { throw outside }
    return TodoDue(day: due.date, time: TimeOfDay(minutes: due.secondOfDay / 60), timeZone: start.zoneName)
  }
}

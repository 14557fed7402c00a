public import CalCore
import CalStorage

/// Adding, changing and removing events, a series, or one occurrence of a series.
extension CalendarService {
  /// Adds an event to calendar `calendar` (by default the first calendar events may be added to, normally
  /// `personal`) and returns it as stored, with its id.
  public func add(_ fields: EventFields, calendar: String? = nil) throws -> EventRecord {
    try EventValidation.check(fields, zones: environment.zones)
    try Self.checkStartFollowsRule(fields.schedule)
    return try write(recording: "add") {
      let event = try store.events.insert(fields, calendar: try targetCalendar(calendar).id, at: environment.now())
      return (event, "added \(Self.name(event)) on \(event.schedule.startDay)")
    }
  }

  /// Changes event `id`: the whole event or series, only its occurrence on `occurrence`, or (with
  /// `fromHere`) that occurrence and every following one, which then become a series of their own. With
  /// `calendar`, the event (or the following part) moves to that calendar too; one occurrence cannot.
  ///
  /// - Parameter change: what to do to the fields: it gets the event's (for a single occurrence, the
  ///   series' fields on that day; for a split, the following part's) and returns them changed. It runs
  ///   inside the write transaction; anything it throws undoes the edit and reaches the caller unchanged.
  public func edit(
    id: Int64, occurrence: CivilDate? = nil, fromHere: Bool = false, calendar: String? = nil,
    _ change: (EventFields) throws -> EventFields
  ) throws -> EditOutcome {
    try write(recording: "edit") {
      let event = try event(id: id)
      try checkWritable(event)
      let destination = try calendar.map { name in try targetCalendar(name) }
      if destination != nil {
        try Self.checkMovable(event, occurrence: fromHere ? nil : occurrence)
      }
      var outcome: EditOutcome
      do {
        if let occurrence {
          let schedule = try seriesSchedule(of: event, withOccurrenceOn: occurrence, action: "edit")
          outcome =
            fromHere
            ? try split(event, schedule: schedule, at: occurrence, change)
            : try editOccurrence(event, on: occurrence, change)
        } else {
          outcome = .changed(try update(event, with: change(event.fields)))
        }
      } catch let error where !(error is DatabaseError) && !(error is DamagedRow) {
        // A request refused for what the event already held (a zone or length another program wrote) blames
        // the row, not the options given, which may not touch it.
        throw damage(of: event) ?? error
      }
      var moved = ""
      if let destination, destination.id != outcome.event.calendarID {
        outcome = outcome.replacingEvent(with: try move(outcome.event, to: destination))
        moved = " and moved it to the calendar '\(destination.name)'"
      }
      switch outcome {
      case .changed(let saved): return (outcome, "changed \(Self.name(saved))\(moved)")
      case .changedOccurrence(_, let day, let saved):
        return (outcome, "changed the \(day) occurrence of \(Self.name(event)), now \(Self.name(saved))")
      case .split(_, let day, let following):
        return (
          outcome, "split \(Self.name(event)) on \(day); from there on it is \(Self.name(following))\(moved)"
        )
      }
    }
  }

  /// Refuses to move `event` (or its occurrence on `occurrence`) to another calendar when it cannot go alone.
  private static func checkMovable(_ event: EventRecord, occurrence: CivilDate?) throws(ServiceError) {
    if let occurrence {
      throw ServiceError(
        .invalidRequest,
        "one occurrence cannot move to another calendar: move the series (cal edit \(event.id) --calendar NAME), "
          + "or this and the following occurrences (--on \(occurrence) --from-here)")
    }
    if let parent = event.parentID {
      throw ServiceError(
        .invalidRequest,
        "event #\(event.id) is an occurrence of the series #\(parent), which it stays with: "
          + "move the series (cal edit \(parent) --calendar NAME)")
    }
  }

  /// Moves `event`, with its edited occurrences, to calendar `destination`, which must not hold its UID.
  private func move(_ event: EventRecord, to destination: CalendarRecord) throws -> EventRecord {
    if let uid = event.fields.uid, let other = try store.events.event(uid: uid, calendar: destination.id) {
      throw ServiceError(
        .invalidRequest,
        "the calendar '\(destination.name)' already holds an event with the same UID as #\(event.id): "
          + "\(Self.name(other)); remove one of them first")
    }
    // A series and an edited occurrence of it kept as an event of its own (an invitation to one occurrence)
    // are one VEVENT group and one CalDAV resource in one calendar, where an import joins them; moved
    // together they would stay apart, both shown on that day.
    if let series = event.fields.seriesLink?.uid,
      let other = try store.events.event(uid: series, calendar: destination.id)
    {
      throw ServiceError(
        .invalidRequest,
        "the calendar '\(destination.name)' holds the series \(Self.name(other)) that #\(event.id) is an edited "
          + "occurrence of; remove one of them first")
    }
    if let uid = event.fields.uid,
      let other = try store.events.linkedOccurrences(series: uid, calendar: destination.id).first
    {
      throw ServiceError(
        .invalidRequest,
        "the calendar '\(destination.name)' holds \(Self.name(other)), an edited occurrence of #\(event.id); "
          + "remove one of them first")
    }
    guard let moved = try store.events.move(id: event.id, toCalendar: destination.id, at: environment.now()) else {
      throw ServiceError(.notFound, "there is no event #\(event.id)")
    }
    return moved
  }

  /// The refusal of a change to `event` for what the event as stored already holds that cal never writes;
  /// `nil` when it holds nothing of the kind.
  private func damage(of event: EventRecord) -> ServiceError? {
    do {
      try EventValidation.check(event.fields, zones: environment.zones)
      return nil
    } catch {
      return ServiceError(
        .storage, "the calendar file has a damaged row: event #\(event.id) (\(error.message)); nothing was changed")
    }
  }

  /// `#3 dentist`: an event as the change log names it.
  static func name(_ event: EventRecord) -> String { "#\(event.id) \(event.title)" }

  /// Removes event `id` (a series with its occurrences), or only its occurrence on `occurrence`.
  public func remove(id: Int64, occurrence: CivilDate? = nil) throws -> RemovalOutcome {
    try remove([(id, occurrence)])[0]
  }

  /// Removes several events or occurrences as one change, which one undo brings back whole: all of them or,
  /// when one cannot be removed (an id that names no event), none. A target that went with one before it
  /// (an edited occurrence of a series removed earlier in the list, the series' occurrence on the day of an
  /// edited occurrence removed earlier, or the same one twice) is passed over.
  ///
  /// - Returns: what became of each target removed, in their order.
  public func remove(_ targets: [(id: Int64, occurrence: CivilDate?)]) throws -> [RemovalOutcome] {
    try write(recording: "remove") {
      // Every id is looked up first, so that one that names no event is named as such, not as gone with an
      // earlier one.
      for target in targets {
        guard try store.events.event(id: target.id) == nil else { continue }
        throw ServiceError(
          .notFound, "there is no event #\(target.id)" + (targets.count > 1 ? ": nothing was removed" : ""))
      }
      var outcomes: [RemovalOutcome] = []
      var summaries: [String] = []
      // The occurrences removed so far, by series: one given again, or the day of an edited occurrence
      // removed before (which leaves a gap), has gone already.
      var removedDays: [Int64: Set<CivilDate>] = [:]
      for (id, occurrence) in targets {
        if let occurrence, removedDays[id]?.contains(occurrence) == true { continue }
        guard let event = try store.events.event(id: id) else { continue }
        let (outcome, summary) = try removeOne(event, occurrence: occurrence)
        switch outcome {
        case .removed(let event, _):
          if let parent = event.parentID, let day = event.recurrenceDay { removedDays[parent, default: []].insert(day) }
        case .removedOccurrence(let series, let day): removedDays[series.id, default: []].insert(day)
        }
        outcomes.append(outcome)
        summaries.append(summary)
      }
      return (outcomes, summaries.concatenated(separator: "; "))
    }
  }

  /// Removes `event` or its occurrence on `occurrence`, inside the caller's write.
  private func removeOne(_ event: EventRecord, occurrence: CivilDate?) throws -> (RemovalOutcome, String) {
    let id = event.id
    try checkWritable(event)
    if let occurrence {
      _ = try seriesSchedule(of: event, withOccurrenceOn: occurrence, action: "remove")
      if let edited = try store.events.override(of: id, on: occurrence) {
        _ = try store.events.delete(id: edited.id)
      }
      try store.events.addException(eventID: id, day: occurrence)
      // An EXDATE more is a change of when the series happens (RFC 5545 §3.8.7.4).
      if event.fields.keptLines != nil {
        try store.events.setKeptLines(of: id, to: event.fields.keptLinesWithNextSequence)
      }
      return (
        .removedOccurrence(series: event, day: occurrence),
        "removed the \(occurrence) occurrence of \(Self.name(event))"
      )
    }
    let continuations = try store.events.continuations(of: id)
    _ = try store.events.delete(id: id)
    // An edited occurrence removed on its own leaves a gap in its series, not the original back.
    if let parent = event.parentID, let day = event.recurrenceDay {
      try store.events.addException(eventID: parent, day: day)
    }
    return (.removed(event, continuations: continuations), "removed \(Self.name(event))")
  }

  /// Stores `fields` as the new state of `event`, checked; a change of when it happens counts up the
  /// `SEQUENCE` of the lines kept from its source.
  private func update(_ event: EventRecord, with fields: EventFields) throws -> EventRecord {
    var fields = fields
    try EventValidation.check(fields, zones: environment.zones)
    // A series moved to a day its rule does not make (a Monday series to a Wednesday) would grow an extra
    // occurrence and count its COUNT wrongly; an imported event whose days are left as they were may stay
    // as it is, even with a new end or interval (which do not change whether its start is one of its days).
    if fields.schedule.startDay != event.schedule.startDay
      || Self.days(of: fields.schedule.rule) != Self.days(of: event.schedule.rule)
    {
      try Self.checkStartFollowsRule(fields.schedule)
    }
    let rescheduled = fields.schedule != event.schedule && fields.keptLines != nil
    if rescheduled { fields.keptLines = event.fields.keptLinesWithNextSequence }
    guard
      let saved = try store.events.update(
        id: event.id, fields, replacingKeptLines: rescheduled, at: environment.now())
    else {
      throw ServiceError(.notFound, "there is no event #\(event.id)")
    }
    return saved
  }

  /// The parts of `rule` that say which days of a period it makes: all but its interval and end.
  private static func days(of rule: RecurrenceRule?) -> RecurrenceRule? {
    rule.map {
      var days = $0
      (days.interval, days.count, days.until) = (1, nil, nil)
      return days
    }
  }

  /// Refuses a series whose first day is not one its rule makes (RFC 5545 asks DTSTART to be in step).
  static func checkStartFollowsRule(_ schedule: EventSchedule) throws(ServiceError) {
    guard let recurrence = schedule.recurrence, !recurrence.startFollowsRule else { return }
    throw ServiceError(
      .invalidRequest,
      "\(schedule.startDay) is not one of the days the series repeats on (\(recurrence.rule)): "
        + "start it on a day it repeats on, or change the days it repeats on too")
  }

  /// Checks that `day` is an occurrence of series `event` that has not been removed; returns the series'
  /// schedule.
  private func seriesSchedule(of event: EventRecord, withOccurrenceOn day: CivilDate, action: String) throws
    -> EventSchedule
  {
    let schedule = event.schedule
    guard schedule.rule != nil else {
      throw ServiceError(
        .invalidRequest, "event #\(event.id) does not repeat: \(action) #\(event.id) itself, without --on or @DATE")
    }
    guard schedule.hasOccurrence(on: day) else {
      throw ServiceError(.invalidRequest, "event #\(event.id) has no occurrence on \(day)")
    }
    if try store.events.exceptions(eventID: event.id).contains(day) {
      throw ServiceError(.notFound, "the occurrence of event #\(event.id) on \(day) was already removed")
    }
    return schedule
  }

  /// Edits one occurrence: a row of its own that replaces the series' occurrence on that day.
  private func editOccurrence(_ event: EventRecord, on day: CivilDate, _ change: (EventFields) throws -> EventFields)
    throws -> EditOutcome
  {
    if let existing = try store.events.override(of: event.id, on: day) {
      let saved = try update(existing, with: change(existing.fields))
      return .changedOccurrence(series: event.id, day: day, occurrence: saved)
    }
    var single = event.schedule
    single.endDay = single.endDay?.adding(days: day.daysSince1970 - single.startDay.daysSince1970)
    single.startDay = day
    single.rule = nil
    var fields = event.fields
    fields.schedule = single
    fields.parentID = event.id
    fields.recurrenceDay = day
    fields.uid = nil
    fields.keptLines = event.fields.keptLinesForEditedOccurrence
    var changed = try change(fields)
    // The occurrence moved is a change of when it happens, as an edit of one edited before is.
    if changed.schedule != single && changed.keptLines == fields.keptLines {
      changed.keptLines = fields.keptLinesWithNextSequence
    }
    try EventValidation.check(changed, zones: environment.zones)
    let saved = try store.events.insert(changed, calendar: event.calendarID, at: environment.now())
    return .changedOccurrence(series: event.id, day: day, occurrence: saved)
  }

  /// Edits this and every following occurrence: the series ends the day before, and a new series with the
  /// changes takes over from `day`, with the exceptions, edited occurrences and extra dates that fall in it.
  private func split(
    _ event: EventRecord, schedule: EventSchedule, at day: CivilDate, _ change: (EventFields) throws -> EventFields
  ) throws -> EditOutcome {
    guard let rule = schedule.rule, day > schedule.startDay, let dayBefore = day.adding(days: -1) else {
      return .changed(try update(event, with: change(event.fields)))
    }
    let earlier = schedule.recurrence!.occurrences(from: schedule.startDay, through: dayBefore).count
    var ending = event.fields
    ending.schedule.rule?.count = nil
    ending.schedule.rule?.until = dayBefore
    _ = try update(event, with: ending)
    var following = event.fields
    following.schedule.startDay = day
    if let endDay = schedule.endDay {
      following.schedule.endDay = endDay.adding(days: day.daysSince1970 - schedule.startDay.daysSince1970)
    }
    if let count = rule.count, count <= earlier {
      throw ServiceError(.invalidRequest, "event #\(event.id) has no occurrences from \(day) on")
    }
    following.schedule.rule?.count = rule.count.map { $0 - earlier }
    following.uid = nil  // a series of its own, with a UID of its own
    let changed = try change(following)
    try EventValidation.check(changed, zones: environment.zones)
    let saved = try store.events.insert(changed, calendar: event.calendarID, at: environment.now())
    // The edited occurrences given to the new series, a part of their own: undone first, before the new series
    // goes (its deletion would take them with it), and redone after it comes back.
    try store.changes.endPart()
    try store.events.moveExceptions(from: event.id, to: saved.id, onOrAfter: day)
    try store.events.markContinuation(saved.id, of: event.id)
    return .split(series: event.id, day: day, following: saved)
  }
}

import CalCore
import CalStorage

/// Reminders: which are due, telling each once, and when the next one is.
extension CalendarService {
  /// A reminder told more than this long after it was due is marked late (a run every minute, or a watch
  /// woken a little late, is still on time).
  static let lateAfterSeconds: Int64 = 5 * 60
  /// A reminder more than this long overdue is reported as missed instead of told.
  static let missedAfterSeconds: Int64 = 86_400
  /// How far back a run looks at most: what was due while the machine was off for longer is not reported.
  static let lookBackSeconds: Int64 = 30 * 86_400
  /// How often a run with nothing to tell still records how far it looked (each record is a write, which
  /// wakes every `cal remind --watch`).
  static let checkRecordInterval: Int64 = 3_600_000

  /// Finds the reminders due since the last run (a day back, the first time) up to now that have not been
  /// told, records them as told, and hands them to `tell` in the order they were due: all in one write
  /// transaction, so that each is told once however many runs there are at the same moment. Those due more
  /// than a day ago are told as missed, each reminder of each event once with how many times it was missed:
  /// the run that reports them records how far it looked, so no later run looks at them again, and they need
  /// no record of their own (a calendar left for a month holds no more than one is worth).
  ///
  /// Nothing here grows with the number of reminders due: the candidates are read one by one, what was
  /// missed is counted as it is found (one count for each reminder), and those told one by one are recorded
  /// as they are found, then read back in order as they are told.
  ///
  /// - Parameters:
  ///   - tell: hands each notice on (prints it), in the transaction that records it: when it throws (the
  ///     output could not be written) or the process ends in it (its reader went away), nothing is recorded,
  ///     and the reminders come again next time instead of being lost.
  ///   - finish: called after the last notice, in the same transaction, when there was one: where the output
  ///     is handed on, so that output that cannot be written records nothing either.
  /// - Returns: how many notices were told.
  @discardableResult
  public func deliverDueReminders(
    _ tell: (ReminderNotice) throws -> Void = { _ in }, then finish: () throws -> Void = {}
  ) throws -> Int {
    try write {
      let now = environment.now()
      let nowSeconds = now.floorDivided(by: 1000)
      let checked = try store.reminders.checkedThrough()
      let first = max(
        (checked ?? now - Self.missedAfterSeconds * 1000).floorDivided(by: 1000), nowSeconds - Self.lookBackSeconds)
      guard first < nowSeconds else { return 0 }
      let delivered = try store.reminders.deliveries(after: first, through: nowSeconds)
      var missed: [MissedCount] = []
      var recorded = 0
      try forEachDueReminder(after: first, through: nowSeconds) { stored, item, due in
        guard !delivered.contains(DeliveryKey(reminderID: stored.id, due: due)) else { return }
        let day = item.occurrence.occurrenceDay
        guard nowSeconds - due > Self.missedAfterSeconds else {
          try store.reminders.recordDelivery(
            DeliveryKey(reminderID: stored.id, due: due), occurrence: day, at: now,
            outcome: Self.outcome(due: due, now: nowSeconds))
          recorded += 1
          return
        }
        // The dues of one reminder come together: those of the reminder read before are all counted.
        if missed.last?.reminder.id == stored.id {
          missed[missed.count - 1].add(due: due, day: day)
        } else {
          missed.append(MissedCount(stored, due: due, day: day))
        }
      }
      let count = missed.count + recorded
      if checked.map({ count > 0 || now - $0 >= Self.checkRecordInterval }) ?? true {
        try store.reminders.setCheckedThrough(max(now, checked ?? now))
        try store.reminders.forgetDeliveries(before: nowSeconds - Self.lookBackSeconds - Self.missedAfterSeconds)
      }
      guard count > 0 else { return 0 }
      let agenda = try makeAgenda(for: nil)
      // Told in the order they were due, the events come mixed: each is read once (what this holds grows with
      // the events that remind now, as the calendar does, not with their reminders).
      var events: [Int64: EventRecord?] = [:]
      func item(_ stored: StoredReminder, on day: CivilDate) throws -> AgendaItem? {
        if events[stored.eventID] == nil { events[stored.eventID] = try store.events.event(id: stored.eventID) }
        guard let event = events[stored.eventID] ?? nil else { return nil }
        return try agenda.item(event, on: day)
      }
      // Every missed one was due before any of those told one by one.
      missed.sort {
        ($0.firstDue, $0.reminder.eventID, $0.reminder.id) < ($1.firstDue, $1.reminder.eventID, $1.reminder.id)
      }
      for counted in missed {
        guard let item = try item(counted.reminder, on: counted.firstDay) else { continue }
        try tell(
          ReminderNotice(
            item: item, reminder: counted.reminder.reminder, due: counted.firstDue, outcome: .missed,
            count: counted.count, lastDue: counted.lastDue))
      }
      if recorded > 0 {
        try store.reminders.forEachDelivery(recordedAt: now, after: first, through: nowSeconds) { stored, due, day in
          guard let item = try item(stored, on: day) else { return }
          try tell(
            ReminderNotice(
              item: item, reminder: stored.reminder, due: due, outcome: Self.outcome(due: due, now: nowSeconds)))
        }
      }
      try finish()
      return count
    }
  }

  /// How a reminder due at `due` is told at `now` (Unix seconds), when it is told one by one.
  private static func outcome(due: Int64, now: Int64) -> ReminderOutcome {
    now - due > lateAfterSeconds ? .late : .onTime
  }

  /// When the next reminder not yet told is due, Unix milliseconds: the earliest after now and within a day;
  /// `nil` when there is none that soon.
  public func nextReminderDue() throws -> Int64? {
    try perform {
      try store.read {
        let now = environment.now().floorDivided(by: 1000)
        let delivered = try store.reminders.deliveries(after: now, through: now + 86_400)
        var next: Int64?
        try forEachDueReminder(after: now, through: now + 86_400) { stored, _, due in
          guard !delivered.contains(DeliveryKey(reminderID: stored.id, due: due)) else { return }
          next = min(next ?? due, due)
        }
        return next.map { $0 * 1000 }
      }
    }
  }

  /// Hands `body` every reminder due from just after `first` through `last` (Unix seconds), with the
  /// occurrence it is for, as it is found: only the events whose days can hold such an occurrence are read,
  /// and each is expanded over the days its reminders reach, not further. Those of one reminder come
  /// together, in the order of its occurrences.
  private func forEachDueReminder(
    after first: Int64, through last: Int64, _ body: (StoredReminder, AgendaItem, Int64) throws -> Void
  ) throws {
    let agenda = try makeAgenda(for: nil)
    var event: EventRecord?
    try store.reminders.forEachCandidate(after: first, through: last) { stored in
      if event?.id != stored.eventID { event = try store.events.event(id: stored.eventID) }
      guard let event else { return }
      let entry = agenda.entry(event)
      guard let offset = stored.reminder.offsetSeconds else {
        // At an instant: once, whichever occurrence, listed with the first.
        if case .at(let due) = stored.reminder.trigger, due * 1000 >= stored.createdAt,
          let item = try agenda.item(event)
        {
          try body(stored, item, due)
        }
        return
      }
      // Days around the occurrences whose start or end, shifted by the offset, falls in the window.
      let firstDay = Self.day(first - offset, adding: -2, or: .first)
      let lastDay = Self.day(last - offset, adding: 2, or: .last)
      let schedule = event.schedule
      let skipped =
        schedule.rule == nil ? [] : try store.events.skippedDays(eventID: event.id, from: firstDay, through: lastDay)
      let eventZone = try schedule.timeZone.map { try agenda.zone($0) }
      for occurrence in Occurrence.occurrences(
        of: schedule, from: firstDay, through: lastDay, eventZone: eventZone, localZone: environment.localZone,
        lastOccurrence: event.lastOccurrenceDay, skipped: skipped)
      {
        let due = stored.reminder.due(for: occurrence, localZone: environment.localZone)
        guard due > first && due <= last && due * 1000 >= stored.createdAt else { continue }
        try body(stored, AgendaItem(day: occurrence.firstDay, entry: entry, occurrence: occurrence), due)
      }
    }
  }

  /// The UTC day of `instant` (Unix seconds) moved by `days`; `bound` when that leaves the calendar.
  private static func day(_ instant: Int64, adding days: Int, or bound: CivilDate) -> CivilDate {
    let number = instant.floorDivided(by: 86_400) + Int64(days)
    guard let days = Int(exactly: number) else { return bound }
    return CivilDate(daysSince1970: days) ?? bound
  }
}

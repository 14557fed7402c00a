public import CalCore

/// Reads and writes `reminders`, `reminder_deliveries` and `reminder_checks`: an event's reminders, which of
/// them have been told, and how far `cal remind` has looked.
public struct ReminderRepository {
  let database: Database

  private static let columns = "id, event_id, relative_to, offset_seconds, at, day_minute, created_at"

  /// The reminders of event `eventID`, in the order they were added.
  public func reminders(eventID: Int64) throws -> [StoredReminder] {
    try database.fetch("SELECT \(Self.columns) FROM reminders WHERE event_id = ? ORDER BY id", [eventID], stored)
  }

  /// Gives event `eventID` exactly `reminders`: those it has keep their rows (and so their deliveries), the
  /// others are removed, and new ones are added after them. Returns them in their stored order.
  func replace(eventID: Int64, with reminders: [Reminder], at milliseconds: Int64) throws -> [Reminder] {
    let existing = try self.reminders(eventID: eventID)
    for old in existing where !reminders.contains(old.reminder) {
      try database.execute("DELETE FROM reminders WHERE id = ?", [old.id])
    }
    let kept = existing.map(\.reminder).filter { reminders.contains($0) }
    let added = reminders.filter { !kept.contains($0) }
    try insert(eventID: eventID, added, at: milliseconds)
    return kept + added
  }

  /// Adds `reminders` to event `eventID`, set at `milliseconds`.
  func insert(eventID: Int64, _ reminders: [Reminder], at milliseconds: Int64) throws {
    for reminder in reminders {
      try database.execute(
        """
        INSERT INTO reminders (event_id, relative_to, offset_seconds, at, day_minute, created_at)
        VALUES (?, ?, ?, ?, ?, ?)
        """, [eventID] + StoredReminder.values(reminder) + [milliseconds])
    }
  }

  /// The reminders that may be due from just after `first` through `last` (Unix seconds): those at an instant
  /// in that time, and those of events whose days come within two days of the time less the reminder's
  /// offset. Cheap to find; the caller works out which occurrences are really due. Handed to `body` one by
  /// one as they are read, in the order of their events, so that no list of them all is built.
  public func forEachCandidate(
    after first: Int64, through last: Int64, _ body: (StoredReminder) throws -> Void
  ) throws {
    let margin: Int64 = 2 * 86_400
    try database.forEach(
      """
      SELECT r.id, r.event_id, r.relative_to, r.offset_seconds, r.at, r.day_minute, r.created_at
      FROM reminders AS r JOIN events AS e ON e.id = r.event_id
      WHERE CASE WHEN r.relative_to = 'instant' THEN r.at > ?1 AND r.at <= ?2
        ELSE e.day <= coalesce(date(?2 - r.offset_seconds + ?3, 'unixepoch'), '9999-12-31')
          AND (e.last_day IS NULL OR e.last_day >= coalesce(date(?1 - r.offset_seconds - ?3, 'unixepoch'), '0001-01-01'))
        END
      ORDER BY r.event_id, r.id
      """, [first, last, margin]
    ) { row in
      try body(try stored(row))
      return true
    }
  }

  /// The deliveries whose due time falls from just after `first` through `last`, as (reminder id, due).
  public func deliveries(after first: Int64, through last: Int64) throws -> Set<DeliveryKey> {
    var keys = Set<DeliveryKey>()
    try database.forEach("SELECT reminder_id, due FROM reminder_deliveries WHERE due > ? AND due <= ?", [first, last]) {
      keys.insert(DeliveryKey(reminderID: try $0[0], due: try $0[1]))
      return true
    }
    return keys
  }

  /// Records that reminder `key.reminderID` of the occurrence on `occurrence`, due at `key.due`, was told (or
  /// missed) at `milliseconds`. A second record of the same is ignored.
  public func recordDelivery(
    _ key: DeliveryKey, occurrence: CivilDate, at milliseconds: Int64, outcome: ReminderOutcome
  ) throws {
    try database.execute(
      """
      INSERT INTO reminder_deliveries (reminder_id, due, occurrence, delivered_at, outcome) VALUES (?, ?, ?, ?, ?)
      ON CONFLICT (reminder_id, due) DO NOTHING
      """, [key.reminderID, key.due, occurrence, milliseconds, outcome.rawValue])
  }

  /// The deliveries recorded at `milliseconds` whose due time falls from just after `first` through `last`,
  /// handed to `body` one by one in the order they were due (then by event and reminder), each as its
  /// reminder, when it was due and the occurrence's day: what one run recorded, read back in order without
  /// a list of them in memory.
  public func forEachDelivery(
    recordedAt milliseconds: Int64, after first: Int64, through last: Int64,
    _ body: (StoredReminder, Int64, CivilDate) throws -> Void
  ) throws {
    try database.forEach(
      """
      SELECT r.id, r.event_id, r.relative_to, r.offset_seconds, r.at, r.day_minute, r.created_at, d.due, d.occurrence
      FROM reminder_deliveries AS d JOIN reminders AS r ON r.id = d.reminder_id
      WHERE d.delivered_at = ? AND d.due > ? AND d.due <= ?
      ORDER BY d.due, r.event_id, r.id
      """, [milliseconds, first, last]
    ) { row in
      try body(try stored(row), try row[7], try row[8])
      return true
    }
  }

  /// Forgets deliveries due before `instant` (Unix seconds): no run looks that far back.
  public func forgetDeliveries(before instant: Int64) throws {
    try database.execute("DELETE FROM reminder_deliveries WHERE due < ?", [instant])
  }

  /// How far the last run looked, Unix milliseconds; `nil` before the first.
  public func checkedThrough() throws -> Int64? {
    try database.fetchOne("SELECT checked_through FROM reminder_checks WHERE singleton = 1") { try $0[0] as Int64 }
  }

  /// Records how far a run looked.
  public func setCheckedThrough(_ milliseconds: Int64) throws {
    try database.execute(
      """
      INSERT INTO reminder_checks (singleton, checked_through) VALUES (1, ?)
      ON CONFLICT (singleton) DO UPDATE SET checked_through = excluded.checked_through
      """, [milliseconds])
  }

  private func stored(_ row: Row) throws -> StoredReminder {
    try row.reportingDamage(of: "reminders") {
      guard
        let reminder = StoredReminder.reminder(
          relativeTo: try row[2], offset: try row[3], at: try row[4], dayMinute: try row[5])
      else {
        throw DamagedRow(
          table: "reminders", id: try row[0], columns: ["relative_to", "offset_seconds", "at", "day_minute"],
          kind: .unreadable)
      }
      return StoredReminder(id: try row[0], eventID: try row[1], reminder: reminder, createdAt: try row[6])
    }
  }
}

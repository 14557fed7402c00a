public import CalCore

/// A reminder as a row of `reminders`: its id (which deliveries refer to) and what it is.
public struct StoredReminder: Equatable, Sendable {
  /// The row's id.
  public let id: Int64
  /// The event it belongs to.
  public let eventID: Int64
  /// When it fires.
  public let reminder: Reminder
  /// When it was set, Unix milliseconds: it is never due before.
  public let createdAt: Int64

  /// A stored reminder from its parts.
  public init(id: Int64, eventID: Int64, reminder: Reminder, createdAt: Int64) {
    self.id = id
    self.eventID = eventID
    self.reminder = reminder
    self.createdAt = createdAt
  }

  /// The columns of a reminder, in the order `relative_to, offset_seconds, at, day_minute`.
  static func values(_ reminder: Reminder) -> [any DatabaseValueConvertible] {
    let minute = reminder.allDayTime?.minutes
    switch reminder.trigger {
    case .start(let offset): return ["start", offset, nil as Int64?, minute]
    case .end(let offset): return ["end", offset, nil as Int64?, minute]
    case .at(let instant): return ["instant", nil as Int64?, instant, nil as Int?]
    }
  }

  /// The reminder in `relative_to`, `offset_seconds`, `at` and `day_minute`; `nil` when they do not make one.
  static func reminder(relativeTo: String, offset: Int64?, at: Int64?, dayMinute: Int?) -> Reminder? {
    var time: TimeOfDay?
    if let dayMinute {
      guard let valid = TimeOfDay(minutes: dayMinute) else { return nil }
      time = valid
    }
    let reminder: Reminder
    switch (relativeTo, offset, at) {
    case ("start", let offset?, nil): reminder = Reminder(.start(offsetSeconds: offset), allDayTime: time)
    case ("end", let offset?, nil): reminder = Reminder(.end(offsetSeconds: offset), allDayTime: time)
    case ("instant", nil, let at?): reminder = Reminder(.at(unixSeconds: at))
    default: return nil
    }
    // The bounds the schema's CHECKs keep, which a file edited with them off may not: reported, not trusted.
    return reminder.isWithinBounds ? reminder : nil
  }

  /// The reminders of one event as one text value, `id relative_to offset-or-at day_minute` joined by commas,
  /// to be completed with a WHERE clause that picks the event.
  static let listQuery = """
    SELECT group_concat(id || ' ' || relative_to || ' ' || coalesce(offset_seconds, at) || ' ' \
    || coalesce(day_minute, '-'), ',') FROM reminders
    """

  /// The reminders in a value of `listQuery`, in the order they were added; `nil` when it cannot be read.
  static func list(_ text: String?) -> [Reminder]? {
    guard let text else { return [] }
    var reminders: [(Int64, Reminder)] = []
    for item in text.split(separator: ",") {
      let parts = item.split(separator: " ")
      guard parts.count == 4, let id = Int64(parts[0]), let value = Int64(parts[2]) else { return nil }
      let relativeTo = String(parts[1])
      let isInstant = relativeTo == "instant"
      guard
        let reminder = reminder(
          relativeTo: relativeTo, offset: isInstant ? nil : value, at: isInstant ? value : nil,
          dayMinute: parts[3] == "-" ? nil : Int(parts[3]) ?? -1)
      else { return nil }
      reminders.append((id, reminder))
    }
    return reminders.sorted { $0.0 < $1.0 }.map(\.1)
  }
}

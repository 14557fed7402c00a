import CalCore

extension EventRecord {
  /// The same record with `reminders`, as they were stored after the event's row.
  func with(reminders: [Reminder]) -> EventRecord {
    var fields = self.fields
    fields.reminders = reminders
    return EventRecord(id: id, fields: fields, lastDay: lastDay, createdAt: createdAt, updatedAt: updatedAt)
  }
}

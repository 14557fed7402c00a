import Testing

@testable import CalStorage

/// `cal remind` (every run, every wake of `--watch`) reads the deliveries due in a window and forgets those
/// due before a bound: searched by their due time, not scanned, however many 31 days of them there are.
@Suite struct ReminderDeliveriesPlanTests {
  @Test(
    "the deliveries of a window and those to forget are found through an index on due",
    arguments: [
      "SELECT reminder_id, due FROM reminder_deliveries WHERE due > ? AND due <= ?",
      """
      SELECT r.id, d.due, d.occurrence FROM reminder_deliveries AS d JOIN reminders AS r ON r.id = d.reminder_id
      WHERE d.delivered_at = ? AND d.due > ? AND d.due <= ? ORDER BY d.due, r.event_id, r.id
      """,
      "DELETE FROM reminder_deliveries WHERE due < ?",
    ])
  func searchedByDue(query: String) throws {
    let folder = try TemporaryFolder()
    let store = try CalendarStore(path: folder.file("cal.db"), now: 0)
    let arguments = Array(repeating: 0 as Int64, count: query.filter { $0 == "?" }.count)
    let plan = try store.database.fetch("EXPLAIN QUERY PLAN " + query, arguments) { try $0[3] as String }
    #expect(plan.contains { $0.hasPrefix("SEARCH") && $0.contains("reminder_deliveries_by_due") }, "\(plan)")
    #expect(!plan.contains { $0.hasPrefix("SCAN") }, "\(plan)")
  }
}
